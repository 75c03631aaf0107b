// The safe opener's file open (SafeOpener.openFile) done synchronously, for small reads: the same
// checks in the same order — lstat (a link: 'symlink', a folder or special file refused), an open
// through the folder's fd with O_NOFOLLOW|O_NONBLOCK (a FIFO swapped in never blocks), fstat of
// the held fd (a regular file only), its real path read back from /proc/self/fd — each a syscall of
// microseconds. A read of a small file then makes no round trip through libuv's thread pool, whose
// latency (open, read, close: ~0.05–0.1 ms each on a busy machine, far more under load) was most of
// a small read's cost and of verifying a grep's matches. Only where the walk uses /proc/self/fd: the
// portable fallback re-checks by path name asynchronously (SafeOpener.openFile).
import { closeSync, constants as C, fstatSync, lstatSync, openSync, readlinkSync, readSync } from 'node:fs';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { quote } from './quote';

export const READ_FLAGS = C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK;

/** Up to this size a file is read whole in one synchronous read (microseconds from the page cache). */
export const SYNC_READ_BYTES = 64 * 1024;

/**
 * The fd of the regular file at `location` (the caller closes it with closeSync); undefined when it
 * does not exist, 'symlink' when the name became a link since `locate`, 'unavailable' where the
 * walk does not use /proc/self/fd (use SafeOpener.openFile).
 */
export function openFileSync(
  opener: { readonly root: string; readonly usesProcFd: boolean; outside(input: string): WorkspaceError },
  location: { readonly dir: { at(name: string): string }; readonly name: string },
  input: string,
): number | undefined | 'symlink' | 'unavailable' {
  if (!opener.usesProcFd) return 'unavailable';
  const target = location.dir.at(location.name);
  const before = beforeOpen(target, input);
  if (before !== 'file') return before;
  let fd: number;
  try {
    fd = openSync(target, READ_FLAGS | C.O_NOFOLLOW | C.O_NONBLOCK);
  } catch (error) {
    return openFailure(error, input);
  }
  try {
    mustBeRegular(fstatSync(fd), input);
    if (!isInside(opener.root, readlinkSync(`/proc/self/fd/${fd}`))) throw opener.outside(input);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** What lstat says of a name before it is opened: a regular file to open, gone, or a link now. */
export function beforeOpen(target: string, input: string): 'file' | undefined | 'symlink' {
  const before = lstatOrUndefinedSync(target);
  if (!before) return undefined;
  if (before.isSymbolicLink()) return 'symlink';
  mustBeRegular(before, input);
  return 'file';
}

/** A failed no-follow open: gone (undefined), swapped for a link ('symlink'), or refused in words. */
export function openFailure(error: unknown, input: string): undefined | 'symlink' {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return undefined;
  if (code === 'ELOOP') return 'symlink';
  if (code === 'ENXIO') throw notRegular(input);
  if (code === 'EISDIR') throw isFolder(input);
  throw error;
}

/** A folder or a special file where a regular file was asked for: refused in words. */
export function mustBeRegular(stat: { isFile(): boolean; isDirectory(): boolean }, input: string): void {
  if (stat.isDirectory()) throw isFolder(input);
  if (!stat.isFile()) throw notRegular(input);
}

/**
 * The whole file behind `fd` when it is at most SYNC_READ_BYTES: one read of its size and a byte
 * more, which comes back short at the end. Undefined when it is larger or grew since its fstat.
 */
export function readSmallSync(fd: number, size = fstatSync(fd).size): Buffer | undefined {
  if (size > SYNC_READ_BYTES) return undefined;
  const buffer = Buffer.allocUnsafe(size + 1);
  const read = readSync(fd, buffer, 0, size + 1, 0);
  return read <= size ? buffer.subarray(0, read) : undefined;
}

export function isInside(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

export function lstatOrUndefinedSync(target: string) {
  try {
    return lstatSync(target, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** A folder where a file was asked for. */
export function isFolder(input: string): WorkspaceError {
  return new WorkspaceError(`${quote(input)} is a folder;`, 'is-folder', { path: input });
}

export function notRegular(input: string): WorkspaceError {
  return new WorkspaceError(
    `${quote(input)} is not a regular file (a pipe, socket or device); file tools only open regular files.`,
  );
}
