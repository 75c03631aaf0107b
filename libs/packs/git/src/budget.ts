// The git tools' results within the result budget (libs/registry resultBudget.ts): a diff or a
// commit cut at a file boundary (then at a hunk when one file alone is over), the per-file summary
// cut with a count, a log at a commit, blame at a line; every cut says exactly how to get the rest.
import { boundedList } from '@toolpacks/base';
import { fitSections } from '@toolpacks/registry';
import type { GitFileStat, GitPatch } from '@toolpacks/services';

/** Room kept for the notes that say what was left out and how to get it. */
const NOTE_ROOM = 2_500;

const number = (n: number) => n.toLocaleString('en-US');

function statLine(stat: GitFileStat): string {
  const name = stat.previousPath !== undefined ? `${stat.previousPath} => ${stat.path}` : stat.path;
  const counts = stat.added === undefined ? 'binary' : `+${stat.added} -${stat.deleted}`;
  return `${name} | ${counts}`;
}

/** `N files changed, +a -d`, and every file's line, cut with a count when over `maxChars`. */
export function renderStat(stats: readonly GitFileStat[], maxChars: number, narrow: string): string {
  const added = stats.reduce((sum, s) => sum + (s.added ?? 0), 0);
  const deleted = stats.reduce((sum, s) => sum + (s.deleted ?? 0), 0);
  const summary = `${number(stats.length)} file(s) changed, +${number(added)} -${number(deleted)}`;
  if (stats.length === 0) return 'No files changed.';
  const fitted = fitSections(stats.map(statLine), Math.max(0, maxChars - summary.length - 300), '\n', false);
  const rest = stats.length - fitted.kept;
  return [
    summary,
    fitted.text,
    ...(rest > 0
      ? [
          `… and ${number(rest)} more file(s), left out to stay within the result budget of ${number(maxChars)} characters. ${narrow}`,
        ]
      : []),
  ].join('\n');
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
  /** The revision asked for (named in the way on for `rev:path` content). */
  readonly revision?: string;
  /** The first line of `rev:path` content to show (1-based; the way on past the budget). */
  readonly startLine?: number;
}

