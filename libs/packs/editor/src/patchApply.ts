// Applies an update's hunks to a file's text. Every hunk is located in the original lines, in
// order (each after the previous one), then the file is rebuilt in one pass: context lines are
// copied from the file (its bytes, not the patch's), removed lines dropped, added lines inserted
// with the file's preferred ending.

import { boundedList } from '@toolpacks/base';
import { LineIndex } from './patchMatcher';
import type { Level } from './patchMatcher';
import { PatchError, quote } from './patchParser';
import type { Hunk, HunkLine } from './patchParser';
import { joinText, splitText } from './patchText';
import type { LineEnding } from './patchText';

interface Placement {
  readonly start: number;
  /** The hunk's lines that were matched (blank context at either end may have been left out). */
  readonly lines: readonly HunkLine[];
  /** How leniently they matched (0: exactly). */
  readonly level: Level;
}

/** A hunk that matched only leniently (see patchMatcher's levels). */
export interface LooseMatch {
  /** 1-based number of the hunk in its file's update. */
  readonly hunk: number;
  /** 1: trailing whitespace ignored; 2: surrounding whitespace (indentation) too; 3: also typographic characters. */
  readonly level: Exclude<Level, 0>;
}

const MAX_CANDIDATES = 3;

/**
 * Applies `hunks` to `text`; throws a PatchError that names the file, the hunk and what to do.
 * Hunks that matched only leniently are added to `loose` when given.
 */
export function applyHunks(text: string, hunks: readonly Hunk[], path: string, loose?: LooseMatch[]): string {
  const file = splitText(text);
  const index = new LineIndex(file.lines);
  const placements: Placement[] = [];
  let cursor = 0;
  hunks.forEach((hunk, i) => {
    const placement = locate(index, hunk, cursor, {
      path,
      number: i + 1,
      count: hunks.length,
      previous: placements[placements.length - 1],
    });
    placements.push(placement);
    if (placement.level > 0) loose?.push({ hunk: i + 1, level: placement.level as LooseMatch['level'] });
    cursor = placement.start + oldLength(placement.lines);
  });
  const lines: string[] = [];
  const endings: (LineEnding | undefined)[] = [];
  let next = 0;
  const keepUpTo = (end: number) => {
    for (; next < end; next++) {
      lines.push(file.lines[next]);
      endings.push(file.endings[next]);
    }
  };
  for (const placement of placements) {
    keepUpTo(placement.start);
    for (const line of placement.lines) {
      if (line.kind === 'context') keepUpTo(next + 1);
      else if (line.kind === 'remove') next++;
      else {
        lines.push(line.text);
        endings.push(undefined);
      }
    }
  }
  keepUpTo(file.lines.length);
  return joinText(file, lines, endings);
}

function oldLength(lines: readonly HunkLine[]): number {
  let count = 0;
  for (const line of lines) if (line.kind !== 'add') count++;
  return count;
}

function oldLines(lines: readonly HunkLine[]): string[] {
  return lines.filter((l) => l.kind !== 'add').map((l) => l.text);
}

interface HunkInfo {
  readonly path: string;
  readonly number: number;
  readonly count: number;
  readonly previous?: Placement;
}

function locate(index: LineIndex, hunk: Hunk, cursor: number, info: HunkInfo): Placement {
  const name = `${info.path}, hunk ${info.number}${info.count > 1 ? ` of ${info.count}` : ''} (patch line ${hunk.patchLine})`;
  let from = cursor;
  let anchorLine = -1;
  for (const anchor of hunk.anchors) {
    const found = index.findAnchor(anchor, from);
    if (found.line < 0) {
      const candidates = 'candidates' in found ? found.candidates : [];
      // Only the lines shown are quoted; the rest are counted.
      const shown = candidates.map((n, i) => (i < MAX_CANDIDATES ? `line ${n + 1}: ${quote(index.lines[n], 80)}` : ''));
      const where = candidates.length
        ? ` It is part of ${candidates.length} lines (${boundedList(shown, MAX_CANDIDATES)}); copy the whole line you mean.`
        : ' Read the file again and copy the line (a class or function header) exactly, or leave the @@ line empty.';
      throw new PatchError(
        `${name}: the @@ line ${quote(anchor)} was not found${from > 0 ? ` after line ${from}` : ''}.${where}`,
      );
    }
    anchorLine = found.line;
    from = found.line + 1;
  }
  const old = oldLines(hunk.lines);
  if (old.length === 0) {
    // A pure addition goes after its @@ line, or else at the end of the file.
    return { start: anchorLine >= 0 && !hunk.endOfFile ? from : index.length, lines: hunk.lines, level: 0 };
  }
  for (const lines of variants(hunk.lines)) {
    const pattern = oldLines(lines);
    if (pattern.length === 0) continue;
    const found = hunk.endOfFile ? findAtEnd(index, pattern, from) : findFrom(index, pattern, from, anchorLine);
    if (found) return { start: found.start, lines, level: found.level };
  }
  throw new PatchError(notFound(index, hunk, old, from, cursor, name, info));
}

