import type { GrepResult, SkippedLargeFiles } from '@toolpacks/services';
import { callAgain, fitList } from '@toolpacks/registry';
import type { ListDeclaration, ToolTokenizationOptions } from '@toolpacks/registry';

/** One listed match of grep_search's structured result. */
export type ListedMatch = { readonly path: string; readonly line: number; readonly text: string };

/** A match as `path:line: text` and as data; room is kept for the header and the notes around them. */
const MATCHES: ListDeclaration<ListedMatch, ListedMatch> = {
  text: ({ path, line, text }) => `${path}:${line}: ${text}`,
  data: ({ path, line, text }) => ({ path, line, text }),
  reserve: 1000,
  // One line over the whole budget: its start, in the text and in the data alike.
  oversized: (match, room) => {
    const prefix = `${match.path}:${match.line}: `;
    return { ...match, text: `${prefix}${match.text}`.slice(0, Math.max(200, room)).slice(prefix.length) };
  },
  paging: { tool: 'grep_search', field: 'offset' },
};

/** grep_search's structured result: the matches the text lists, and how to go on. */
export type MatchPage = {
  readonly matches: readonly ListedMatch[];
  readonly total?: number;
  readonly truncated: boolean;
  readonly nextOffset?: number;
  readonly skippedLargeFiles?: SkippedLargeFiles;
};

/**
 * `path:line: text` per match from `offset` on, with a count, within `maxChars`: cut at a match,
 * and when more exist (beyond maxResults, or beyond what fits) the offset that gets the next ones.
 * The structured result lists the same matches, built in the same walk (no second pass over a
 * large result) and cut at the same match, its JSON within `maxChars` too.
 *
 * @param result - Everything the search returned, from the first match (the page starts at `offset`).
 */
export function formatMatches(
  query: string,
  result: GrepResult,
  page: { readonly offset?: number; readonly budget?: ToolTokenizationOptions | number } = {},
): { readonly text: string; readonly data: MatchPage } {
  const offset = page.offset ?? 0;
  const q = JSON.stringify(query);
  const all = result.matches;
  const skipped = result.skippedLargeFiles?.count ? { skippedLargeFiles: result.skippedLargeFiles } : {};
  // The count is exact only when the search did not stop at its limit.
  const total = result.truncated ? {} : { total: all.length };
  const found = Math.max(0, all.length - offset);
  if (found === 0)
    return {
      text: withSkipped(
        offset > 0 ? `No more matches for ${q} past offset ${offset}.` : `No matches for ${q}.`,
        result,
      ),
      data: { matches: [], ...total, truncated: false, ...skipped },
    };
  const fitted = fitList(MATCHES, all.slice(offset), { budget: page.budget ?? Infinity, offset });
  const kept = fitted.kept;
  const end = fitted.next;
  const cut = fitted.cut;
  const more = cut || result.truncated;
  let head: string;
  if (!more && offset === 0) head = `${kept} match${kept === 1 ? '' : 'es'} for ${q}:`;
  else if (!more) head = `Matches ${offset + 1}–${end} for ${q} (the last ones):`;
  else if (!cut && offset === 0)
    head = `The first ${kept} matches for ${q} (more exist: narrow the search with includePattern or a more specific query, or ${callAgain(MATCHES.paging, end)}):`;
  else
    head = `Matches ${offset + 1}–${end} for ${q} (more exist${cut ? `; cut at ${kept} of the ${found} found to fit the result budget` : ''}: ${callAgain(MATCHES.paging, end, { same: 'query' })}, or narrow the search with includePattern):`;
  return {
    text: withSkipped(`${head}\n${fitted.lines.join('\n')}`, result),
    data: { matches: fitted.data, ...total, truncated: more, ...(more ? { nextOffset: end } : {}), ...skipped },
  };
}

/** Files over the size limit were not searched: said, never silent (read_file refuses them too). */
export function withSkipped(text: string, result: GrepResult): string {
  const skipped = result.skippedLargeFiles;
  if (!skipped || skipped.count === 0) return text;
  const more = skipped.count > skipped.examples.length ? ` and ${skipped.count - skipped.examples.length} more` : '';
  return `${text}\n(${skipped.count} file${skipped.count === 1 ? ' was' : 's were'} not searched: over the ${Math.round(skipped.limitBytes / 1024 / 1024)} MB limit: ${skipped.examples.join(', ')}${more}.)`;
}
