// What Anthropic's text editor (str_replace_based_edit_tool) does to a file's text, without any
// I/O: view a file, replace a unique string, insert lines. Shared by the tool's preparation (the
// diff a sensitive write shows) and its invocation. Every problem is a WorkspaceError in the
// reference's words, with what to do next; a throwing edit writes nothing.
import { boundedList, quoteBounded } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';
import { catNClipped, MAX_VIEW_CHARS } from './catN';
import type { ClippedCatN } from './catN';
import { joinLines, newTextLines, splitLines, toLf, usesCrlf, withEol } from './lineText';
import { callWith } from '@toolpacks/registry';
import type { Room } from '@toolpacks/registry';
import { VIEW_PAGING } from './resultSchemas';
import { findOccurrences, lineNumbersAt } from './occurrences';

/** Lines of context a snippet shows before and after an edit (the reference's SNIPPET_LINES). */
const SNIPPET_LINES = 4;
const LISTED_LINES = 20;
const QUOTED_CHARS = 400;

/** A view's own limits: MAX_VIEW_CHARS of text, and its data unbounded. */
export const VIEW_LIMITS: Room = { maxChars: MAX_VIEW_CHARS, maxJsonChars: Infinity };

const REVIEW = 'Review the changes and make sure they are as expected. Edit the file again if necessary.';

export interface Edited {
  /** The new text of the file, in its own line ending. */
  readonly text: string;
  /** What the model is told. */
  readonly message: string;
  /** The lines the new text takes in the file now (1-based, inclusive). */
  readonly startLine: number;
  readonly endLine: number;
}

/** What a `view` of a file showed, as the text says it. */
export interface FileView {
  readonly text: string;
  readonly startLine: number;
  /** The lines shown, without numbers (a first line alone over the limit: the part shown). */
  readonly shown: readonly string[];
  readonly totalLines?: number;
  /** Not every line asked for is shown whole. */
  readonly truncated: boolean;
  /** The view_range the text says to read on with. */
  readonly nextViewRange?: readonly [number, number];
  /** Lines shown only in part. */
  readonly cutLines?: readonly number[];
}

/** `view` of a file: `cat -n` of the whole file or of `viewRange` (1-based, inclusive, end -1 = to the end). */
export function viewText(text: string, shownPath: string, viewRange?: readonly number[]): string {
  return viewFile(text, shownPath, viewRange).text;
}

/** {@link viewText} with what it shows as data, within `limits` (default: the view's own limit). */
export function viewFile(
  text: string,
  shownPath: string,
  viewRange?: readonly number[],
  limits: Room = VIEW_LIMITS,
): FileView {
  const { lines } = splitLines(toLf(text));
  let start = 1;
  let end = lines.length;
  if (viewRange !== undefined) [start, end] = checkViewRange(viewRange, lines.length);
  const asked = lines.slice(start - 1, end);
  const clipped = catNClipped(asked, start, limits.maxChars, limits.maxJsonChars);
  const header = `Here's the result of running \`cat -n\` on ${shownPath}:\n`;
  const view = { startLine: start, totalLines: lines.length };
  if (!clipped.clipped) return { ...view, text: `${header}${clipped.text}\n`, shown: asked, truncated: false };
  const last = start + clipped.shown - 1;
  const note =
    clipped.shown === 0
      ? `Line ${start} alone is longer than the limit and was cut. Search the file for the text you need instead of viewing it.`
      : `Shown: lines ${start}-${last} of ${lines.length}. To see more, call ${callWith(VIEW_PAGING, `[${last + 1}, ${end === lines.length ? -1 : end}]`)}, or view a smaller range around what you need.`;
  return {
    ...view,
    text: `${header}${clipped.text}\n<response clipped><NOTE>To save on context only part of this file has been shown to you. ${note}</NOTE>`,
    ...shownOf(asked, clipped, start),
    truncated: true,
    ...(clipped.shown > 0 ? { nextViewRange: [last + 1, end === lines.length ? -1 : end] as const } : {}),
  };
}

/** The lines a clipped `cat -n` shows: the whole ones, or the part of a first line over the limit. */
export function shownOf(
  lines: readonly string[],
  clipped: ClippedCatN,
  start: number,
): { shown: readonly string[]; cutLines?: readonly number[] } {
  if (clipped.shown > 0) return { shown: lines.slice(0, clipped.shown) };
  return { shown: [clipped.text.slice(clipped.text.indexOf('\t') + 1)], cutLines: [start] };
}

