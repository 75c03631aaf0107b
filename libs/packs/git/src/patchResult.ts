// git_diff's and git_show's structured results: the per-file summary with each file's status, what
// the text left out and how to go on, and the diff itself when it fits beside the rest. Read from
// the GitPatch the tools already have and from what renderPatch showed, so both say the same.
import type { GitPatch } from '@toolpacks/services';
import { clipText, fitJsonArray, jsonChars, roomFor } from '@toolpacks/registry';
import { shownCommitSummary } from './commitText';
import type { PatchRenderOptions, RenderedPatch } from './patchText';
import { BESIDE_FIELDS } from './schemas';

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'typechange';

export interface FileChange {
  readonly path: string;
  readonly from?: string;
  readonly status?: FileStatus;
  readonly additions?: number;
  readonly deletions?: number;
  readonly binary?: boolean;
}

/** What a file's patch section says happened to it: its header lines, before the first hunk. */
export function sectionStatus(section: string): FileStatus {
  const [first, ...header] = section.split(/\n(?=@@)/, 1)[0].split('\n');
  if (!first.startsWith('diff --git ')) return 'modified'; // a merge's combined diff
  for (const line of header) {
    if (line.startsWith('new file mode ')) return 'added';
    if (line.startsWith('deleted file mode ')) return 'deleted';
    if (line.startsWith('rename from ')) return 'renamed';
    if (line.startsWith('copy from ')) return 'copied';
  }
  return 'modified';
}

/** The lines of a new-file diff: its one hunk says `@@ -0,0 +1,N @@` (`+1`: one line; none: empty). */
function newFileLines(patch: string): number {
  const hunk = /^@@ -0,0 \+1(?:,(\d+))? @@/m.exec(patch);
  return hunk ? Number(hunk[1] ?? 1) : 0;
}

/**
 * Every changed file of the per-file summary, with its status where its patch was read; with
 * `untrackedContent` (a diff's patch view with includeUntracked) the untracked files whose content is
 * shown after them, as added files, as the text counts them.
 */
export function fileChanges(patch: GitPatch, untrackedContent = false): FileChange[] {
  const statuses = new Map<string, FileStatus>();
  for (const file of patch.files) {
    const status = sectionStatus(file.text);
    const before = statuses.get(file.path);
    // A file that became a link (or back) is a deletion and an addition of one path.
    statuses.set(file.path, before !== undefined && before !== status ? 'typechange' : status);
  }
  const changes: FileChange[] = patch.stat.map((stat) => {
    const status = statuses.get(stat.path);
    return {
      path: stat.path,
      ...(stat.previousPath !== undefined ? { from: stat.previousPath } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(stat.added === undefined ? { binary: true } : { additions: stat.added, deletions: stat.deleted ?? 0 }),
    };
  });
  if (!untrackedContent) return changes;
  const listed = new Set(changes.map((change) => change.path));
  for (const file of patch.untracked)
    if (file.patch !== undefined && !listed.has(file.path))
      changes.push({
        path: file.path,
        status: 'added',
        additions: newFileLines(file.patch),
        deletions: 0,
      });
  return changes;
}

/**
 * Shares of the budget left beside the tool's own fields (`rest`): the file list first, what the
 * text left out and the untracked files after it; the last twentieth for the counts and flags.
 */
function listRooms(maxChars: number, rest: object): { files: number; omitted: number; untracked: number } {
  const room = roomFor(BESIDE_FIELDS, maxChars, rest).maxJsonChars;
  return { files: Math.floor(room * 0.6), omitted: Math.floor(room * 0.2), untracked: Math.floor(room * 0.15) };
}

/** With stat: how many files the structured list can hold, so the text lists the same ones. */
export function statFileLimit(patch: GitPatch, maxChars: number, rest: object = {}): number {
  return fitJsonArray(fileChanges(patch), listRooms(maxChars, rest).files).length;
}

// A type, not an interface: a structured result must be a plain record (an interface has no index signature).
type PatchFields = {
  readonly files: FileChange[];
  readonly fileCount: number;
  readonly omitted?: string[];
  readonly nextHunkOffset?: number;
  readonly patch?: string;
  readonly truncated: boolean;
};

/** The fields git_diff and git_show share; `rest` are the tool's own fields, fitted first. */
function patchFields<R extends object>(
  patch: GitPatch,
  rendered: RenderedPatch,
  options: PatchRenderOptions,
  rest: R,
  untracked?: readonly string[],
): R & PatchFields & { untracked?: string[] } {
  // The files the text counts: with includeUntracked, the untracked ones whose diff it shows too.
  const all = fileChanges(patch, options.includeUntracked === true && !options.stat);
  const rooms = listRooms(options.maxChars, rest);
  const files = fitJsonArray(all.slice(0, rendered.statShown ?? all.length), rooms.files);
  const omitted = fitJsonArray(rendered.omitted, rooms.omitted);
  const listed = untracked && fitJsonArray(untracked, rooms.untracked);
  const cut =
    rendered.cut ||
    files.length < all.length ||
    omitted.length < rendered.omitted.length ||
    (listed?.length ?? 0) < (untracked?.length ?? 0);
  const value = {
    ...rest,
    files,
    fileCount: all.length,
    ...(omitted.length ? { omitted } : {}),
    ...(listed ? { untracked: listed } : {}),
    ...(rendered.nextHunkOffset !== undefined ? { nextHunkOffset: rendered.nextHunkOffset } : {}),
    truncated: cut,
  };
  // The text carries the diff already: beside the rest only while both stay within the budget.
  const withPatch = rendered.body ? { ...value, patch: rendered.body } : value;
  return jsonChars(withPatch) <= options.maxChars ? withPatch : value;
}

/** git_diff's structured result. */
export function diffResult(patch: GitPatch, rendered: RenderedPatch, options: PatchRenderOptions) {
  const value = patchFields(
    patch,
    rendered,
    options,
    {},
    patch.untracked.map((u) => u.path),
  );
  return { ...value, untracked: value.untracked ?? [] };
}

/** git_show's own fields for a commit: which one (its hash, author, date and subject). */
export function commitFields(patch: GitPatch, maxChars: number) {
  const header = shownCommitSummary(patch);
  // A message's first paragraph can be any length: it gets an eighth of the budget at most.
  const commit = header && {
    ...header,
    author: clipText(header.author, 500),
    subject: clipText(header.subject, Math.floor(maxChars / 8)),
  };
  return { kind: 'commit' as const, ...(commit ? { commit } : {}) };
}

/** git_show's structured result: a commit (its hash, author, subject and files) or a file's lines. */
export function showResult(patch: GitPatch, rendered: RenderedPatch, options: PatchRenderOptions) {
  if (patch.kind === 'content') {
    const lines = rendered.lines!;
    const value = {
      kind: 'content' as const,
      files: [],
      fileCount: 0,
      firstLine: lines.first,
      lastLine: lines.last,
      totalLines: lines.total,
      ...(lines.next !== undefined ? { nextStartLine: lines.next } : {}),
      truncated: rendered.cut,
    };
    const withContent = { ...value, content: rendered.body };
    return jsonChars(withContent) <= options.maxChars ? withContent : value;
  }
  return patchFields(patch, rendered, options, commitFields(patch, options.maxChars));
}
