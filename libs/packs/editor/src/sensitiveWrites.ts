// Writes that need the user's yes before they happen, with what will change shown:
// - sensitive files (git config and hooks, editor tasks and settings, …): they can make code run,
//   so they ask every time (`alwaysConfirm`), with the diff; the host's file system decides what
//   is sensitive and refuses such a write unless the call was confirmed;
// - write-protected files and folders (no write bit, as `chmod a-w` leaves them): changed only
//   when approved, like VS Code's "Overwrite" of a write-protected file.
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { CancellationToken } from '@toolpacks/base';
import { structuredPatch } from 'diff';
import { codeBlock, inertLine } from '@toolpacks/registry';
import type { PreparedToolInvocation, ToolInvocationOptions } from '@toolpacks/registry';
import { WorkspaceError } from '@toolpacks/services';
import type { ShownState, WorkspaceFileSystem, WriteOptions, WriteReceipt } from '@toolpacks/services';

/**
 * An editing tool's question: what it shows, with the receipt of it that the write path checks. The
 * editing tools' preparations give it and their calls get its receipt back (`EditCall`).
 */
export type EditQuestion = PreparedToolInvocation<WriteReceipt>;

/** An editing tool's call: its input, and the receipt of the question a person said yes to. */
export type EditCall<Input> = ToolInvocationOptions<Input, WriteReceipt>;

export interface PlannedWrite {
  /** Workspace-relative real path (links resolved): the receipt lists it as it is given. */
  readonly path: string;
  /** Content before (undefined: the file is created). */
  readonly before?: string;
  /** Content after (undefined: the file is deleted). */
  readonly after?: string;
  /** What the receipt lists as there before, when `before` is not the file's exact text (a binary file, a link, a folder). */
  readonly beforeState?: ShownState;
  /** What the receipt lists as there after, when `after` is not the exact text written. */
  readonly afterState?: ShownState;
}

