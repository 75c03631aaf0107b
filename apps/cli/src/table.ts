// Plain-text tables that never print a line wider than the terminal: one line per row (a cell shows
// its first line), the last column cut first, then the widest others, each cut with an ellipsis.
// Piped output keeps every cell whole unless $COLUMNS says a width (outputWidth).

/**
 * How wide a table may be: on a terminal, its width. Piped or redirected, $COLUMNS when it is set
 * (shells do not export it by default), else no limit: a file or `grep` gets every cell whole
 * (still one line per row), and --json is there for programs.
 */
export function outputWidth(
  stream: { isTTY?: boolean; columns?: number } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const fromEnv = Number(env.COLUMNS);
  if (stream.isTTY && stream.columns) return stream.columns;
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return stream.isTTY ? 80 : Infinity;
}

/** The first line of a text, with an ellipsis when more follows. */
export function firstLine(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.indexOf('\n');
  return end < 0 ? trimmed : `${trimmed.slice(0, end).trimEnd()} …`;
}

/** The first sentence of a description (up to the first '. ' or line end). */
export function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0].trim();
  const match = /^(.+?[.!?])(\s|$)/.exec(line);
  return match ? match[1] : line;
}

/** Cuts `text` to `width` characters, the last one an ellipsis when something was cut. */
export function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}

const GAP = 2;
/** Columns other than the last are never cut below this (or their header's width). */
const MIN_COLUMN = 8;

export function renderTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  width = outputWidth(),
): string {
  const cells = rows.map((row) => headers.map((_, i) => firstLine(row[i] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1);
  const last = widths.length - 1;
  // The last column (a description, a detail) gives way first, down to its header.
  widths[last] = Math.max(headers[last].length, widths[last] - Math.max(0, total() - width));
  // Then the widest of the others, one character at a time, down to MIN_COLUMN or the header.
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < last; i++)
      if (widths[i] > Math.max(MIN_COLUMN, headers[i].length) && (widest < 0 || widths[i] > widths[widest])) widest = i;
    if (widest < 0) break;
    widths[widest]--;
  }
  const line = (row: readonly string[]) =>
    cut(
      row
        .map((cell, i) => {
          const text = cut(cell, widths[i]);
          return i === last ? text : text.padEnd(widths[i]);
        })
        .join(' '.repeat(GAP))
        .trimEnd(),
      width,
    );
  return [line(headers), line(widths.map((w) => '─'.repeat(w))), ...cells.map(line)].join('\n');
}
