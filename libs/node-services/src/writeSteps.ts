// The small steps of the write path: temp files (named so search hides them and a later start-up
// can remove what a killed process left), permission checks, and the errors they raise.
import { constants as C, type BigIntStats, promises as fs } from 'node:fs';
import { WorkspaceError, type WriteOptions } from '@toolpacks/services';
import { tempName } from './writePathNames';

export { isWritePathFile, TEMP_GLOB, tempName } from './writePathNames';
import { quote } from './quote';

export { ConflictError } from './conflictError';
import { lstatOrUndefined, MissingParentError, type Location, type OpenDirectory, type SafeOpener } from './safeOpen';
import type { SensitivePaths } from './sensitivePaths';
import { checkShown } from './writeReceipt';

const IS_ROOT = process.getuid?.() === 0;

export interface Temp {
  readonly dir: OpenDirectory;
  readonly name: string;
  readonly ino: number;
  /** False when the owner or group of `like` could not be given to the temp file. */
  readonly ownerKept: boolean;
}

/** Writes `bytes` to a new temp file in `dir`, with the mode, owner and group of `like` if given. */
export async function writeTemp(
  dir: OpenDirectory,
  bytes: Buffer,
  like: BigIntStats | undefined,
  input: string,
): Promise<Temp> {
  const name = tempName();
  let handle;
  try {
    await dir.ensure();
    handle = await fs.open(dir.at(name), C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, like ? 0o600 : 0o666);
  } catch (error) {
    throw permissionError(error, `the folder of ${quote(input)}`);
  }
  try {
    await handle.writeFile(bytes);
    let ownerKept = true;
    if (like) {
      // chown first: it clears set-id bits, which the chmod then restores.
      const stat = await handle.stat();
      if (stat.uid !== Number(like.uid) || stat.gid !== Number(like.gid)) {
        try {
          await handle.chown(Number(like.uid), Number(like.gid));
        } catch {
          ownerKept = false;
        }
      }
      await handle.chmod(Number(like.mode) & 0o7777);
    }
    return { dir, name, ino: (await handle.stat()).ino, ownerKept };
  } catch (error) {
    await fs.unlink(dir.at(name)).catch(() => undefined);
    throw permissionError(error, `the folder of ${quote(input)}`);
  } finally {
    await handle.close();
  }
}

export async function removeQuietly(dir: OpenDirectory, name: string): Promise<void> {
  await fs.unlink(dir.at(name)).catch(() => undefined);
}

/**
 * A file this user may not write is refused, never replaced. A file marked read-only (no write bit)
 * that this process could write anyway (root) is changed only with the user's approval.
 */
export async function checkWritableFile(
  dir: OpenDirectory,
  name: string,
  stat: BigIntStats,
  input: string,
  allowWriteProtected = false,
): Promise<void> {
  const readOnly = new WorkspaceError(
    `${quote(input)} is read-only; it was not changed. If it should change, the user has to make it writable first.`,
  );
  if (
    !IS_ROOT &&
    !(await fs.access(dir.at(name), C.W_OK).then(
      () => true,
      () => false,
    ))
  )
    throw readOnly;
  if ((Number(stat.mode) & 0o222) === 0 && !allowWriteProtected)
    throw new WorkspaceError(
      `${quote(input)} is write-protected (read-only); it was not changed. It changes only when the ` +
        'user approves overwriting it.',
    );
}

export async function checkWritableFolder(
  dir: OpenDirectory,
  input: string,
  allowWriteProtected = false,
): Promise<void> {
  const stat = await dir.handle.stat();
  const readOnly = new WorkspaceError(
    `The folder of ${quote(input)} (${quote(dir.relative || '.')}) is read-only; nothing was changed.`,
  );
  if (
    !IS_ROOT &&
    !(await fs.access(dir.at(''), C.W_OK).then(
      () => true,
      () => false,
    ))
  )
    throw readOnly;
  if ((stat.mode & 0o222) === 0 && !allowWriteProtected)
    throw new WorkspaceError(
      `The folder of ${quote(input)} (${quote(dir.relative || '.')}) is write-protected (read-only); ` +
        'nothing was changed. It changes only when the user approves it.',
    );
}

