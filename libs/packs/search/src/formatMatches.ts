import type { GrepResult } from '@toolpacks/services';

/** `path:line: text` per match, with a count and a note when more matches exist. */
export function formatMatches(query: string, result: GrepResult): string {
  if (result.matches.length === 0) return `No matches for ${JSON.stringify(query)}.`;
  const head = result.truncated
    ? `The first ${result.matches.length} matches for ${JSON.stringify(query)} (more exist: narrow the search with includePattern or a more specific query):`
    : `${result.matches.length} match${result.matches.length === 1 ? '' : 'es'} for ${JSON.stringify(query)}:`;
  return [head, ...result.matches.map((m) => `${m.path}:${m.line}: ${m.text}`)].join('\n');
}

/** Matches grouped under their file, which some models read more reliably. */
export function formatMatchesByFile(query: string, result: GrepResult): string {
  if (result.matches.length === 0) return `No lines contain ${JSON.stringify(query)}.`;
  const out: string[] = [];
  let file = '';
  for (const match of result.matches) {
    if (match.path !== file) out.push((file = match.path));
    out.push(`  ${match.line}: ${match.text.trim()}`);
  }
  if (result.truncated) out.push(`(only the first ${result.matches.length} lines are shown; add includePattern to narrow the search)`);
  return out.join('\n');
}
