/** A plain-text table; on a terminal the last column is cut to fit, never wrapped (piped output is whole). */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], width = process.stdout.isTTY ? process.stdout.columns || 120 : Infinity): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fixed = widths.slice(0, -1).reduce((sum, w) => sum + w + 2, 0);
  widths[widths.length - 1] = Math.max(headers[headers.length - 1].length, Math.min(widths[widths.length - 1], width - fixed));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const w = widths[i];
        const text = cell.length > w ? `${cell.slice(0, Math.max(0, w - 1))}…` : cell;
        return i === cells.length - 1 ? text : text.padEnd(w);
      })
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n');
}