/** The receipt state of a text (its UTF-8 bytes). */
export function textState(text: string): ShownState {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/** The receipt of writes: every path with what it held and will hold, as the question showed it. */
export function receiptOf(writes: readonly PlannedWrite[]): WriteReceipt {
  return {
    paths: writes.map((w) => ({
      path: w.path,
      before: w.beforeState ?? (w.before === undefined ? 'absent' : textState(w.before)),
      after: w.afterState ?? (w.after === undefined ? 'absent' : textState(w.after)),
    })),
  };
}

/**
 * The options of a write from a call's options: the receipt of the question a person confirmed
 * (the write path writes sensitive paths only by it, and checks every path it lists), and the
 * approval of write-protected files.
 */
export function writeOptions(
  call: { readonly receipt?: unknown; readonly approved?: boolean },
  token?: CancellationToken,
): WriteOptions {
  const receipt = isWriteReceipt(call.receipt) ? call.receipt : undefined;
  return { ...(receipt ? { receipt } : {}), allowWriteProtected: call.approved === true, token };
}

function isWriteReceipt(value: unknown): value is WriteReceipt {
  return typeof value === 'object' && value !== null && Array.isArray((value as WriteReceipt).paths);
}

/** Whether writing any of `paths` needs a confirmation: cheap, so tools ask it before computing diffs. */
export async function writesNeedConfirmation(
  workspace: WorkspaceFileSystem,
  paths: readonly string[],
): Promise<boolean> {
  for (const path of paths) {
    if (await workspace.sensitiveReason(path).catch(() => undefined)) return true;
    if (await writeProtected(workspace, path).catch(() => false)) return true;
  }
  return false;
}

/**
 * The question for an edit of one file (every editing tool's, whatever its family's shape), when
 * its path needs one (sensitive, write-protected): the diff of what `change` makes of the file's
 * text now, or, for a file the call creates, its whole new text. Throws what `change` throws.
 */
export async function confirmFileEdit(
  workspace: WorkspaceFileSystem,
  path: string,
  change: { readonly created: string } | ((before: string, relative: string) => string),
): Promise<EditQuestion | undefined> {
  if (!(await writesNeedConfirmation(workspace, [path]))) return undefined;
  const relative = workspace.relative(await workspace.resolve(path));
  if (typeof change !== 'function') return confirmWrites(workspace, [{ path: relative, after: change.created }]);
  const before = await workspace.readText(relative);
  return confirmWrites(workspace, [{ path: relative, before, after: change(before, relative) }]);
}

/** The confirmation for `writes`, or undefined when none of them needs one. */
export async function confirmWrites(
  workspace: WorkspaceFileSystem,
  writes: readonly PlannedWrite[],
): Promise<EditQuestion | undefined> {
  const sensitive: { write: PlannedWrite; reason: string }[] = [];
  const protectedPaths: string[] = [];
  for (const write of writes) {
    const reason = await workspace.sensitiveReason(write.path);
    if (reason) sensitive.push({ write, reason });
    if (await writeProtected(workspace, write.path)) protectedPaths.push(write.path);
  }
  if (sensitive.length === 0 && protectedPaths.length === 0) return undefined;
  const parts: string[] = [];
  if (sensitive.length) {
    parts.push(
      `This edit writes ${sensitive.length === 1 ? 'a file' : 'files'} that can make programs run. Check every line before you allow it.`,
    );
    // The diff shows the file's own text: its fence outgrows any backtick run in it (a line of ``` must not
    // end the block and turn the rest into the question's own words), and paths are one inert line each.
    parts.push(
      ...sensitive.map(({ write, reason }) => `${inertLine(reason)}\n\n${codeBlock(unifiedDiff(write), 'diff')}`),
    );
  }
  if (protectedPaths.length)
    parts.push(
      `Write-protected (read-only), changed only if you allow it: ${protectedPaths.map(inertLine).join(', ')}. They stay read-only afterwards.`,
    );
  const title =
    sensitive.length === 1 && protectedPaths.length === 0
      ? `Change ${inertLine(sensitive[0].write.path)}?`
      : sensitive.length
        ? `Change ${sensitive.length} sensitive file${sensitive.length === 1 ? '' : 's'}?`
        : `Overwrite write-protected ${protectedPaths.length === 1 ? inertLine(protectedPaths[0]) : 'files'}?`;
  return {
    confirmationMessages: { title, message: parts.join('\n\n') },
    // What the question shows, for the write path to check when it writes (a sensitive write's yes).
    receipt: receiptOf(writes),
    ...(sensitive.length ? { alwaysConfirm: true } : {}),
    // A yes remembered for the tool's ordinary prompt (write_file asks on every call) must not
    // cover overwriting a read-only file: that approval is remembered per file.
    ...(protectedPaths.length ? { approvalKey: `write-protected:${protectedPaths.join('\u0000')}` } : {}),
  };
}

/** The file (if it exists) or the nearest existing folder it is written in has no write bit. */
async function writeProtected(workspace: WorkspaceFileSystem, path: string): Promise<boolean> {
  const stat = await workspace.stat(path);
  if (stat?.writeProtected) return true;
  for (let dir = posix.dirname(path); ; dir = posix.dirname(dir)) {
    const folder = await workspace.stat(dir);
    if (folder) return folder.type === 'directory' && folder.writeProtected === true;
    if (dir === '.' || dir === '/' || dir === '') return false;
  }
}

/** The whole change as a unified diff: every changed line is shown, nothing is cut. */
export function unifiedDiff({ path, before, after }: PlannedWrite): string {
  const patch = structuredPatch(
    before === undefined ? '/dev/null' : `a/${path}`,
    after === undefined ? '/dev/null' : `b/${path}`,
    before ?? '',
    after ?? '',
    '',
    '',
    { context: 3 },
  );
  // A path is one line, whatever it holds: a newline in it must not fake a line of the diff.
  const lines = [`--- ${inertLine(patch.oldFileName ?? '')}`, `+++ ${inertLine(patch.newFileName ?? '')}`];
  for (const hunk of patch.hunks)
    lines.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines);
  return lines.join('\n');
}

/** The text of a confirmation message (a string, or Markdown as `{ value }`). */
export function messageText(message: string | { readonly value: string } | undefined): string {
  return typeof message === 'string' ? message : (message?.value ?? '');
}

/**
 * Refuses git's own data — a `.git` folder or gitfile anywhere (any case), or what is inside one —
 * for a delete or a move (from or to): asked or not, tools never do that (the write path refuses
 * it too; this says so before any question is asked).
 */
export function refuseGitData(paths: readonly string[], what: 'deleted' | 'moved'): void {
  for (const path of paths)
    if (path.split('/').some((part) => part.toLowerCase() === '.git'))
      throw new WorkspaceError(
        `${path} is git's own data (.git or inside it); it is never deleted or moved by a tool, nor is anything moved into it. Nothing was ${what}. Use the git tools to change the repository.`,
      );
}
