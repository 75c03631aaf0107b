// A file's text as lines that keep their own bytes: each line its own ending (CRLF, LF or a lone
// CR), the BOM and the missing final newline remembered, so an edit rewrites only what it changes.

export type LineEnding = '\r\n' | '\n' | '\r' | '';

export interface TextLines {
  readonly bom: string;
  readonly lines: readonly string[];
  readonly endings: readonly LineEnding[];
  /** The ending new lines get: the file's most common one (the first seen on a tie), LF if none. */
  readonly preferredEnding: Exclude<LineEnding, ''>;
  /** False when the last line has no ending (an empty file counts as ending with one). */
  readonly endsWithNewline: boolean;
}

export function splitText(text: string): TextLines {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = bom ? text.slice(1) : text;
  const lines: string[] = [];
  const endings: LineEnding[] = [];
  const counts = new Map<LineEnding, number>();
  const breaks = /\r\n|\n|\r/g;
  let start = 0;
  for (let match = breaks.exec(body); match; match = breaks.exec(body)) {
    const ending = match[0] as LineEnding;
    lines.push(body.slice(start, match.index));
    endings.push(ending);
    counts.set(ending, (counts.get(ending) ?? 0) + 1);
    start = match.index + ending.length;
  }
  if (start < body.length) {
    lines.push(body.slice(start));
    endings.push('');
  }
  let preferredEnding: TextLines['preferredEnding'] = '\n';
  let best = 0;
  // Map iteration follows first appearance, so a tie goes to the ending seen first.
  for (const [ending, count] of counts) {
    if (count > best) {
      best = count;
      preferredEnding = ending as TextLines['preferredEnding'];
    }
  }
  return {
    bom,
    lines,
    endings,
    preferredEnding,
    endsWithNewline: endings.length === 0 || endings[endings.length - 1] !== '',
  };
}

/**
 * Joins lines back into text. Lines without an ending (new ones, or the old last line that is no
 * longer last) get the preferred one; the last line keeps the file's final-newline state.
 */
export function joinText(
  file: TextLines,
  lines: readonly string[],
  endings: readonly (LineEnding | undefined)[],
): string {
  const parts: string[] = [file.bom];
  const last = lines.length - 1;
  for (let i = 0; i <= last; i++) {
    parts.push(lines[i]);
    if (i < last) parts.push(endings[i] || file.preferredEnding);
    else if (file.endsWithNewline) parts.push(endings[i] || file.preferredEnding);
  }
  return parts.join('');
}
