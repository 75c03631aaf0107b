// What list_dir and list_directory (Gemini's shape of the same job) share: the names git ignores in
// a folder, and one page of its entries fitted to the call's budget, text and data at the same entry.
import type { CancellationToken } from '@toolpacks/base';
import { fitList } from '@toolpacks/registry';
import type { FittedList, ListDeclaration, ToolTokenizationOptions } from '@toolpacks/registry';
import type { SearchService } from '@toolpacks/services';

/** Entries listed per answer: a folder of 200,000 files would otherwise be one 2.4 MB result. */
export const LISTING_PAGE = 1000;

/** The names of `entries` (of `folder`, workspace-relative) that git ignores; none when search cannot tell. */
export async function ignoredNames(
  search: SearchService,
  folder: string,
  entries: readonly { readonly name: string; readonly type: string }[],
  token: CancellationToken,
): Promise<ReadonlySet<string>> {
  const asked = entries.map((e) => ({ name: e.name, isDirectory: e.type === 'directory' }));
  return (await search.ignoredEntries?.(folder, asked, token)) ?? new Set<string>();
}

/**
 * The page of `entries` from `offset` (at most {@link LISTING_PAGE}) that fits the budget, each entry
 * of the page first given what its line and data show (`detail`: what is ignored, its size).
 */
export async function listingPage<E, T, D>(
  listing: ListDeclaration<T, D>,
  entries: readonly E[],
  offset: number,
  budget: ToolTokenizationOptions | undefined,
  detail: (page: readonly E[]) => Promise<readonly T[]>,
): Promise<FittedList<T, D>> {
  const page = await detail(entries.slice(offset, offset + LISTING_PAGE));
  return fitList(listing, page, { budget, offset, total: entries.length });
}
