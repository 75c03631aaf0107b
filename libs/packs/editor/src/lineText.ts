// Line handling shared by the vendor-native editors: a file's line ending (kept on write), its
// lines without terminators, and the text put back together. A final newline ends the last line;
// it does not start an empty one, so "a\nb\n" has 2 lines, as `cat -n` and `wc -l` count them.

/** Whether every line break of `text` is CRLF (and there is at least one): edits work on LF and restore it. */
export function usesCrlf(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}

/** `text` with CRLF line breaks turned into LF. */
export function toLf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** `text` (LF) with the line ending of the original file. */
export function withEol(text: string, crlf: boolean): string {
  return crlf ? text.replace(/\r?\n/g, '\r\n') : text;
}

export interface SplitText {
  /** The lines, without terminators; none for an empty text. */
  readonly lines: string[];
  /** The text ends with a line break. */
  readonly finalNewline: boolean;
}

/** The lines of an LF text. */
export function splitLines(text: string): SplitText {
  if (text === '') return { lines: [], finalNewline: false };
  const finalNewline = text.endsWith('\n');
  const lines = (finalNewline ? text.slice(0, -1) : text).split('\n');
  return { lines, finalNewline };
}

/** The LF text of `lines`, ending with a line break when `finalNewline` (and there is a line). */
export function joinLines(lines: readonly string[], finalNewline: boolean): string {
  if (lines.length === 0) return '';
  return lines.join('\n') + (finalNewline ? '\n' : '');
}

/** How many lines `text` has ("a\nb\n" and "a\nb" have 2; "" has none). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * The lines text put in at line `startLine` takes in the file now: a line feed that ends it ends
 * its last line (what follows starts the next one); no text takes none (endLine is startLine - 1).
 */
export function newTextLines(startLine: number, text: string): { startLine: number; endLine: number } {
  if (text === '') return { startLine, endLine: startLine - 1 };
  let newlines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines++;
  return { startLine, endLine: startLine + newlines - (text.endsWith('\n') ? 1 : 0) };
}