function checkViewRange(range: readonly number[], total: number): [number, number] {
  if (range.length !== 2 || !range.every(Number.isInteger))
    throw new WorkspaceError(
      'Invalid `view_range`. It should be a list of two integers: [start, end], 1-based and inclusive, end -1 for the end of the file.',
    );
  const [start, end] = range;
  const shown = `[${start}, ${end}]`;
  if (start < 1 || start > total)
    throw new WorkspaceError(
      `Invalid \`view_range\`: ${shown}. Its first element \`${start}\` should be within the range of lines of the file: [1, ${total}].`,
    );
  if (end > total)
    throw new WorkspaceError(
      `Invalid \`view_range\`: ${shown}. Its second element \`${end}\` should be at most the number of lines in the file: \`${total}\` (or -1 for the end).`,
    );
  if (end !== -1 && end < start)
    throw new WorkspaceError(
      `Invalid \`view_range\`: ${shown}. Its second element \`${end}\` should be larger than or equal to its first \`${start}\` (or -1 for the end).`,
    );
  return [start, end === -1 ? total : end];
}

/** `str_replace`: `oldStr` must occur exactly once; `newStr` takes its place. */
export function strReplace(text: string, oldStr: string, newStr: string, shownPath: string): Edited {
  const crlf = usesCrlf(text);
  const body = crlf ? toLf(text) : text;
  const search = crlf ? toLf(oldStr) : oldStr;
  const replacement = crlf ? toLf(newStr) : newStr;
  if (search === '')
    throw new WorkspaceError(
      'Parameter `old_str` must not be empty for command: str_replace. Give the exact text to replace; use `insert` to add lines.',
    );
  const found = findOccurrences(body, search, LISTED_LINES);
  const quoted = quoteBounded(oldStr, QUOTED_CHARS);
  if (found.count === 0)
    throw new WorkspaceError(
      `No replacement was performed, old_str \`${quoted}\` did not appear verbatim in ${shownPath}. View the file and copy the text exactly, whitespace and indentation included.`,
    );
  if (found.count > 1) {
    const lines = lineNumbersAt(body, found.positions).map(String);
    throw new WorkspaceError(
      `No replacement was performed. Multiple occurrences of old_str \`${quoted}\` in lines [${boundedList(lines, LISTED_LINES, ', ', found.count)}]. Please ensure it is unique: include more of the surrounding lines in old_str.`,
    );
  }
  const at = found.positions[0];
  const after = body.slice(0, at) + replacement + body.slice(at + search.length);
  const line = lineNumbersAt(body, [at])[0] - 1;
  const first = Math.max(0, line - SNIPPET_LINES);
  const last = line + SNIPPET_LINES + countNewlines(replacement);
  const snippet = boundedSnippet(splitLines(after).lines.slice(first, last + 1), first + 1);
  return {
    text: withEol(after, crlf),
    message: `The file ${shownPath} has been edited. Here's the result of running \`cat -n\` on a snippet of ${shownPath}:\n${snippet}\n${REVIEW}`,
    ...newTextLines(line + 1, replacement),
  };
}

/** `insert`: the lines of `insertText` go after line `insertLine` (0: at the top; the file's last line: at the end). */
export function insertLines(text: string, insertLine: number, insertText: string, shownPath: string): Edited {
  const crlf = usesCrlf(text);
  const { lines, finalNewline } = splitLines(crlf ? toLf(text) : text);
  if (!Number.isInteger(insertLine) || insertLine < 0 || insertLine > lines.length)
    throw new WorkspaceError(
      `Invalid \`insert_line\` parameter: ${insertLine}. It should be within the range of lines of the file: [0, ${lines.length}]. 0 inserts at the top, ${lines.length} at the end.`,
    );
  // A model ends its text with a line break; that ends the last inserted line, it adds no blank one.
  let inserted = crlf ? toLf(insertText) : insertText;
  if (inserted.endsWith('\n')) inserted = inserted.slice(0, -1);
  const newLines = inserted.split('\n');
  const result = [...lines.slice(0, insertLine), ...newLines, ...lines.slice(insertLine)];
  // An empty file gets a final newline, as a file of lines should.
  const after = joinLines(result, finalNewline || lines.length === 0);
  const first = Math.max(0, insertLine - SNIPPET_LINES);
  const snippet = boundedSnippet(result.slice(first, insertLine + newLines.length + SNIPPET_LINES), first + 1);
  return {
    text: withEol(after, crlf),
    message: `The file ${shownPath} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${snippet}\nReview the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`,
    startLine: insertLine + 1,
    endLine: insertLine + newLines.length,
  };
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A snippet within the view's budget: a long new_str or a minified line never floods the result. */
function boundedSnippet(lines: readonly string[], firstLine: number): string {
  const clipped = catNClipped(lines, firstLine);
  return clipped.clipped
    ? `${clipped.text}\n<response clipped: the snippet is longer than ${MAX_VIEW_CHARS} characters; view the file to see the rest>`
    : clipped.text;
}
