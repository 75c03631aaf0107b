// The commit step of the write path: one staged change made real (a rename, a link, an in-place
// write), each file compared with what was read right before, and how to undo it if a later change
// of the batch fails — a restore that keeps bytes a late writer appended.
import { constants as C, type BigIntStats, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { WorkspaceError, type AppliedChange, type FileChange } from '@toolpacks/services';
import { readAll, stillUnchanged, type Snapshot } from './fileSnapshot';
import { quote } from './quote';
import { READ_FLAGS, type Location, type SafeOpener } from './safeOpen';
import { ConflictError, inodeAt, permissionError, removeQuietly, tempName, writeTemp, type Temp } from './writeSteps';

/** FileChange plus the host's own `write` (create or replace with given text). */
export type WriteChange = FileChange | { readonly type: 'write'; readonly path: string; readonly content: string };

/** One step to take back, named by the path it restores. */
export interface Undo {
  readonly what: string;
  readonly run: () => Promise<void>;
}

/** One change of a batch, as it is located, staged and committed. */
export interface Plan {
  readonly change: WriteChange;
  readonly source: Location;
  readonly dest?: Location;
  snapshot?: Snapshot;
  before?: string;
  after?: string;
  bytes?: Buffer;
  temp?: Temp;
  inPlace?: boolean;
  /** The source's stat its bytes were read under, to see whether anyone wrote to it before the rename took. */
  checked?: BigIntStats;
  backup?: string;
  inPlaceHandle?: FileHandle;
}

/**
 * Makes one staged change real: the file compared with what was read right before its rename, and
 * what undoes it pushed on `undo` (run in reverse when a later change of the batch fails).
 */
export async function commitPlan(opener: SafeOpener, plan: Plan, undo: Undo[]): Promise<void> {
  const { change, source, dest, snapshot } = plan;
  const what = source.relative;
  if (snapshot) await checkUnchanged(opener, plan);
  if (change.type === 'delete' || dest) {
    // The new name first (exclusive: link() never replaces), then the old name moves aside.
    if (dest && plan.temp) {
      const temp = plan.temp;
      await dest.dir.ensure();
      await linkExclusive(temp.dir.at(temp.name), dest.dir.at(dest.name), dest.relative);
      undo.push({ what: dest.relative, run: () => unlinkIfInode(dest, temp.ino) });
    }
    plan.backup = tempName();
    await source.dir.ensure();
    await fs.rename(source.dir.at(source.name), source.dir.at(plan.backup)).catch((error) => {
      throw permissionError(error, quote(what));
    });
    const backup = plan.backup;
    undo.push({ what, run: () => fs.link(source.dir.at(backup), source.dir.at(source.name)) });
    return;
  }
  if (plan.inPlace) {
    const handle = await fs.open(source.dir.at(source.name), C.O_RDWR | C.O_NOFOLLOW | C.O_NONBLOCK).catch((error) => {
      throw permissionError(error, quote(what));
    });
    plan.inPlaceHandle = handle;
    const stat = await handle.stat({ bigint: true });
    if (stat.ino !== snapshot!.stat.ino || stat.dev !== snapshot!.stat.dev) throw new ConflictError(quote(what));
    await writeInPlace(handle, plan.bytes!);
    undo.push({ what, run: () => writeInPlace(handle, snapshot!.bytes) });
    return;
  }
  if (!plan.temp) return; // unchanged content
  const temp = plan.temp;
  if (!snapshot) {
    await source.dir.ensure();
    await linkExclusive(temp.dir.at(temp.name), source.dir.at(source.name), source.relative, change.type === 'write');
    undo.push({ what, run: () => unlinkIfInode(source, temp.ino) });
    return;
  }
  // The stat the bytes were read and hashed under, not a fresh one: an append landing between the
  // last check and this line would otherwise be counted as seen and lost with the old file.
  plan.checked = snapshot.stat;
  await source.dir.ensure();
  await fs.rename(temp.dir.at(temp.name), source.dir.at(source.name));
  plan.temp = undefined;
  undo.push({ what, run: () => restore(plan, temp.ino) });
}

/** Right before the rename: the name still holds the inode that was read, with the same bytes. */
async function checkUnchanged(opener: SafeOpener, plan: Plan): Promise<void> {
  const { source, snapshot } = plan;
  await opener.verifyInside(source.dir.handle, source.relative, source.dir.at(''));
  const now = await inodeAt(source.dir, source.name);
  if (
    !now ||
    now.ino !== Number(snapshot!.stat.ino) ||
    now.dev !== Number(snapshot!.stat.dev) ||
    !(await stillUnchanged(snapshot!))
  )
    throw new ConflictError(quote(source.relative));
}

/** After the rename: nobody wrote to the old file in the moment between check and rename. */
export async function untouchedSinceCheck(plan: Plan): Promise<boolean> {
  const now = await plan.snapshot!.handle.stat({ bigint: true });
  return now.size === plan.checked!.size && now.mtimeNs === plan.checked!.mtimeNs;
}

/**
 * Puts the old file's current bytes (late appends included) back under its name. Bytes appended
 * to our new file meanwhile are kept too; any other change to it means it cannot be restored.
 */
async function restore(plan: Plan, ourIno: number): Promise<void> {
  const { snapshot, source } = plan;
  const stat = await snapshot!.handle.stat({ bigint: true });
  const old = await readAll(snapshot!.handle, Number(stat.size));
  const ours = await fs.open(source.dir.at(source.name), READ_FLAGS).catch(() => undefined);
  if (!ours) throw new Error('gone');
  let tail: Buffer;
  try {
    const now = await ours.stat();
    const current = await readAll(ours, now.size);
    if (now.ino !== ourIno || !current.subarray(0, plan.bytes!.length).equals(plan.bytes!))
      throw new Error('changed again');
    tail = current.subarray(plan.bytes!.length);
  } finally {
    await ours.close();
  }
  const temp = await writeTemp(source.dir, Buffer.concat([old, tail]), stat, source.relative);
  if ((await inodeAt(source.dir, source.name))?.ino !== ourIno) {
    await removeQuietly(temp.dir, temp.name);
    throw new Error('changed again');
  }
  await fs.rename(temp.dir.at(temp.name), source.dir.at(source.name));
}

/** What one change did, as the write path reports it. */
export function describe(plan: Plan): AppliedChange {
  const type = plan.change.type === 'write' ? (plan.snapshot ? 'update' : 'create') : plan.change.type;
  return {
    type,
    path: plan.source.relative,
    ...(plan.dest ? { movedTo: plan.dest.relative } : {}),
    before: plan.before,
    after: plan.after,
  };
}

async function linkExclusive(from: string, to: string, relative: string, conflict = false): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw permissionError(error, quote(relative));
    throw conflict
      ? new ConflictError(quote(relative))
      : new WorkspaceError(`${quote(relative)} already exists; edit it instead of creating it. Nothing was changed.`);
  }
}

async function unlinkIfInode(location: Location, ino: number): Promise<void> {
  if ((await inodeAt(location.dir, location.name))?.ino === ino) await fs.unlink(location.dir.at(location.name));
}

async function writeInPlace(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length)
    written += (await handle.write(bytes, written, bytes.length - written, written)).bytesWritten;
  await handle.truncate(bytes.length);
}
