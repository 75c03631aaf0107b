// Finds a hunk's lines in a file, from strict to lenient: exactly, then ignoring trailing
// whitespace, then ignoring surrounding whitespace, then also mapping typographic dashes, quotes and
// spaces to ASCII (models write ASCII). Each level turns every line into a small integer once, so a
// search is a linear scan (KMP) over integers: no quadratic work on big files with many hunks.

/** 0 exact, 1 trailing whitespace ignored, 2 surrounding whitespace ignored, 3 also typographic characters as ASCII. */
export type Level = 0 | 1 | 2 | 3;

const TYPOGRAPHIC: Record<string, string> = {};
for (const c of '\u2010\u2011\u2012\u2013\u2014\u2015\u2212') TYPOGRAPHIC[c] = '-';
for (const c of '\u2018\u2019\u201A\u201B') TYPOGRAPHIC[c] = "'";
for (const c of '\u201C\u201D\u201E\u201F') TYPOGRAPHIC[c] = '"';
for (const c of '\u00A0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000') TYPOGRAPHIC[c] = ' ';
const TYPOGRAPHIC_CHARS = new RegExp(`[${Object.keys(TYPOGRAPHIC).join('')}]`, 'g');

export function normalize(line: string, level: Level): string {
  switch (level) {
    case 0:
      return line;
    case 1:
      return line.trimEnd();
    case 2:
      return line.trim();
    case 3:
      return line
        .normalize('NFC')
        .replace(TYPOGRAPHIC_CHARS, (c) => TYPOGRAPHIC[c])
        .trim();
  }
}

const WORD_CHAR = /[\p{L}\p{N}_$]/u;

export class LineIndex {
  private readonly normalized: (string[] | undefined)[] = [];
  private readonly ids: (Int32Array | undefined)[] = [];
  private readonly idOf: Map<string, number>[] = [];

  constructor(readonly lines: readonly string[]) {}

  get length(): number {
    return this.lines.length;
  }

  /** The file's lines normalized at `level` (computed once). */
  normalizedLines(level: Level): readonly string[] {
    return (this.normalized[level] ??= level === 0 ? [...this.lines] : this.lines.map((l) => normalize(l, level)));
  }

  private fileIds(level: Level): Int32Array {
    let ids = this.ids[level];
    if (!ids) {
      const map = new Map<string, number>();
      const lines = this.normalizedLines(level);
      ids = new Int32Array(lines.length);
      for (let i = 0; i < lines.length; i++) {
        let id = map.get(lines[i]);
        if (id === undefined) map.set(lines[i], (id = map.size));
        ids[i] = id;
      }
      this.ids[level] = ids;
      this.idOf[level] = map;
    }
    return ids;
  }

  /** The pattern as ids at `level`, or undefined when one of its lines is nowhere in the file. */
  private patternIds(pattern: readonly string[], level: Level): Int32Array | undefined {
    this.fileIds(level);
    const map = this.idOf[level];
    const ids = new Int32Array(pattern.length);
    for (let i = 0; i < pattern.length; i++) {
      const id = map.get(normalize(pattern[i], level));
      if (id === undefined) return undefined;
      ids[i] = id;
    }
    return ids;
  }

  /** Whether some line of the file equals `line` at `level`. */
  contains(line: string, level: Level): boolean {
    this.fileIds(level);
    return this.idOf[level].has(normalize(line, level));
  }

  /** The first start ≥ `from` where `pattern` matches at `level`, or -1. */
  find(pattern: readonly string[], from: number, level: Level): number {
    if (pattern.length === 0) return from <= this.length ? from : -1;
    const wanted = this.patternIds(pattern, level);
    if (!wanted) return -1;
    const text = this.fileIds(level);
    const failure = kmpTable(wanted);
    let k = 0;
    for (let i = Math.max(0, from); i < text.length; i++) {
      while (k > 0 && text[i] !== wanted[k]) k = failure[k - 1];
      if (text[i] === wanted[k]) k++;
      if (k === wanted.length) return i - wanted.length + 1;
    }
    return -1;
  }

  matchesAt(pattern: readonly string[], start: number, level: Level): boolean {
    if (start < 0 || start + pattern.length > this.length) return false;
    const lines = this.normalizedLines(level);
    for (let k = 0; k < pattern.length; k++) if (lines[start + k] !== normalize(pattern[k], level)) return false;
    return true;
  }

  /**
   * The line an `@@` anchor names, at or after `from`: a whole line (strict to lenient) first, then
   * the first line holding it as whole words (`class Foo` in `class Foo(Base):`), then a line
   * merely containing it, but only when that line is the only one. `candidates` lists the lines
   * when a partial match is ambiguous.
   */
  findAnchor(anchor: string, from: number): { line: number } | { line: -1; candidates: number[] } {
    for (const level of [0, 1, 2, 3] as const) {
      if (!this.contains(anchor, level)) continue;
      const wanted = normalize(anchor, level);
      const lines = this.normalizedLines(level);
      for (let i = from; i < lines.length; i++) if (lines[i] === wanted) return { line: i };
    }
    const wanted = normalize(anchor, 3);
    const lines = this.normalizedLines(3);
    const partial: number[] = [];
    for (let i = from; i < lines.length; i++) {
      const at = lines[i].indexOf(wanted);
      if (at < 0) continue;
      if (isWordMatch(lines[i], wanted, at)) return { line: i };
      partial.push(i);
    }
    return partial.length === 1 ? { line: partial[0] } : { line: -1, candidates: partial };
  }
}

/** Whether `wanted` occurs in `line` (first seen at `at`) with word boundaries at both ends. */
function isWordMatch(line: string, wanted: string, at: number): boolean {
  for (let i = at; i >= 0; i = line.indexOf(wanted, i + 1)) {
    const before = i > 0 ? line[i - 1] : '';
    const after = line[i + wanted.length] ?? '';
    const startOk = !WORD_CHAR.test(wanted[0]) || !before || !WORD_CHAR.test(before);
    const endOk = !WORD_CHAR.test(wanted[wanted.length - 1]) || !after || !WORD_CHAR.test(after);
    if (startOk && endOk) return true;
  }
  return false;
}

function kmpTable(pattern: Int32Array): Int32Array {
  const failure = new Int32Array(pattern.length);
  let k = 0;
  for (let i = 1; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = failure[k - 1];
    if (pattern[i] === pattern[k]) k++;
    failure[i] = k;
  }
  return failure;
}
