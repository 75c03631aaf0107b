// The text of git_diff and git_show within the result budget, fitted with the registry's pieces
// (fitSections, clipText): a diff or a commit cut at a file boundary (then at a hunk when one file
// alone is over), the per-file summary cut with a count, content at a line; every cut says exactly
// how to get the rest.
import { boundedList, quoteBounded } from '@toolpacks/base';
import { clipText, fitSections, inertLine } from '@toolpacks/registry';
import { WorkspaceError, type GitFileStat, type GitPatch } from '@toolpacks/services';
import { showHeaders } from './commitText';

/** Room kept for the notes that say what was left out and how to get it. */
const NOTE_ROOM = 2_500;

const number = (n: number) => n.toLocaleString('en-US');

function statLine(stat: GitFileStat): string {
  // One line per file, whatever its name holds (a line break in a name must not start a line).
  const name = inertLine(stat.previousPath !== undefined ? `${stat.previousPath} => ${stat.path}` : stat.path);
  const counts = stat.added === undefined ? 'binary' : `+${stat.added} -${stat.deleted}`;
  return `${name} | ${counts}`;
}

/**
 * `N files changed, +a -d`, and every file's line, cut with a count when over `maxChars` (or after
 * `maxFiles`, where the structured result's list stops); `kept`: how many files it lists.
 */
export function renderStat(
  stats: readonly GitFileStat[],
  maxChars: number,
  narrow: string,
  maxFiles = stats.length,
): { text: string; kept: number } {
  const added = stats.reduce((sum, s) => sum + (s.added ?? 0), 0);
  const deleted = stats.reduce((sum, s) => sum + (s.deleted ?? 0), 0);
  const summary = `${number(stats.length)} file(s) changed, +${number(added)} -${number(deleted)}`;
  if (stats.length === 0) return { text: 'No files changed.', kept: 0 };
  const fitted = fitSections(
    stats.slice(0, maxFiles).map(statLine),
    Math.max(0, maxChars - summary.length - 300),
    '\n',
    false,
  );
  const rest = stats.length - fitted.kept;
  const text = [
    summary,
    fitted.text,
    ...(rest > 0
      ? [
          `… and ${number(rest)} more file(s), left out to stay within the result budget of ${number(maxChars)} characters. ${narrow}`,
        ]
      : []),
  ].join('\n');
  return { text, kept: fitted.kept };
}

/** One file's section cut at a hunk boundary to fit `maxChars`; says how many hunks were left out. */
function cutAtHunk(
  text: string,
  maxChars: number,
  offset = 0,
): { text: string; shown: number; total: number; partial: boolean; next?: string; nextOffset?: number } {
  const first = text.search(/^@@/m);
  if (first < 0) return { text: text.slice(0, text.lastIndexOf('\n', maxChars)), shown: 0, total: 0, partial: true };
  const head = text.slice(0, first).replace(/\n$/, '');
  const all = text.slice(first).split(/\n(?=@@)/);
  const hunks = all.slice(offset);
  const fitted = fitSections(hunks, Math.max(0, maxChars - head.length - 1), '\n', true);
  const body = fitted.kept === 0 ? `${fitted.text}\n[this hunk is cut here]` : fitted.text;
  const after = offset + Math.max(fitted.kept, 1);
  const next = after < all.length ? all[after].split('\n', 1)[0] : undefined;
  return {
    text: `${head}\n${body}`,
    shown: fitted.kept,
    total: all.length,
    partial: fitted.kept === 0,
    next,
    nextOffset: next !== undefined ? after : undefined,
  };
}

export interface PatchRenderOptions {
  /** The result budget in characters. */
  readonly maxChars: number;
  /** 'git_show' or 'git_diff': named in the way on. */
  readonly tool: string;
  /** Only the per-file summary. */
  readonly stat: boolean;
  /** Untracked files' content was asked for. */
  readonly includeUntracked?: boolean;
  /** Hunks of the one file's diff to skip (the way on when one file alone is over the budget). */
  readonly hunkOffset?: number;
  /** The path asked for (named when the commit changes nothing inside it). */
  readonly path?: string;
  /** The revision asked for (named in the way on for `rev:path` content). */
  readonly revision?: string;
  /** The first line of `rev:path` content to show (1-based; the way on past the budget). */
  readonly startLine?: number;
  /** With stat: list at most this many files (where the structured result's list stops). */
  readonly maxFiles?: number;
}

/** What renderPatch shows: the text, and what the structured result needs to say the same. */
export interface RenderedPatch {
  readonly text: string;
  /** The diff shown (file sections, or a hunk-cut file), or the content's lines; '' when none. */
  readonly body: string;
  /** With stat: how many files of `patch.stat`, from the first, the text lists. */
  readonly statShown?: number;
  /** Files whose diff the text leaves out. */
  readonly omitted: readonly string[];
  /** One file's diff was cut at a hunk: the offset to go on from. */
  readonly nextHunkOffset?: number;
  /** For content: the lines shown (1-based, inclusive), of how many, and the next to ask for. */
  readonly lines?: { readonly first: number; readonly last: number; readonly total: number; readonly next?: number };
  /** The text left something out: a file, a hunk, lines, part of a list, or git cut its output. */
  readonly cut: boolean;
}