/** The hunk's lines, then without blank context at its end, then at both ends (models add separators). */
function* variants(lines: readonly HunkLine[]): Generator<readonly HunkLine[]> {
  yield lines;
  const blankContext = (l: HunkLine) => l.kind === 'context' && l.text.trim() === '';
  let end = lines.length;
  while (end > 0 && blankContext(lines[end - 1])) end--;
  if (end < lines.length && end > 0) yield lines.slice(0, end);
  let start = 0;
  while (start < end && blankContext(lines[start])) start++;
  if (start > 0 && start < end) yield lines.slice(start, end);
}

interface Found {
  readonly start: number;
  readonly level: Level;
}

function findFrom(index: LineIndex, pattern: readonly string[], from: number, anchorLine: number): Found | undefined {
  for (const level of [0, 1, 2, 3] as Level[]) {
    const start = index.find(pattern, from, level);
    if (start >= 0) return { start, level };
  }
  // The model often repeats its @@ line as the hunk's first context line.
  if (anchorLine >= 0)
    for (const level of [0, 1, 2, 3] as Level[])
      if (index.matchesAt(pattern, anchorLine, level)) return { start: anchorLine, level };
  return undefined;
}

/** `*** End of File`: the lines must end the file (blank lines after them are tolerated). */
function findAtEnd(index: LineIndex, pattern: readonly string[], from: number): Found | undefined {
  let trailingBlank = 0;
  while (trailingBlank < index.length && index.lines[index.length - 1 - trailingBlank].trim() === '') trailingBlank++;
  for (const level of [0, 1, 2, 3] as Level[]) {
    for (let skip = 0; skip <= trailingBlank; skip++) {
      const start = index.length - skip - pattern.length;
      if (start >= from && index.matchesAt(pattern, start, level)) return { start, level };
    }
  }
  return undefined;
}

/** Why a hunk's lines were not found: the first line of the hunk that is nowhere in the file, or the closest place. */
function notFound(
  index: LineIndex,
  hunk: Hunk,
  old: readonly string[],
  from: number,
  cursor: number,
  name: string,
  info: HunkInfo,
): string {
  const advice = "Read the file again and copy the context and '-' lines exactly (or use fewer context lines).";
  const missing = old.find((line) => !index.contains(line, 3));
  if (missing !== undefined) return `${name}: the line ${quote(missing)} is not in the file. ${advice}`;
  if (hunk.endOfFile) {
    const atEnd = findAtEnd(index, old, 0)?.start ?? -1;
    const anywhere = index.find(old, 0, 3);
    if (atEnd >= 0)
      return `${name}: its lines end the file at line ${atEnd + 1}, inside the change of hunk ${info.number - 1}; each line can change only once. ${advice}`;
    if (anywhere >= 0)
      return `${name}: it is marked '*** End of File', but its lines are at line ${anywhere + 1}, not at the end of the file. Drop the marker or use the file's last lines. ${advice}`;
  }
  const earlier = index.find(old, 0, 3);
  if (earlier >= 0 && earlier < from) {
    const why =
      from > cursor
        ? `its lines are at line ${earlier + 1}, before its @@ line (line ${from})`
        : `its lines are at line ${earlier + 1}, before the change of hunk ${info.number - 1}${info.previous && oldLength(info.previous.lines) === 0 && info.previous.start === index.length ? ' (which has no context, so it was placed at the end of the file)' : ''}; list hunks in the order of the file, each change once`;
    return `${name}: ${why}. ${advice}`;
  }
  const closest = closestMatch(index, old, from);
  const differs = closest
    ? ` The closest place is line ${closest.start + 1}: the hunk's line ${quote(old[closest.matched], 120)} does not match the file's line ${closest.start + closest.matched + 1} ${quote(index.lines[closest.start + closest.matched] ?? '', 120)}.`
    : from > 0
      ? ` Its first line ${quote(old[0], 120)} is not in the file after line ${from}.`
      : ' Each line is in the file, but not together in this order.';
  return `${name}: its ${old.length} context and '-' lines were not found together${from > 0 ? ` after line ${from}` : ''} (whitespace and typographic differences ignored).${differs} ${advice}`;
}

/** The start (≥ from) where the longest prefix of `old` matches leniently; a bounded number of starts are tried. */
function closestMatch(
  index: LineIndex,
  old: readonly string[],
  from: number,
): { start: number; matched: number } | undefined {
  let best: { start: number; matched: number } | undefined;
  let tried = 0;
  const lines = index.normalizedLines(3);
  for (
    let start = index.find([old[0]], from, 3);
    start >= 0 && tried < 1000;
    start = index.find([old[0]], start + 1, 3), tried++
  ) {
    let matched = 0;
    while (
      matched < old.length &&
      start + matched < lines.length &&
      index.matchesAt([old[matched]], start + matched, 3)
    )
      matched++;
    if (matched < old.length && (!best || matched > best.matched)) best = { start, matched };
  }
  return best;
}
