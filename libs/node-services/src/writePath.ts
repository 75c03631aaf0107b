// The one write path of the workspace: every create, overwrite, edit, delete and move — single or
// in an all-or-nothing batch — is located through the safe opener, queued per real file, staged
// (read, checked, transformed, temp file written) and only then committed, each file compared
// with what was read right before its rename. A failure after a rename rolls back what was done.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type AppliedChange,
  type DeletedFolder,
  type MovedFolder,
  type WriteOptions,
} from '@toolpacks/services';
import { decodeForEdit, takeSnapshot } from './fileSnapshot';
import { FileLocks } from './fileLocks';
import { acquireProcessLock } from './processLock';
import { quote } from './quote';
import type { Location, SafeOpener } from './safeOpen';
import type { SensitivePaths } from './sensitivePaths';
import { refuseGitData } from './gitData';
import { commitPlan, describe, untouchedSinceCheck, type Plan, type Undo, type WriteChange } from './writeCommit';
import { FolderWrites } from './writeFolders';
import { bytesState, checkShown, receiptLists } from './writeReceipt';
import {
  checkWritableFile,
  checkWritableFolder,
  ConflictError,
  inodeAt,
  keysOf,
  lastNameIsLink,
  linkDestination,
  refuseSensitive,
  removeQuietly,
  writeTemp,
} from './writeSteps';

export type { WriteChange } from './writeCommit';

/** A transform that collided with another writer is re-read and re-applied up to this many times. */
const MAX_ATTEMPTS = 4;
/** How long after a rename the replaced file is watched for late writes (see applyOnce). */
const LATE_WRITER_GRACE_MS = 5;

export class WritePath {
  private readonly locks = new FileLocks();
  private readonly folders: FolderWrites;

  constructor(
    private readonly opener: SafeOpener,
    private readonly sensitive: SensitivePaths,
    private readonly beforeFirstWrite: () => Promise<void>,
  ) {
    this.folders = new FolderWrites(opener, sensitive, this.locks);
  }

