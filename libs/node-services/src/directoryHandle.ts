// A folder held open by the safe opener (safeOpen.ts): opened and closed synchronously. O_DIRECTORY
// refuses a FIFO or device before opening it and O_NONBLOCK keeps anything else from blocking, so
// the open takes microseconds, where a round trip through libuv's thread pool costs ~0.05–0.1 ms
// on a busy machine (a read walks and closes a folder per path component).
import { closeSync, constants as C, fstatSync, openSync, type StatOptions } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const DIR_FLAGS = C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK;

/** A folder's fd, held: what the walk and the write path ask of it (its fd, fstat, close). */
export type DirectoryHandle = Pick<FileHandle, 'fd' | 'stat' | 'close'>;

/**
 * A folder opened synchronously (O_DIRECTORY: a FIFO or device is refused before it is opened, so
 * nothing can block), its fd wrapped in what FileHandle offers for it: fstat and an idempotent close.
 */
export function openDirectorySync(target: string): DirectoryHandle {
  const fd = openSync(target, DIR_FLAGS);
  let open = true;
  const stat = (options?: StatOptions) => {
    try {
      return Promise.resolve(fstatSync(fd, options));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const close = () => {
    if (open) {
      open = false;
      closeSync(fd);
    }
    return Promise.resolve();
  };
  return { fd, stat: stat as DirectoryHandle['stat'], close };
}