export function permissionError(error: unknown, what: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM')
    return new WorkspaceError(`Permission denied writing ${what}; nothing was changed.`);
  if (code === 'EROFS') return new WorkspaceError(`${what} is on a read-only file system; nothing was changed.`);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new WorkspaceError(`No space left to write ${what}; nothing was changed.`);
  return error;
}

/** The inode a name in `dir` refers to now (without following links), or undefined. */
export async function inodeAt(
  dir: OpenDirectory,
  name: string,
): Promise<{ dev: number; ino: number; nlink: number; isFile: boolean; isDirectory: boolean } | undefined> {
  try {
    const stat = await fs.lstat(dir.at(name));
    return { dev: stat.dev, ino: stat.ino, nlink: stat.nlink, isFile: stat.isFile(), isDirectory: stat.isDirectory() };
  } catch {
    return undefined;
  }
}

/** A call reported as stopped (cancelled, timed out) must not write after its commit point. */
export function stopped(): WorkspaceError {
  return new WorkspaceError(
    'The call was stopped (cancelled or out of time) before anything was written; nothing was changed.',
  );
}

export function missing(input: string): WorkspaceError {
  return new WorkspaceError(`${quote(input)} does not exist.`, 'path-not-found', { path: input });
}

/**
 * The folder that holds the last name of `input`, opened (folders on the way followed as usual,
 * the last name not), or undefined when that folder does not exist. The caller closes `dir`.
 */
export async function openParent(
  opener: SafeOpener,
  input: string,
): Promise<{ dir: OpenDirectory; name: string } | undefined> {
  const parts = opener.components(input);
  if (parts.length === 0) return undefined;
  const parentInput = parts.slice(0, -1).join('/') || '.';
  for (let attempt = 0; attempt < 10; attempt++) {
    let location;
    try {
      location = await opener.locate(parentInput);
    } catch (error) {
      if (error instanceof MissingParentError) return undefined;
      throw error;
    }
    try {
      const dir = await opener.openDirectory(location, parentInput);
      if (dir === 'symlink') continue;
      if (!dir || dir === 'file') return undefined;
      return { dir, name: parts[parts.length - 1] };
    } finally {
      await location.dir.close();
    }
  }
  throw new WorkspaceError(`The folder of ${quote(input)} kept changing between a folder and a link; try again.`);
}

/** Whether the last name of `input` is a symbolic link itself (its folders are followed as usual). */
export async function lastNameIsLink(opener: SafeOpener, input: string): Promise<boolean> {
  const parent = await openParent(opener, input);
  if (!parent) return false;
  try {
    return (await lstatOrUndefined(parent.dir.at(parent.name)))?.isSymbolicLink() === true;
  } finally {
    await parent.dir.close();
  }
}

/** A move's destination that is a link: a move never writes through one. */
export function linkDestination(input: string, to: string): WorkspaceError {
  return new WorkspaceError(
    `Cannot move ${quote(input)} to ${quote(to)}: that name is a symbolic link, and a move never ` +
      'writes through a link. Choose another destination. Nothing was changed.',
  );
}

/** The in-process lock keys of a name: its folder's inode and the name, plus the file's inode when hard-linked. */
export async function keysOf(location: Location): Promise<string[]> {
  const dir = await location.dir.handle.stat();
  const keys = [`${dir.dev}:${dir.ino}/${location.name}`];
  const inode = await inodeAt(location.dir, location.name);
  if (inode && inode.isFile && inode.nlink > 1) keys.push(`inode:${inode.dev}:${inode.ino}`);
  return keys;
}

/**
 * A path is written only when the user's yes covers it: no receipt, and the path is not sensitive;
 * or a receipt that lists it (its bytes are compared where they are known, see writeReceipt.ts).
 */
export function refuseSensitive(sensitive: SensitivePaths, relative: string, options: WriteOptions): void {
  checkShown(sensitive, options, relative);
}