/**
 * The text of a diff or commit within `maxChars`, with what was left out and how to get it. Throws
 * for a way on that leads nowhere (hunkOffset without one file, startLine past the end): the model
 * must change the call.
 */
export function renderPatch(patch: GitPatch, options: PatchRenderOptions): RenderedPatch {
  const { maxChars, tool } = options;
  if (patch.kind === 'content') return renderContent(patch, options);
  const parts: string[] = [];
  const headers = showHeaders(patch, !options.stat);
  let header = headers.header;
  if (patch.nothingInScope)
    header = `${header}\n\n(no changes inside ${options.path === undefined ? 'the workspace' : `'${quoteBounded(options.path)}'`})`;
  let cut = patch.truncated;
  if (header.length > maxChars / 4) {
    const at = header.lastIndexOf('\n', maxChars / 4);
    header = `${header.slice(0, at > 0 ? at : maxChars / 4)}\n[the commit message is cut here: it is over a quarter of the result budget]`;
    cut = true;
  }
  if (header) parts.push(header);
  const narrow = `Call ${tool} again with path set to a folder or file to narrow it.`;
  if (options.stat) {
    let list = untrackedSection(patch, false, tool);
    if (list.length > maxChars / 4) {
      list = list.slice(0, list.lastIndexOf('\n', maxChars / 4));
      cut = true;
    }
    const stat = renderStat(patch.stat, maxChars - header.length - list.length - 200, narrow, options.maxFiles);
    parts.push(stat.text);
    if (list) parts.push(list);
    const listCut = patch.kind === 'diff' && patch.untracked.length > 200;
    return {
      text: parts.join('\n\n'),
      body: '',
      statShown: stat.kept,
      omitted: [],
      cut: cut || listCut || stat.kept < patch.stat.length,
    };
  }
  if (patch.stat.length === 0 && patch.files.length === 0 && patch.kind === 'diff' && patch.untracked.length === 0)
    return { text: 'No differences.', body: '', omitted: [], cut };
  // Untracked files with content join the files; the others are listed after them.
  // A range's later commits follow the last file before them, as in git's own text.
  const sections = patch.files.map((f, i) => {
    const after = headers.after.get(i);
    return { path: f.path, text: after === undefined ? f.text : `${f.text}\n${after}`.replace(/\n+$/, '') };
  });
  if (options.includeUntracked)
    for (const file of patch.untracked) if (file.patch) sections.push({ path: file.path, text: file.patch });
  // Every part within its share, so the text stays within the budget however small: the list of
  // untracked files a quarter at most, the notes on what was left out `reserve`, the diff the rest.
  let untrackedList = untrackedSection(patch, options.includeUntracked === true, tool);
  if (untrackedList.length > maxChars / 4) {
    untrackedList = untrackedList.slice(0, untrackedList.lastIndexOf('\n', maxChars / 4));
    cut = true;
  }
  const reserve = Math.min(NOTE_ROOM, Math.floor(maxChars / 4));
  const room = Math.max(Math.floor(maxChars / 4), maxChars - header.length - untrackedList.length - reserve - 10);
  const fitted = fitSections(
    sections.map((s) => s.text),
    room,
    '\n',
    false,
  );
  let body = fitted.text;
  let note = '';
  let shownCount = fitted.kept;
  let nextHunkOffset: number | undefined;
  const offset = options.hunkOffset ?? 0;
  if (offset > 0 && patch.files.length !== 1)
    throw new WorkspaceError(
      `hunkOffset needs path set to one changed file; here ${patch.files.length === 0 ? 'no file has a diff' : `${number(patch.files.length)} files have one`}. Call ${tool} again with path set to the file.`,
    );
  if ((fitted.kept === 0 || offset > 0) && sections.length > 0) {
    const hunks = cutAtHunk(sections[0].text, room, offset);
    const path = clipText(inertLine(sections[0].path), 200);
    if (offset > 0 && offset >= hunks.total)
      throw new WorkspaceError(
        `${path}: it has only ${hunks.total} hunk(s), none from hunkOffset ${offset}. Call ${tool} again with a smaller hunkOffset, or without it for the first hunks.`,
      );
    body = hunks.text;
    shownCount = 1;
    nextHunkOffset = hunks.nextOffset;
    const from = offset + 1;
    const what = hunks.partial
      ? `showing the start of hunk ${from} (of ${hunks.total})`
      : `showing hunks ${from}–${offset + hunks.shown} of ${hunks.total}`;
    const over = hunks.next !== undefined || hunks.partial;
    cut ||= over;
    note = `[${path}: ${what}${over ? `; its diff is over the result budget of ${number(maxChars)} characters` : ''}${
      hunks.nextOffset !== undefined
        ? `. For the rest call ${tool} again with path: '${path}', hunkOffset: ${hunks.nextOffset} (the next hunk starts at ${clipText(hunks.next ?? '', 200)})`
        : ''
    }${hunks.partial ? ". Read the cut hunk's lines with read_file" : ''}.]`;
  }
  if (body) parts.push(body);
  const shownPaths = new Set(sections.slice(0, shownCount).map((s) => s.path));
  // Every file, also those git's output cap cut off (in the stat, not in `files`).
  const all = [...new Set([...patch.stat.map((s) => s.path), ...sections.map((s) => s.path)])];
  const omitted = all.filter((p) => !shownPaths.has(p));
  const total = all.length;
  if (note) parts.push(note);
  if (omitted.length > 0) {
    const shown = total - omitted.length;
    parts.push(
      `[Showing ${number(Math.max(0, shown))} of ${number(total)} files: the rest are left out to stay within the result budget of ${number(maxChars)} characters${patch.truncated ? " (git's output was also cut at its size cap)" : ''}. Not shown: ${notShown(omitted, reserve - note.length - 450)}. Call ${tool} again with path set to one of them (or a folder) for its diff, or with stat: true for the per-file summary of all ${number(total)} files.]`,
    );
  } else if (patch.truncated) {
    parts.push(`[git's output was cut at its size cap; call ${tool} again with path set to a file or folder.]`);
  }
  if (untrackedList) parts.push(untrackedList);
  const listCut = patch.kind === 'diff' && patch.untracked.length > 200;
  return {
    text: parts.join('\n\n'),
    body,
    omitted,
    ...(nextHunkOffset !== undefined ? { nextHunkOffset } : {}),
    cut: cut || listCut || omitted.length > 0,
  };
}

