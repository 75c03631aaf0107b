import type { GrepResult } from '@toolpacks/services';

/** `path:line: text` per match, with a count and a note when more matches exist. */
export function formatMatches(query: string, result: GrepResult): string {
  if (result.matches.length === 0) return withSkipped(`No matches for ${JSON.stringify(query)}.`, result);
  const head = result.truncated
    ? `The first ${result.matches.length} matches for ${JSON.stringify(query)} (more exist: narrow the search with includePattern or a more specific query):`
    : `${result.matches.length} match${result.matches.length === 1 ? '' : 'es'} for ${JSON.stringify(query)}:`;
  return withSkipped([head, ...result.matches.map((m) => `${m.path}:${m.line}: ${m.text}`)].join('\n'), result);
}

/** Files over the size limit were not searched: said, never silent (read_file refuses them too). */
export function withSkipped(text: string, result: GrepResult): string {
  const skipped = result.skippedLargeFiles;
  if (!skipped || skipped.count === 0) return text;
  const more = skipped.count > skipped.examples.length ? ` and ${skipped.count - skipped.examples.length} more` : '';
  return `${text}\n(${skipped.count} file${skipped.count === 1 ? ' was' : 's were'} not searched: over the ${Math.round(skipped.limitBytes / 1024 / 1024)} MB limit: ${skipped.examples.join(', ')}${more}.)`;
}