  /**
   * Applies the changes all or nothing. A collision with another writer is retried (re-read,
   * re-transformed) when every new content is a transform of the current text; otherwise it is
   * a ConflictError.
   */
  async apply(changes: readonly WriteChange[], options: WriteOptions = {}): Promise<AppliedChange[]> {
    if (!Array.isArray(changes) || changes.length === 0) throw new WorkspaceError('No changes were given.');
    await this.beforeFirstWrite();
    const retryable = changes.every(
      (c) =>
        c.type === 'delete' ||
        c.type === 'move' ||
        c.type === 'create' ||
        (c.type === 'update' && typeof c.content === 'function' && c.expected === undefined),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.applyOnce(changes, options);
      } catch (error) {
        if (!(error instanceof ConflictError) || !retryable || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 5)); // let the other writer finish
      }
    }
  }

  private async applyOnce(changes: readonly WriteChange[], options: WriteOptions): Promise<AppliedChange[]> {
    const plans: Plan[] = [];
    const created: string[] = [];
    const undo: Undo[] = [];
    let release: (() => void) | undefined;
    const fileLocks: (() => Promise<void>)[] = [];
    let committed = false;
    try {
      const keys: string[] = [];
      const named = new Map<string, Location>();
      for (const change of changes) {
        const plan = await this.locate(change, options, created);
        plans.push(plan);
        for (const location of [plan.source, plan.dest]) {
          if (!location) continue;
          const [key, ...inodeKeys] = await keysOf(location);
          keys.push(key, ...inodeKeys);
          named.set(key, location);
        }
      }
      const duplicate = keys.filter((key, i) => !key.startsWith('inode:') && keys.indexOf(key) !== i);
      if (duplicate.length)
        throw new WorkspaceError(
          `A file appears in more than one change; combine its changes into one. Nothing was changed.`,
        );
      release = await this.locks.acquire(keys);
      // Then the lock files that queue other processes, in the same fixed order.
      for (const key of [...named.keys()].sort()) {
        const location = named.get(key)!;
        const releaseFile = location.name
          ? await acquireProcessLock(location.dir, location.name, quote(location.relative))
          : undefined;
        if (releaseFile) fileLocks.push(releaseFile);
      }
      const held = new Set(keys);
      for (const plan of plans) await this.stage(plan, options, held);
      // The commit point: a call reported as stopped (cancelled, timed out) must not write after it.
      if (options.token?.isCancellationRequested)
        throw new WorkspaceError(
          'The call was stopped (cancelled or out of time) before anything was written; nothing was changed.',
        );
      for (const plan of plans) await commitPlan(this.opener, plan, undo);
      // A folder moved out of the root after it was opened takes our writes with it: undo them.
      for (const plan of plans)
        for (const location of [plan.source, plan.dest])
          if (location) await this.opener.verifyInside(location.dir.handle, location.relative, location.dir.at(''));
      // A writer that opened the old file just before the rename (an appender descheduled between
      // open and write) writes to the replaced file: look twice, the second time a moment later.
      for (const plan of plans)
        if (plan.checked && !(await untouchedSinceCheck(plan))) throw new ConflictError(quote(plan.source.relative));
      if (plans.some((plan) => plan.checked)) await new Promise((resolve) => setTimeout(resolve, LATE_WRITER_GRACE_MS));
      for (const plan of plans)
        if (plan.checked && !(await untouchedSinceCheck(plan))) throw new ConflictError(quote(plan.source.relative));
      committed = true;
      return plans.map(describe);
    } catch (error) {
      const failed: string[] = [];
      for (const step of undo.reverse()) await step.run().catch(() => failed.push(step.what));
      if (undo.length && typeof (error as Error)?.message === 'string') {
        const failure = error as Error;
        if (failed.length) failure.message += ` Rolling back failed for ${boundedList(failed)}: check those files.`;
        else if (!(error instanceof ConflictError)) failure.message += ' The changes already made were rolled back.';
      }
      throw error;
    } finally {
      // Lock files first: they are named through the folder fds closed below.
      for (const releaseFile of fileLocks) await releaseFile();
      for (const plan of plans) {
        if (plan.temp) await removeQuietly(plan.temp.dir, plan.temp.name);
        // A backup goes once the batch holds, or once rollback linked it back under its name.
        if (
          plan.backup &&
          (committed ||
            (await inodeAt(plan.source.dir, plan.source.name))?.ino ===
              (await inodeAt(plan.source.dir, plan.backup))?.ino)
        )
          await removeQuietly(plan.source.dir, plan.backup);
        await plan.snapshot?.handle.close().catch(() => undefined);
        await plan.inPlaceHandle?.close().catch(() => undefined);
        await plan.source.dir.close();
        await plan.dest?.dir.close();
      }
      // Folders this batch created, deepest first, once its temp files are gone (rmdir only removes empty ones).
      if (!committed)
        for (const dir of created.reverse()) await fs.rmdir(path.join(this.opener.root, dir)).catch(() => undefined);
      release?.();
    }
  }

  private async locate(change: WriteChange, options: WriteOptions, created: string[]): Promise<Plan> {
    if (!change || typeof change !== 'object' || typeof change.path !== 'string')
      throw new WorkspaceError('Each change needs a type and a path.');
    const guard = (relative: string) => refuseSensitive(this.sensitive, relative, options);
    const creates = change.type === 'create' || change.type === 'write';
    const source = await this.opener.locate(change.path, { createParents: creates, guard });
    created.push(...source.created);
    const to = change.type === 'move' ? change.to : change.type === 'update' ? change.moveTo : undefined;
    let dest: Location | undefined;
    try {
      // git's own data is never deleted, nor moved out of or into (no folder is created in it).
      if (to !== undefined || change.type === 'delete') refuseGitData(source.relative);
      if (to === undefined) return { change, source };
      // A move renames names: a link as its source would move its target, a link as its
      // destination would write through it (to wherever it points).
      if (change.type === 'move' && (await lastNameIsLink(this.opener, change.path)))
        throw new WorkspaceError(
          `${quote(change.path)} is a symbolic link; only files can be moved (moving it would move the ` +
            'file it points to). Nothing was changed.',
        );
      if (await lastNameIsLink(this.opener, to)) throw linkDestination(change.path, to);
      const gitGuard = (relative: string) => {
        refuseGitData(relative);
        guard(relative);
      };
      dest = await this.opener.locate(to, { createParents: true, guard: gitGuard });
      created.push(...dest.created);
      refuseGitData(dest.relative);
      return { change, source, dest };
    } catch (error) {
      await source.dir.close();
      await dest?.dir.close();
      throw error;
    }
  }

  /** Deletes a folder tree, or a link itself (see FolderWrites.deleteFolder). */
  async deleteFolder(input: string, recursive: boolean, options: WriteOptions): Promise<DeletedFolder> {
    await this.beforeFirstWrite();
    return this.folders.deleteFolder(input, recursive, options);
  }

  /** Moves a folder tree in one rename (see FolderWrites.moveFolder). */
  async moveFolder(input: string, to: string, options: WriteOptions): Promise<MovedFolder> {
    await this.beforeFirstWrite();
    return this.folders.moveFolder(input, to, options);
  }

  private async stage(plan: Plan, options: WriteOptions, held: Set<string>): Promise<void> {
    const { change, source, dest } = plan;
    const input = change.path;
    if (!source.name) throw new WorkspaceError(`${quote(input)} is the workspace folder itself, not a file.`);
    refuseSensitive(this.sensitive, source.relative, options);
    if (dest) refuseSensitive(this.sensitive, dest.relative, options);
    if ((await inodeAt(source.dir, source.name))?.isDirectory)
      throw new WorkspaceError(
        `${quote(input)} is a folder, not a file; ` +
          `${change.type === 'delete' ? 'only files can be deleted' : 'give the path of a file'}. Nothing was changed.`,
      );
    const handle = await this.opener.openFile(source, input);
    if (handle === 'symlink') throw new ConflictError(quote(source.relative));
    if (handle)
      plan.snapshot = await takeSnapshot(handle, input).catch(async (error) => {
        await handle.close();
        throw error;
      });
    const existing = plan.snapshot;
    if (change.type === 'create') {
      if (existing) throw new WorkspaceError(`${quote(input)} already exists; edit it instead of creating it.`);
    } else if (!existing) {
      if (change.type !== 'write')
        throw new WorkspaceError(`File ${quote(input)} does not exist.`, 'not-found', { path: input });
    } else {
      if (existing.stat.nlink > 1n && !held.has(`inode:${existing.stat.dev}:${existing.stat.ino}`))
        throw new ConflictError(quote(source.relative));
      // A hard-linked file is written in place, so every other name of it changes too — and one of
      // them may be .git/config or a hook: it needs the same confirmation as a sensitive path.
      if (existing.stat.nlink > 1n && !receiptLists(options, source.relative))
        throw new WorkspaceError(
          `${quote(input)} has ${existing.stat.nlink - 1n} other name(s) (hard links) that this write ` +
            `would change too, possibly a sensitive file; it needs the user's confirmation. Nothing was ` +
            'changed.',
        );
      await checkWritableFile(source.dir, source.name, existing.stat, input, options.allowWriteProtected);
    }
    await checkWritableFolder(
      dest?.dir ?? source.dir,
      dest ? String(dest.relative) : input,
      options.allowWriteProtected,
    );
    if (dest && (await inodeAt(dest.dir, dest.name)))
      throw new WorkspaceError(
        `Cannot move ${quote(input)} to ${quote(dest.relative)}: it already exists. Nothing was changed.`,
      );

    // The text is needed to transform it or to compare it; a plain replacement does not decode (the
    // old file may be binary).
    if (
      (change.type === 'update' && (typeof change.content === 'function' || change.expected !== undefined)) ||
      (change.type === 'delete' && change.expected !== undefined)
    ) {
      plan.before = decodeForEdit(existing!.bytes, input);
      if (change.expected !== undefined && change.expected !== plan.before)
        throw new WorkspaceError(
          `${quote(input)} is not what the change expected (it changed since it was read). Nothing was ` +
            'changed; read it again and redo the change.',
        );
    }
    if (change.type === 'delete') {
      if (options.receipt) checkShown(this.sensitive, options, source.relative, bytesState(existing!.bytes), 'absent');
      return;
    }
    if (change.type === 'update')
      plan.after = typeof change.content === 'function' ? await change.content(plan.before!) : change.content;
    else if (change.type === 'create' || change.type === 'write') plan.after = change.content;
    if (plan.after !== undefined && typeof plan.after !== 'string')
      throw new WorkspaceError(`The new content of ${quote(input)} must be text.`);
    plan.bytes = plan.after !== undefined ? Buffer.from(plan.after, 'utf8') : existing!.bytes;
    // The receipt: what was there is what the question showed (the commit compares the snapshot
    // again right before its rename), and what is written is what it showed would be.
    if (options.receipt) {
      const before = existing ? bytesState(existing.bytes) : 'absent';
      const written = bytesState(plan.bytes);
      checkShown(this.sensitive, options, source.relative, before, dest ? 'absent' : written);
      if (dest) checkShown(this.sensitive, options, dest.relative, 'absent', written);
    }
    if (!dest && existing && existing.bytes.equals(plan.bytes)) return; // nothing to write
    // Hard links are written in place so every name sees the edit; so is a file whose owner this
    // user cannot give to a new file.
    plan.inPlace = !dest && !!existing && existing.stat.nlink > 1n;
    if (plan.inPlace) return;
    plan.temp = await writeTemp(dest?.dir ?? source.dir, plan.bytes, existing?.stat, input);
    if (!plan.temp.ownerKept && !dest) {
      await removeQuietly(plan.temp.dir, plan.temp.name);
      plan.temp = undefined;
      plan.inPlace = true;
    }
  }
}
