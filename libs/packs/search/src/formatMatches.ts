import type { GrepResult, SkippedLargeFiles } from '@toolpacks/services';
import { jsonChars } from '@toolpacks/registry';

/** Room kept for the header and the notes around the listed matches. */
const NOTES_CHARS = 1000;

/** One listed match of grep_search's structured result. */
export type ListedMatch = { readonly path: string; readonly line: number; readonly text: string };

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
  page: { readonly offset?: number; readonly maxChars?: number } = {},
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
  const budget = Math.max(0, (page.maxChars ?? Infinity) - NOTES_CHARS);
  const lines: string[] = [];
  const matches: ListedMatch[] = [];
  let textUsed = 0;
  let dataUsed = 0;
  for (let i = offset; i < all.length; i++) {
    const { path, line, text } = all[i];
    const shown = `${path}:${line}: ${text}`;
    const item = { path, line, text };
    textUsed += shown.length + (lines.length ? 1 : 0);
    dataUsed += jsonChars(item) + 1;
    if (textUsed > budget || dataUsed > budget) break;
    lines.push(shown);
    matches.push(item);
  }
  if (lines.length === 0) {
    // One line over the whole budget: its start, in the text and in the data alike.
    const first = all[offset];
    const prefix = `${first.path}:${first.line}: `;
    lines.push(`${prefix}${first.text}`.slice(0, Math.max(200, (page.maxChars ?? 0) - NOTES_CHARS)));
    matches.push({ ...first, text: lines[0].slice(prefix.length) });
  }
  const kept = lines.length;
  const end = offset + kept;
  const cut = kept < found;
  const more = cut || result.truncated;
  let head: string;
  if (!more && offset === 0) head = `${kept} match${kept === 1 ? '' : 'es'} for ${q}:`;
  else if (!more) head = `Matches ${offset + 1}–${end} for ${q} (the last ones):`;
  else if (!cut && offset === 0)
    head = `The first ${kept} matches for ${q} (more exist: narrow the search with includePattern or a more specific query, or call grep_search again with offset: ${end} for the next ones):`;
  else
    head = `Matches ${offset + 1}–${end} for ${q} (more exist${cut ? `; cut at ${kept} of the ${found} found to fit the result budget` : ''}: call grep_search again with the same query and offset: ${end} for the next ones, or narrow the search with includePattern):`;
  return {
    text: withSkipped(`${head}\n${lines.join('\n')}`, result),
    data: { matches, ...total, truncated: more, ...(more ? { nextOffset: end } : {}), ...skipped },
  };
}

/** Files over the size limit were not searched: said, never silent (read_file refuses them too). */
export function withSkipped(text: string, result: GrepResult): string {
  const skipped = result.skippedLargeFiles;
  if (!skipped || skipped.count === 0) return text;
  const more = skipped.count > skipped.examples.length ? ` and ${skipped.count - skipped.examples.length} more` : '';
  return `${text}\n(${skipped.count} file${skipped.count === 1 ? ' was' : 's were'} not searched: over the ${Math.round(skipped.limitBytes / 1024 / 1024)} MB limit: ${skipped.examples.join(', ')}${more}.)`;
}