/** A name as the model gave it, cut past 200 characters. */
/** The first of `omitted` (up to 30) whose names fit `maxChars`, and how many more there are. */
function notShown(omitted: readonly string[], maxChars: number): string {
  const names = omitted.map((name) => clipText(inertLine(name), 200));
  let count = Math.min(30, names.length);
  while (count > 1 && names.slice(0, count).join(', ').length > maxChars) count--;
  return boundedList(names, count);
}

/** A file (or folder) at a revision, from `startLine`, cut at a line within the budget. */
function renderContent(patch: GitPatch, options: PatchRenderOptions): RenderedPatch {
  const { maxChars, tool } = options;
  const start = options.startLine ?? 1;
  const all = (patch.content ?? '').split('\n');
  if (start > all.length)
    throw new WorkspaceError(
      `The content has ${number(all.length)} line(s); startLine ${number(start)} is past its end.`,
    );
  const text = all.slice(start - 1).join('\n');
  const lines = cutLines(text, maxChars);
  const last = start + lines.shown - 1;
  const next = lines.shown < lines.total ? last + 1 : undefined;
  const rendered = lines.cut
    ? `${lines.text}\n\n[Showing lines ${number(start)}–${number(last)} of ${number(all.length)}: the rest is over the result budget of ${number(maxChars)} characters. Call ${tool} again with revision: '${options.revision ?? ''}', startLine: ${last + 1} for the next lines.]`
    : start > 1
      ? `${text}\n\n[Lines ${number(start)}–${number(all.length)} of ${number(all.length)}.]`
      : text;
  return {
    text: rendered,
    body: lines.text,
    omitted: [],
    lines: { first: start, last, total: all.length, ...(next !== undefined ? { next } : {}) },
    cut: lines.cut || patch.truncated,
  };
}

function untrackedSection(patch: GitPatch, withContent: boolean, tool: string): string {
  if (patch.kind !== 'diff' || patch.untracked.length === 0) return '';
  const listed = withContent ? patch.untracked.filter((u) => !u.patch) : patch.untracked;
  if (listed.length === 0) return '';
  const names = listed
    .slice(0, 200)
    .map((u) => `  ${inertLine(u.path)}${u.skipped ? ` (content not shown: ${inertLine(u.skipped)})` : ''}`);
  const more = listed.length > 200 ? [`  … (${number(listed.length - 200)} more)`] : [];
  const intro = withContent
    ? `Untracked files whose content is not shown (${number(listed.length)}):`
    : `Untracked files (${number(listed.length)}; new files, not in the diff above — call ${tool} with includeUntracked: true to see their content; stage them with git_add):`;
  return [intro, ...names, ...more].join('\n');
}

/** What {@link cutLines} kept: the text, how many of its lines (the last maybe cut), of how many. */
interface CutLines {
  readonly text: string;
  readonly shown: number;
  readonly total: number;
  readonly cut: boolean;
}

/**
 * Text cut at a line boundary to fit `maxChars`, the note's room kept (at most half the budget); a
 * first line over the budget alone is cut in the middle.
 */
function cutLines(text: string, maxChars: number): CutLines {
  const lines = text.split('\n');
  if (text.length <= maxChars) return { text, shown: lines.length, total: lines.length, cut: false };
  const fitted = fitSections(lines, Math.max(maxChars / 2, maxChars - NOTE_ROOM), '\n', true);
  return { text: fitted.text, shown: Math.max(fitted.kept, 1), total: lines.length, cut: true };
}
