// `cat -n` as Anthropic's text editor prints it: each line as its number right-aligned in 6 columns,
// a tab, then the line (Python's f"{n:6}\t{line}"). Tabs are kept as they are.
import { ItemFit, jsonStringChars, partWithinJson } from '@toolpacks/registry';

/** The lines numbered from `firstLine`, one per output line, no final newline. */
export function catN(lines: readonly string[], firstLine = 1): string {
  return lines.map((line, i) => numbered(firstLine + i, line)).join('\n');
}

function numbered(n: number, line: string): string {
  return `${String(n).padStart(6)}\t${line}`;
}

/** The most output a view returns before it is clipped (the reference's limit). */
export const MAX_VIEW_CHARS = 16_000;

export interface ClippedCatN {
  /** The numbered lines, at most `maxChars` characters. */
  readonly text: string;
  /** How many of the lines are shown whole. */
  readonly shown: number;
  /** Some lines (or part of one) were left out. */
  readonly clipped: boolean;
}

/**
 * `catN` cut at a line boundary so that it stays within `maxChars`, and the lines it shows (without
 * their numbers) within `maxJsonChars` as the JSON of a structured result's content. A first line
 * that alone is longer is shown cut (then `shown` is 0), so a view never returns nothing.
 */
export function catNClipped(
  lines: readonly string[],
  firstLine: number,
  maxChars = MAX_VIEW_CHARS,
  maxJsonChars = Infinity,
): ClippedCatN {
  const out: string[] = [];
  const fit = new ItemFit({ maxChars, maxJsonChars }, { data: 'lines' });
  for (let i = 0; i < lines.length; i++) {
    const line = numbered(firstLine + i, lines[i]);
    if (!fit.take(line.length, jsonStringChars(lines[i]))) {
      if (i > 0) return { text: out.join('\n'), shown: i, clipped: true };
      const number = numbered(firstLine, '');
      return {
        text: number + partWithinJson(lines[0], maxChars - number.length, maxJsonChars),
        shown: 0,
        clipped: true,
      };
    }
    out.push(line);
  }
  return { text: out.join('\n'), shown: lines.length, clipped: false };
}