/** The text of a diff or commit within `maxChars`, with what was left out and how to get it. */
export function renderPatch(patch: GitPatch, options: PatchRenderOptions): string {
  const { maxChars, tool } = options;
  if (patch.kind === 'content') {
    const start = options.startLine ?? 1;
    const all = patch.header.split('\n');
    if (start > all.length)
      return `[The content has ${number(all.length)} line(s); startLine ${number(start)} is past its end.]`;
    const text = all.slice(start - 1).join('\n');
    const rendered = renderLines(
      text,
      maxChars,
      (shown) =>
        `[Showing lines ${number(start)}–${number(start + shown - 1)} of ${number(all.length)}: the rest is over the result budget of ${number(maxChars)} characters. Call ${tool} again with revision: '${options.revision ?? ''}', startLine: ${start + shown} for the next lines.]`,
    );
    return start > 1 && rendered === text
      ? `${text}\n\n[Lines ${number(start)}–${number(all.length)} of ${number(all.length)}.]`
      : rendered;
  }
  const parts: string[] = [];
  let header = patch.header;
  if (header.length > maxChars / 4) {
    const cut = header.lastIndexOf('\n', maxChars / 4);
    header = `${header.slice(0, cut > 0 ? cut : maxChars / 4)}\n[the commit message is cut here: it is over a quarter of the result budget]`;
  }
  if (header) parts.push(header);
  const narrow = `Call ${tool} again with path set to a folder or file to narrow it.`;
  if (options.stat) {
    let list = untrackedSection(patch, false, tool);
    if (list.length > maxChars / 4) list = list.slice(0, list.lastIndexOf('\n', maxChars / 4));
    parts.push(renderStat(patch.stat, maxChars - header.length - list.length - 200, narrow));
    if (list) parts.push(list);
    return parts.join('\n\n');
  }
  if (patch.stat.length === 0 && patch.files.length === 0 && patch.kind === 'diff' && patch.untracked.length === 0)
    return 'No differences.';
  // Untracked files with content join the files; the others are listed after them.
  const sections = [...patch.files.map((f) => ({ path: f.path, text: f.text }))];
  if (options.includeUntracked)
    for (const file of patch.untracked) if (file.patch) sections.push({ path: file.path, text: file.patch });
  const untrackedList = untrackedSection(patch, options.includeUntracked === true, tool);
  const room = Math.max(1_000, maxChars - header.length - untrackedList.length - NOTE_ROOM);
  const fitted = fitSections(
    sections.map((s) => s.text),
    room,
    '\n',
    false,
  );
  let body = fitted.text;
  let note = '';
  let shownCount = fitted.kept;
  const offset = options.hunkOffset ?? 0;
  if (offset > 0 && patch.files.length !== 1)
    return `[hunkOffset needs path set to one changed file; here ${patch.files.length === 0 ? 'no file has a diff' : `${number(patch.files.length)} files have one`}. Call ${tool} again with path set to the file.]`;
  if ((fitted.kept === 0 || offset > 0) && sections.length > 0) {
    const cut = cutAtHunk(sections[0].text, room, offset);
    body = cut.text;
    shownCount = 1;
    const from = offset + 1;
    const what =
      offset >= cut.total
        ? `it has only ${cut.total} hunk(s), none from hunkOffset ${offset}`
        : cut.partial
          ? `showing the start of hunk ${from} (of ${cut.total})`
          : `showing hunks ${from}–${offset + cut.shown} of ${cut.total}`;
    const over = cut.next !== undefined || cut.partial;
    note = `[${sections[0].path}: ${what}${over ? `; its diff is over the result budget of ${number(maxChars)} characters` : ''}${
      cut.nextOffset !== undefined
        ? `. For the rest call ${tool} again with path: '${sections[0].path}', hunkOffset: ${cut.nextOffset} (the next hunk starts at ${cut.next})`
        : ''
    }${cut.partial ? ". Read the cut hunk's lines with read_file" : ''}.]`;
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
      `[Showing ${number(Math.max(0, shown))} of ${number(total)} files: the rest are left out to stay within the result budget of ${number(maxChars)} characters${patch.truncated ? " (git's output was also cut at its size cap)" : ''}. Not shown: ${boundedList(omitted, 30)}. Call ${tool} again with path set to one of them (or a folder) for its diff, or with stat: true for the per-file summary of all ${number(total)} files.]`,
    );
  } else if (patch.truncated) {
    parts.push(`[git's output was cut at its size cap; call ${tool} again with path set to a file or folder.]`);
  }
  if (untrackedList) parts.push(untrackedList);
  return parts.join('\n\n');
}

function untrackedSection(patch: GitPatch, withContent: boolean, tool: string): string {
  if (patch.kind !== 'diff' || patch.untracked.length === 0) return '';
  const listed = withContent ? patch.untracked.filter((u) => !u.patch) : patch.untracked;
  if (listed.length === 0) return '';
  const names = listed.slice(0, 200).map((u) => `  ${u.path}${u.skipped ? ` (content not shown: ${u.skipped})` : ''}`);
  const more = listed.length > 200 ? [`  … (${number(listed.length - 200)} more)`] : [];
  const intro = withContent
    ? `Untracked files whose content is not shown (${number(listed.length)}):`
    : `Untracked files (${number(listed.length)}; new files, not in the diff above — call ${tool} with includeUntracked: true to see their content; stage them with git_add):`;
  return [intro, ...names, ...more].join('\n');
}

/** Text cut at a line boundary to fit `maxChars`; `note` says what was left out. */
export function renderLines(text: string, maxChars: number, note: (shown: number, total: number) => string): string {
  if (text.length <= maxChars) return text;
  const lines = text.split('\n');
  const fitted = fitSections(lines, Math.max(maxChars / 2, maxChars - NOTE_ROOM), '\n', true);
  const shown = Math.max(fitted.kept, 1);
  return `${fitted.text}\n\n${note(shown, lines.length)}`;
}
