// Exact, non-overlapping substring occurrences, counted in one pass, with the line each starts on:
// linear in the file however many matches there are.

export interface Occurrences {
  /** How many non-overlapping occurrences (left to right). */
  readonly count: number;
  /** The positions of the first `keep` of them. */
  readonly positions: readonly number[];
}

/** The occurrences of a non-empty `search` in `text`. */
export function findOccurrences(text: string, search: string, keep = Infinity): Occurrences {
  if (search === '') throw new Error('findOccurrences needs a non-empty search string');
  const positions: number[] = [];
  let count = 0;
  for (let i = text.indexOf(search); i >= 0; i = text.indexOf(search, i + search.length)) {
    if (count++ < keep) positions.push(i);
  }
  return { count, positions };
}

/** The 1-based line number of each of the ascending `positions` in `text`. */
export function lineNumbersAt(text: string, positions: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let nl = text.indexOf('\n');
  for (const position of positions) {
    while (nl >= 0 && nl < position) {
      line++;
      nl = text.indexOf('\n', nl + 1);
    }
    lines.push(line);
  }
  return lines;
}
