// The result text of Gemini CLI's grep_search, which Gemini models are trained to read:
//   Found 2 matches for pattern "x" in path "src" (filter: "*.ts"):
//   ---
//   File: a.ts
//   L3: a matching line
//   L4- a context line
//   ---
// Context lines come from the file's text, taken here (SearchService returns matching lines only).
import { jsonChars } from '@toolpacks/registry';

/** Longest line shown, as SearchService clips matching lines. */
export const MAX_SHOWN_LINE_CHARS = 400;
/** The whole answer stays below this; the rest is counted, never silently dropped. */
export const MAX_GREP_OUTPUT_CHARS = 100_000;

/** One line of a file's block: a match (`L3: `) or context (`L4- `). */
export interface GrepLine {
  readonly line: number;
  readonly text: string;
  readonly isMatch: boolean;
}

/** The lines shown for one file. */
export interface GrepFileBlock {
  /** Relative to the searched folder. */
  readonly path: string;
  readonly lines: readonly GrepLine[];
}

/** What the header says about the search. */
export interface GrepHeader {
  readonly pattern: string;
  /** `in the workspace directory` or `in path "src"`. */
  readonly location: string;
  /** The include_pattern, shown as `(filter: "…")`. */
  readonly include?: string;
  /** Set when more matches exist than are shown: `(results limited to N matches for performance)`. */
  readonly limitedTo?: number;
}

/** A line as shown: no line end, at most MAX_SHOWN_LINE_CHARS characters. */
export function clipLine(text: string): string {
  const line = text.replace(/\r?\n?$/, '').replace(/\r$/, '');
  return line.length > MAX_SHOWN_LINE_CHARS ? `${line.slice(0, MAX_SHOWN_LINE_CHARS)}…` : line;
}

/** How many lines of context to add by itself: 50 around a single match, 15 around 2 or 3, else none. */
export function autoContextLines(matchCount: number): number {
  return matchCount === 1 ? 50 : matchCount <= 3 && matchCount > 0 ? 15 : 0;
}

/**
 * The matching lines (1-based, ascending) with `before` lines above and `after` below each, taken
 * from `fileLines` (the file split into lines); overlapping ranges merged, a line that matches
 * marked as a match even when it lies in another match's context.
 */
export function withContext(
  matches: readonly { line: number; text: string }[],
  fileLines: readonly string[] | undefined,
  before: number,
  after: number,
): GrepLine[] {
  if (!fileLines || (before === 0 && after === 0))
    return matches.map((m) => ({ line: m.line, text: clipLine(m.text), isMatch: true }));
  const matchLines = new Set(matches.map((m) => m.line));
  const shown = new Set<number>();
  for (const { line } of matches) {
    const last = Math.min(fileLines.length, line + after);
    for (let n = Math.max(1, line - before); n <= last; n++) shown.add(n);
    shown.add(line);
  }
  const texts = new Map(matches.map((m) => [m.line, m.text]));
  return [...shown]
    .sort((a, b) => a - b)
    .map((n) => ({ line: n, text: clipLine(fileLines[n - 1] ?? texts.get(n) ?? ''), isMatch: matchLines.has(n) }));
}

const filterText = (include?: string) => (include ? ` (filter: "${include}")` : '');
const limitText = (limit?: number) =>
  limit === undefined ? '' : ` (results limited to ${limit} matches for performance)`;

/** `No matches found for pattern "x" in …`. */
export function noMatchText(header: GrepHeader): string {
  return `No matches found for pattern "${header.pattern}" ${header.location}${filterText(header.include)}.`;
}

/** names_only: the header, then the files' paths, sorted. */
export function formatNamesOnly(header: GrepHeader, paths: readonly string[]): string {
  const sorted = [...paths].sort();
  return [
    `Found ${sorted.length} files with matches for pattern "${header.pattern}" ${header.location}${filterText(header.include)}${limitText(header.limitedTo)}:`,
    ...sorted,
  ].join('\n');
}

/** `,"context":[]`: what a match's first context line adds to its JSON besides itself. */
const CONTEXT_KEY_CHARS = 13;

/** A context line of a listed match. */
export type ContextLine = { readonly line: number; readonly text: string };

/** A match as gemini_grep_search's structured result lists it. */
export type ListedGrepMatch = {
  readonly path: string;
  readonly line: number;
  readonly text: string;
  readonly context?: readonly ContextLine[];
};

/** What {@link formatGrepBlocks} made: the text, and the matches it shows as data. */
export interface GrepBlocksResult {
  readonly text: string;
  /** The matches shown, each with the context lines shown after it (or, for a file's first, around it). */
  readonly matches: readonly ListedGrepMatch[];
  /** How many matches the blocks hold (the "Found N"). */
  readonly matchCount: number;
  /** Whether the text was cut before the last match. */
  readonly cut: boolean;
}

/**
 * The header (with the number of matches), `---`, then per file `File: <path>`, its lines and
 * `---`. Stops before `maxChars` and ends with a note of the matches left out. The matches shown
 * are also returned as data, built in the same walk and cut at the same line, the data's JSON kept
 * within `maxChars` too. Each shown context line is given once: with the match before it in its
 * file, or (above a file's first match) with that match.
 */
export function formatGrepBlocks(
  header: GrepHeader,
  blocks: readonly GrepFileBlock[],
  maxChars = MAX_GREP_OUTPUT_CHARS,
): GrepBlocksResult {
  const matchCount = blocks.reduce((n, b) => n + b.lines.filter((l) => l.isMatch).length, 0);
  const out = [
    `Found ${matchCount} ${matchCount === 1 ? 'match' : 'matches'} for pattern "${header.pattern}" ${header.location}${filterText(header.include)}${limitText(header.limitedTo)}:`,
    '---',
  ];
  let size = out[0].length + 4;
  let dataSize = 0;
  const matches: { path: string; line: number; text: string; context?: ContextLine[] }[] = [];
  let full = false;
  for (const block of blocks) {
    const fileLine = `File: ${block.path}`;
    if (size + fileLine.length + 1 > maxChars) break;
    out.push(fileLine);
    size += fileLine.length + 1;
    let current: (typeof matches)[number] | undefined;
    let above: ContextLine[] = [];
    for (const line of block.lines) {
      const shown = line.text.trimEnd();
      const text = `L${line.line}${line.isMatch ? ':' : '-'} ${shown}`;
      const item = line.isMatch ? { path: block.path, line: line.line, text: shown } : { line: line.line, text: shown };
      // Its JSON and comma, and `,"context":[]` where it opens a match's context.
      const opens = line.isMatch ? above.length > 0 : current !== undefined && current.context === undefined;
      const itemSize = jsonChars(item) + 1 + (opens ? CONTEXT_KEY_CHARS : 0);
      if ((full = size + text.length + 1 > maxChars || dataSize + itemSize > maxChars)) break;
      out.push(text);
      size += text.length + 1;
      dataSize += itemSize;
      if (line.isMatch) {
        current = { path: block.path, line: line.line, text: shown, ...(above.length ? { context: above } : {}) };
        matches.push(current);
        above = [];
      } else if (current) (current.context ??= []).push(item);
      else above.push(item);
    }
    out.push('---');
    size += 4;
    if (full) break;
  }
  if (matches.length < matchCount) {
    const left = matchCount - matches.length;
    out.push(
      `[Output cut at ${maxChars} characters to fit the result budget: ${left} more ${left === 1 ? 'match is' : 'matches are'} not shown. Narrow the search with dir_path or include_pattern, or ask for less context.]`,
    );
  }
  return { text: out.join('\n'), matches, matchCount, cut: matches.length < matchCount };
}
