// "Here is the updated code:" for the Gemini tools: the lines that changed, with a few lines of
// context, raw (Gemini's read_file shows no line numbers either). A cut is marked with "...".
import { splitLines, toLf } from './lineText';

const CONTEXT_LINES = 3;
const MAX_SNIPPET_LINES = 60;
/** Past this a snippet is cut (a minified line, a huge new_string): the file itself holds the rest. */
const MAX_SNIPPET_CHARS = 16_000;

/** The changed region of `after` (against `before`; the whole text for a new file) with context. */
export function changeSnippet(before: string | undefined, after: string): string {
  const old = splitLines(toLf(before ?? '')).lines;
  const lines = splitLines(toLf(after)).lines;
  if (lines.length === 0) return '(the file is empty)';
  let first = 0;
  while (first < old.length && first < lines.length && old[first] === lines[first]) first++;
  let fromEnd = 0;
  while (
    fromEnd < old.length - first &&
    fromEnd < lines.length - first &&
    old[old.length - 1 - fromEnd] === lines[lines.length - 1 - fromEnd]
  )
    fromEnd++;
  // Lines [first, lastChanged] of `after` are new; a pure deletion leaves an empty range, shown by its context.
  const lastChanged = lines.length - 1 - fromEnd;
  const start = Math.max(0, first - CONTEXT_LINES);
  const end = Math.min(lines.length - 1, Math.max(lastChanged, first - 1) + CONTEXT_LINES);
  const shown = lines.slice(start, end + 1);
  const out: string[] = [];
  if (start > 0) out.push('...');
  if (shown.length > MAX_SNIPPET_LINES) {
    out.push(...shown.slice(0, MAX_SNIPPET_LINES), `... (${shown.length - MAX_SNIPPET_LINES} more changed lines)`);
  } else {
    out.push(...shown);
    if (end < lines.length - 1) out.push('...');
  }
  const text = out.join('\n');
  return text.length > MAX_SNIPPET_CHARS
    ? `${text.slice(0, MAX_SNIPPET_CHARS)}\n... (cut at ${MAX_SNIPPET_CHARS} characters; use read_file to see the rest)`
    : text;
}
