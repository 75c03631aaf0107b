// Race-free confinement without native code. Node has no openat(), but on Linux a path through
// `/proc/self/fd/<dirfd>/<name>` resolves <name> inside the directory that fd refers to, whatever
// happened to the path names since. So the walk opens the root once, then each component through
// its parent's fd with O_NOFOLLOW: a symlinked component fails (ELOOP/ENOTDIR) and is resolved
// explicitly — followed when its target stays inside the root, refused otherwise. Files are
// opened through the parent fd with O_NOFOLLOW|O_NONBLOCK (a FIFO never blocks a pool thread),
// fstat'ed to require a regular file, and their real path read back from /proc/self/fd/<fd>.
//
// Residual windows (measured by confinement.race.spec.ts: 1,000 renameat2 swaps of a folder and a
// link to outside → 0 escapes for read, create, replace and search on Linux):
// - a *real folder* moved out of the root (not a link swapped in) after it was opened keeps its fd;
//   the fd's real path is checked after every open and again after the write path's renames (which
//   are undone when it left), so what remains is a move out and back between two checks;
// - a special file swapped in for a regular one between lstat and open is opened with O_NONBLOCK
//   and refused by fstat before any read (opening some devices can have side effects);
// Metadata calls on the way (lstat, readlink, fstat of a held fd) and the folders' own opens and
// closes (O_DIRECTORY|O_NONBLOCK: never a FIFO or device, never blocking) are synchronous: each
// takes microseconds, where a round trip through libuv's thread pool costs ~0.05–0.1 ms of latency
// on a busy machine and a read made a dozen of them. The same calls run in the same order either way.
// - elsewhere (no /proc, or `procFd: false`) the same walk runs over real path names, with the
//   folder's path re-checked (`ensure`) right before each change and the opened inode compared
//   after each open: measured under the same race, 1–3 reads and 4–30 files (mostly the write
//   path's own temp and lock files) escaped in 1,000 swaps.
import { constants as C, existsSync, fstatSync, lstatSync, readlinkSync, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { openDirectorySync, type DirectoryHandle } from './directoryHandle';
import { quote } from './quote';
import {
  beforeOpen,
  isInside,
  lstatOrUndefinedSync,
  mustBeRegular,
  openFailure,
  openFileSync,
  READ_FLAGS,
} from './safeOpenSync';

export { isFolder, isInside, lstatOrUndefinedSync, notRegular, READ_FLAGS } from './safeOpenSync';

export type { DirectoryHandle } from './directoryHandle';

const HAS_PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
const MAX_LINK_HOPS = 40;
/** PATH_MAX on Linux: longer input is refused before any work (a 50 MB path must stay cheap). */
const MAX_PATH_CHARS = 4096;

/** A directory held open inside the workspace: names under it resolve through `at(name)`. */
export interface OpenDirectory {
  readonly handle: DirectoryHandle;
  /** Workspace-relative real path of the directory, '' for the root. */
  readonly relative: string;
  /** A path that names `name` inside this very directory (through its fd on Linux). */
  at(name: string): string;
  /**
   * Before a change made through `at()`: on Linux a no-op (the fd path cannot be redirected); in
   * the fallback, the folder's path must still lead inside the root to this very folder, which
   * narrows the window of a swap to the time between this check and the change.
   */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

/** Where a workspace path really lives: its parent directory (open) and its last name. */
export interface Location {
  readonly dir: OpenDirectory;
  /** The final name; '' when the path is the root itself. */
  readonly name: string;
  /** Workspace-relative real path, forward slashes ('' for the root). */
  readonly relative: string;
  /** Parent folders that did not exist (created when the walk was asked to). */
  readonly created: readonly string[];
}

export interface WalkOptions {
  /** Create missing parent folders; `guard` runs before, with the real path the walk leads to. */
  readonly createParents?: boolean;
  readonly guard?: (relative: string) => void;
}

export const kind = (stat: { isFile(): boolean; isDirectory(): boolean }): 'file' | 'directory' | 'other' =>
  stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other';

export class SafeOpener {
  readonly usesProcFd: boolean;
  private rootIdentity: Promise<{ dev: number; ino: number }> | undefined;

  /** `procFd: false` forces the portable fallback (used elsewhere than Linux, and by its tests). */
  constructor(
    readonly root: string,
    options: { procFd?: boolean } = {},
  ) {
    this.usesProcFd = HAS_PROC_FD && options.procFd !== false;
  }

  /** Splits a model-given path into components below the root, or refuses it. */
  components(input: string): string[] {
    if (typeof input !== 'string' || input.trim() === '')
      throw new WorkspaceError('A path is required: give it relative to the workspace root or absolute.');
    if (input.includes('\0')) throw new WorkspaceError('The path contains a NUL character.');
    if (input.length > MAX_PATH_CHARS)
      throw new WorkspaceError(
        `The path ${quote(input)} is too long (${input.length} characters, limit ${MAX_PATH_CHARS}).`,
      );
    const absolute = path.resolve(this.root, input);
    const relative = path.relative(this.root, absolute);
    if (relative === '') return [];
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
      throw this.outside(input);
    return relative.split(path.sep).filter(Boolean);
  }

  outside(input: string): WorkspaceError {
    return new WorkspaceError(
      `Path ${quote(input)} is outside the workspace (${this.root}). Use a path inside it, relative to the root or absolute.`,
    );
  }

  /**
   * Opens the parent of `input` (following in-root symlinks, refusing others) and, when the final
   * name is a symlink, follows it too, so the returned location is the real one. The caller closes
   * `dir`.
   */
  async locate(input: string, options: WalkOptions = {}): Promise<Location> {
    let parts = this.components(input);
    for (let hops = 0; hops <= MAX_LINK_HOPS; hops++) {
      const step = await this.walk(input, parts, options);
      if ('redirect' in step) {
        parts = step.redirect;
        continue;
      }
      const { dir, created } = step;
      const name = parts.length ? parts[parts.length - 1] : '';
      if (name) {
        const link = await this.readLinkAt(dir, name).catch(async (error) => {
          await dir.close();
          throw error;
        });
        if (link !== undefined) {
          await dir.close();
          parts = this.redirect(input, dir.relative, link, []);
          continue;
        }
      }
      return { dir, name, relative: joinRelative(dir.relative, name), created };
    }
    throw new WorkspaceError(`Path ${quote(input)} has too many levels of symbolic links.`);
  }

  /**
   * Opens the file at a location without following links and without blocking, and proves it is a
   * regular file inside the root. `undefined` when it does not exist; 'symlink' when the name was
   * swapped for a link since `locate` (the caller locates again).
   */
  async openFile(location: Location, input: string, flags = READ_FLAGS): Promise<FileHandle | undefined | 'symlink'> {
    const target = location.dir.at(location.name);
    const before = beforeOpen(target, input);
    if (before !== 'file') return before;
    let handle: FileHandle;
    try {
      handle = await fs.open(target, flags | C.O_NOFOLLOW | C.O_NONBLOCK);
    } catch (error) {
      return openFailure(error, input);
    }
    try {
      mustBeRegular(fstatSync(handle.fd), input);
      await this.verifyInside(handle, input, target);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** openFile's checks, synchronously, for a small read: an fd (closeSync it), or see safeOpenSync.ts. */
  openFileSync(location: Location, input: string): number | undefined | 'symlink' | 'unavailable' {
    return openFileSync(this, location, input);
  }

  /** Opens the folder at a location (for listing); undefined when missing, 'symlink' after a swap. */
  async openDirectory(location: Location, input: string): Promise<OpenDirectory | undefined | 'symlink' | 'file'> {
    if (!location.name) return this.openRoot();
    let handle: DirectoryHandle;
    try {
      handle = openDirectorySync(location.dir.at(location.name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      if (code === 'ELOOP') return 'symlink';
      if (code === 'ENOTDIR')
        return (await lstatOrUndefined(location.dir.at(location.name)))?.isSymbolicLink() ? 'symlink' : 'file';
      throw error;
    }
    const dir = this.directory(handle, location.relative);
    try {
      await this.verifyInside(handle, input, dir.at(''));
    } catch (error) {
      await dir.close();
      throw error;
    }
    return dir;
  }

  /** Belt and braces: the kernel's idea of where an open fd lives must be inside the root. */
  async verifyInside(handle: Pick<FileHandle, 'fd' | 'stat'>, input: string, opened?: string): Promise<void> {
    if (this.usesProcFd) {
      const real = readlinkSync(`/proc/self/fd/${handle.fd}`);
      if (!isInside(this.root, real)) throw this.outside(input);
      return;
    }
    // Fallback: the name we opened must still resolve inside the root, to the very inode we hold.
    // A swap back and forth between the open and this check goes unseen (the residual window).
    if (!opened) return;
    const real = await fs.realpath(opened).catch(() => undefined);
    if (!real || !isInside(this.root, real)) throw this.outside(input);
    const [held, named] = await Promise.all([handle.stat(), fs.stat(real)]);
    if (held.dev !== named.dev || held.ino !== named.ino) throw this.outside(input);
  }

  private async walk(
    input: string,
    parts: string[],
    options: WalkOptions,
  ): Promise<{ dir: OpenDirectory; created: string[] } | { redirect: string[] }> {
    let dir = await this.openRoot();
    const created: string[] = [];
    try {
      for (let i = 0; i < parts.length - 1; i++) {
        const part = parts[i];
        let next: DirectoryHandle | undefined;
        try {
          next = openDirectorySync(dir.at(part));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ELOOP' || code === 'ENOTDIR') {
            const link = await this.readLinkAt(dir, part);
            if (link === undefined) {
              // A folder again (swapped back meanwhile): walk again; a file: the path cannot exist.
              if ((await lstatOrUndefined(dir.at(part)))?.isDirectory()) {
                await dir.close();
                return { redirect: parts };
              }
              throw new MissingParentError(
                `${quote(parts.slice(0, i + 1).join('/'))} is a file, not a folder, so ${quote(input)} cannot exist.`,
              );
            }
            const redirect = this.redirect(input, dir.relative, link, parts.slice(i + 1));
            await dir.close();
            return { redirect };
          }
          if (code !== 'ENOENT' || !options.createParents) throw code === 'ENOENT' ? missingParent(input) : error;
          options.guard?.(joinRelative(dir.relative, parts.slice(i).join('/')));
          try {
            await dir.ensure();
            await fs.mkdir(dir.at(part));
            created.push(joinRelative(dir.relative, part));
          } catch (mkdirError) {
            if ((mkdirError as NodeJS.ErrnoException).code !== 'EEXIST') throw mkdirError;
          }
          i--; // open what now exists (a racing symlink is caught by the open)
          continue;
        }
        const opened = this.directory(next, joinRelative(dir.relative, part));
        await dir.close();
        dir = opened;
        await this.verifyInside(dir.handle, input, dir.at(''));
      }
      return { dir, created };
    } catch (error) {
      await dir.close();
      throw error;
    }
  }

  /** Turns a link found under `base` into new components from the root, or refuses it. */
  private redirect(input: string, base: string, link: string, rest: string[]): string[] {
    const absolute = path.resolve(this.root, base, link);
    if (!isInside(this.root, absolute)) throw this.outside(input);
    return [...path.relative(this.root, absolute).split(path.sep).filter(Boolean), ...rest];
  }

  private async readLinkAt(dir: OpenDirectory, name: string): Promise<string | undefined> {
    // lstat first: most names are no link, and readlink's EINVAL would cost an exception each.
    try {
      if (!lstatSync(dir.at(name), { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
      return readlinkSync(dir.at(name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EINVAL' || code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  /** Opens a child folder without following a link (undefined when it is missing or not a plain folder). */
  async openChild(dir: OpenDirectory, name: string): Promise<OpenDirectory | undefined> {
    let handle: DirectoryHandle;
    try {
      handle = openDirectorySync(dir.at(name));
    } catch {
      return undefined;
    }
    return this.directory(handle, joinRelative(dir.relative, name));
  }

  async openRoot(): Promise<OpenDirectory> {
    const handle = openDirectorySync(this.root);
    try {
      // The root itself is trusted, but it must still be the folder we were given.
      this.rootIdentity ??= fs.stat(this.root).then((s) => ({ dev: s.dev, ino: s.ino }));
      const [stat, expected] = [fstatSync(handle.fd), await this.rootIdentity];
      if (stat.dev !== expected.dev || stat.ino !== expected.ino)
        throw new Error(`The workspace root ${this.root} was replaced; reopen the workspace.`);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return this.directory(handle, '');
  }

  private directory(handle: DirectoryHandle, relative: string): OpenDirectory {
    const base = this.usesProcFd ? `/proc/self/fd/${handle.fd}` : path.join(this.root, relative);
    let closed = false;
    return {
      handle,
      relative,
      at: (name) => (name ? `${base}/${name}` : base),
      ensure: async () => {
        if (this.usesProcFd) return;
        const real = await fs.realpath(base).catch(() => undefined);
        const [held, named] = await Promise.all([
          handle.stat(),
          real ? fs.stat(real).catch(() => undefined) : undefined,
        ]);
        if (!real || !isInside(this.root, real) || !named || named.dev !== held.dev || named.ino !== held.ino)
          throw this.outside(relative || '.');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      },
    };
  }
}

export function joinRelative(base: string, name: string): string {
  return base && name ? `${base}/${name}` : base || name;
}

export async function lstatOrUndefined(target: string) {
  return lstatOrUndefinedSync(target);
}

/** A folder on the way does not exist (stat answers undefined for it). */
export class MissingParentError extends WorkspaceError {}

function missingParent(input: string): WorkspaceError {
  return new MissingParentError(`The folder of ${quote(input)} does not exist.`, 'parent-not-found', { path: input });
}
