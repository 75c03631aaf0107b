import { fitSections } from '@toolpacks/registry';
import type { GrepResult } from '@toolpacks/services';

/** Room kept for the header and the notes around the listed matches. */
const NOTES_CHARS = 1000;

/**
 * `path:line: text` per match, with a count, within `maxChars`: cut at a match, and when more exist
 * (beyond maxResults, or beyond what fits) the offset that gets the next ones.
 */
export function formatMatches(
  query: string,
  result: GrepResult,
  page: { readonly offset?: number; readonly maxChars?: number } = {},
): string {
  const offset = page.offset ?? 0;
  const q = JSON.stringify(query);
  if (result.matches.length === 0)
    return withSkipped(offset > 0 ? `No more matches for ${q} past offset ${offset}.` : `No matches for ${q}.`, result);
  const lines = result.matches.map((m) => `${m.path}:${m.line}: ${m.text}`);
  const fit = fitSections(lines, Math.max(0, (page.maxChars ?? Infinity) - NOTES_CHARS), '\n', false);
  const kept = Math.max(1, fit.kept);
  const shown = fit.kept > 0 ? fit.text : lines[0].slice(0, Math.max(200, (page.maxChars ?? 0) - NOTES_CHARS));
  const end = offset + kept;
  const cut = kept < lines.length;
  const more = cut || result.truncated;
  let head: string;
  if (!more && offset === 0) head = `${kept} match${kept === 1 ? '' : 'es'} for ${q}:`;
  else if (!more) head = `Matches ${offset + 1}–${end} for ${q} (the last ones):`;
  else if (!cut && offset === 0)
    head = `The first ${kept} matches for ${q} (more exist: narrow the search with includePattern or a more specific query, or call grep_search again with offset: ${end} for the next ones):`;
  else
    head = `Matches ${offset + 1}–${end} for ${q} (more exist${cut ? `; cut at ${kept} of the ${lines.length} found to fit the result budget` : ''}: call grep_search again with the same query and offset: ${end} for the next ones, or narrow the search with includePattern):`;
  return withSkipped(`${head}\n${shown}`, result);
}

/** Files over the size limit were not searched: said, never silent (read_file refuses them too). */
export function withSkipped(text: string, result: GrepResult): string {
  const skipped = result.skippedLargeFiles;
  if (!skipped || skipped.count === 0) return text;
  const more = skipped.count > skipped.examples.length ? ` and ${skipped.count - skipped.examples.length} more` : '';
  return `${text}\n(${skipped.count} file${skipped.count === 1 ? ' was' : 's were'} not searched: over the ${Math.round(skipped.limitBytes / 1024 / 1024)} MB limit: ${skipped.examples.join(', ')}${more}.)`;
}
