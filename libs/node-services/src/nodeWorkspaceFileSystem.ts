// The workspace folder on disk. Every read and write goes through the safe opener (directory fds,
// no-follow opens, regular files only, real path re-checked after opening), and every write
// through the one write path (per-file queues, compare-and-swap, atomic rename, rollback).
import { closeSync, fstatSync, promises as fs, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import {
  WorkspaceError,
  type AppliedChange,
  type DirectoryEntry,
  type FileChange,
  type FileStat,
  type WorkspaceFileSystem,
  type WriteOptions,
  type FileBytes,
  type LineRange,
  type ReadLinesOptions,
  type DeleteFolderOptions,
  type DeletedFolder,
  type MovedFolder,
  type ShownState,
} from '@toolpacks/services';
import type { FileHandle } from 'node:fs/promises';
import { MAX_TEXT_BYTES, readAll, tooLarge } from './fileSnapshot';
import { RepositoryConfigPaths } from './gitConfigSensitivePaths';
import { boundedError, quote } from './quote';
import { isInside, kind, MissingParentError, SafeOpener, type Location } from './safeOpen';
import { readSmallSync } from './safeOpenSync';
import { SensitivePaths, type SensitivePathsOptions } from './sensitivePaths';
import { WritePath } from './writePath';
import { isWritePathFile } from './writeSteps';
import { statesAt } from './shownStates';
import { sweepLeftoverTemps } from './tempSweep';
import { streamLines } from './streamLines';

export { MAX_TEXT_BYTES } from './fileSnapshot';
export type { StreamedLineRange } from './streamLines';

export interface NodeWorkspaceOptions {
  /** Changes to the default list of sensitive paths (see sensitivePaths.ts). */
  readonly sensitivePaths?: SensitivePathsOptions;
  /** Use the portable path-based confinement even on Linux (for tests of the fallback). */
  readonly portableConfinement?: boolean;
  /**
   * The git binary that reads the repository's config for where hooks and included config files
   * live (they become sensitive); false: only the fixed list (for hosts with no git at all).
   */
  readonly git?: string | false;
}

/** How often a read is retried when a name is swapped for a symlink between locating and opening. */
const MAX_SWAP_RETRIES = 10;

export class NodeWorkspaceFileSystem implements WorkspaceFileSystem {
  readonly root: string;
  readonly sensitivePaths: SensitivePaths;
  private readonly opener: SafeOpener;
  private readonly writes: WritePath;
  private sweep: Promise<void> | undefined;
  private readonly repositoryPaths: RepositoryConfigPaths | undefined;
  /** Reads made without the thread pool (readSmallFile): every 16th yields to the event loop. */
  private syncReads = 0;

  constructor(root: string, options: NodeWorkspaceOptions = {}) {
    try {
      this.root = realpathSync(path.resolve(root));
    } catch {
      throw new Error(`Workspace root ${quote(root)} does not exist.`);
    }
    this.opener = new SafeOpener(this.root, { procFd: !options.portableConfinement });
    this.sensitivePaths = new SensitivePaths(options.sensitivePaths);
    this.repositoryPaths = options.git === false ? undefined : new RepositoryConfigPaths(this.root, options.git);
    this.writes = new WritePath(
      this.opener,
      this.sensitivePaths,
      () =>
        (this.sweep ??= this.removeLeftoverTempFiles().then(
          () => undefined,
          () => undefined,
        )),
    );
  }

  /** Removes temp files that killed processes left behind (done once before the first write). */
  removeLeftoverTempFiles(): Promise<string[]> {
    return sweepLeftoverTemps(this.opener);
  }

  /** Informational (for display and tool messages); every I/O call re-walks the path safely. */
  async resolve(input: string): Promise<string> {
    this.opener.components(input);
    const absolute = path.resolve(this.root, input);
    // Resolve symlinks on the part that exists: a link inside the root may point outside it.
    let existing = absolute;
    const rest: string[] = [];
    for (;;) {
      try {
        // realpath(3) in one call, synchronously: microseconds, where the async one is a thread-pool round trip.
        const real = realpathSync.native(existing);
        const resolved = path.join(real, ...rest);
        if (!isInside(this.root, resolved)) throw this.opener.outside(input);
        return resolved;
      } catch (error) {
        if (error instanceof WorkspaceError) throw error;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR')
          throw error;
        rest.unshift(path.basename(existing));
        existing = path.dirname(existing);
      }
    }
  }

  relative(absolutePath: string): string {
    return path.relative(this.root, absolutePath).split(path.sep).join('/') || '.';
  }

  stat(input: string): Promise<FileStat | undefined> {
    return this.bounded(() => this.statUnbounded(input));
  }

  private async statUnbounded(input: string): Promise<FileStat | undefined> {
    const location = await this.locateOrMissing(input);
    if (!location) return undefined;
    try {
      const stat = await fs.lstat(location.dir.at(location.name));
      return { type: kind(stat), size: stat.size, mtimeMs: stat.mtimeMs, writeProtected: (stat.mode & 0o222) === 0 };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    } finally {
      await location.dir.close();
    }
  }

  readText(input: string): Promise<string> {
    return this.bounded(() => this.readTextUnbounded(input));
  }

  private async readTextUnbounded(input: string): Promise<string> {
    const buffer =
      (await this.readSmallFile(input))?.bytes ??
      (await this.withReadableFile(input, async (handle) => {
        const { size } = fstatSync(handle.fd); // a held fd: microseconds, no thread-pool round trip
        if (size > MAX_TEXT_BYTES) throw tooLarge(input, size);
        return readAll(handle, size);
      }));
    if (buffer.length > MAX_TEXT_BYTES) throw tooLarge(input, buffer.length);
    if (isBinary(buffer))
      throw new WorkspaceError(
        `File ${quote(input)} is binary (${buffer.length} bytes); it cannot be read or edited as text.`,
      );
    // Lenient for display; edits decode strictly and refuse what is not UTF-8.
    return buffer.toString('utf8');
  }

  sensitiveReason(input: string): Promise<string | undefined> {
    return this.bounded(() => this.sensitiveReasonUnbounded(input));
  }

  /** The repository's config as it is now decides too (re-read only when its files changed). */
  private async learnRepositoryPaths(): Promise<void> {
    // git missing or failing to start: it runs no hook either, and the fixed list still holds.
    if (this.repositoryPaths)
      this.sensitivePaths.setRepositoryPaths(await this.repositoryPaths.current().catch(() => []));
  }

  private async sensitiveReasonUnbounded(input: string): Promise<string | undefined> {
    await this.learnRepositoryPaths();
    const real = await this.resolve(input);
    const byPath = this.sensitivePaths.reason(this.relative(real));
    if (byPath) return byPath;
    // A hard-linked file is written in place: its other names (maybe .git/config) change with it.
    const links = await fs.lstat(real).then(
      (stat) => (stat.isFile() ? stat.nlink : 1),
      () => 1,
    );
    return links > 1
      ? `${this.relative(real)} — it has ${links - 1} other name(s) (hard links) that change with it, possibly git config or a hook`
      : undefined;
  }

  writeText(input: string, text: string, mode: 'create' | 'overwrite', options?: WriteOptions): Promise<void> {
    return this.bounded(() => this.writeTextUnbounded(input, text, mode, options));
  }

  private async writeTextUnbounded(
    input: string,
    text: string,
    mode: 'create' | 'overwrite',
    options?: WriteOptions,
  ): Promise<void> {
    if (typeof text !== 'string') throw new WorkspaceError('The content must be text.');
    await this.learnRepositoryPaths();
    await this.writes.apply(
      [
        mode === 'create'
          ? { type: 'create', path: input, content: text }
          : { type: 'write', path: input, content: text },
      ],
      options,
    );
  }

  edit(
    input: string,
    transform: (text: string) => string | Promise<string>,
    options?: WriteOptions,
  ): Promise<{ before: string; after: string }> {
    return this.bounded(() => this.editUnbounded(input, transform, options));
  }

  private async editUnbounded(
    input: string,
    transform: (text: string) => string | Promise<string>,
    options?: WriteOptions,
  ): Promise<{ before: string; after: string }> {
    await this.learnRepositoryPaths();
    const [applied] = await this.writes.apply([{ type: 'update', path: input, content: transform }], options);
    return { before: applied.before ?? '', after: applied.after ?? '' };
  }

  delete(input: string, options?: WriteOptions): Promise<void> {
    return this.bounded(() => this.deleteUnbounded(input, options));
  }

  private async deleteUnbounded(input: string, options?: WriteOptions): Promise<void> {
    await this.learnRepositoryPaths();
    await this.writes.apply([{ type: 'delete', path: input }], options);
  }

  applyChanges(changes: readonly FileChange[], options?: WriteOptions): Promise<AppliedChange[]> {
    return this.bounded(async () => {
      await this.learnRepositoryPaths();
      return this.writes.apply(changes, options);
    });
  }

  readDirectory(input: string): Promise<DirectoryEntry[]> {
    return this.bounded(() => this.readDirectoryUnbounded(input));
  }

  private async readDirectoryUnbounded(input: string): Promise<DirectoryEntry[]> {
    for (let attempt = 0; attempt < MAX_SWAP_RETRIES; attempt++) {
      const location = await this.locateOrMissing(input);
      if (!location) throw missingFolder(input);
      try {
        const dir = await this.opener.openDirectory(location, input);
        if (dir === 'symlink') continue;
        if (!dir) throw missingFolder(input);
        if (dir === 'file') {
          const stat = await fs.lstat(location.dir.at(location.name));
          throw stat.isFile()
            ? new WorkspaceError(`${quote(input)} is a file, not a folder;`, 'is-file', { path: input })
            : new WorkspaceError(`${quote(input)} is not a folder.`);
        }
        try {
          const entries = await fs.readdir(dir.at(''), { withFileTypes: true });
          return entries
            .filter((e) => !isWritePathFile(e.name))
            .map<DirectoryEntry>((e) => ({
              name: e.name,
              type: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
            }))
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        } finally {
          await dir.close();
        }
      } finally {
        await location.dir.close();
      }
    }
    throw new WorkspaceError(
      `${quote(input)} kept changing between a folder and a link while it was listed; try again.`,
    );
  }

  /** Every public call: system errors that quote a (model-given) path are cut. */
  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw boundedError(error);
    }
  }

  private async locateOrMissing(input: string): Promise<Location | undefined> {
    try {
      return await this.opener.locate(input);
    } catch (error) {
      if (error instanceof MissingParentError) return undefined;
      throw error;
    }
  }

  readLines(input: string, startLine: number, endLine: number, options?: ReadLinesOptions): Promise<LineRange> {
    return this.bounded(() =>
      this.withReadableFile(input, (handle) => streamLines(handle, input, startLine, endLine, options)),
    );
  }

  readBytes(input: string, maxBytes: number): Promise<FileBytes> {
    return this.bounded(async () => {
      const small = await this.readSmallFile(input);
      if (small) return { bytes: small.bytes.subarray(0, Math.max(0, maxBytes)), size: small.size };
      return this.withReadableFile(input, async (handle) => {
        const { size } = fstatSync(handle.fd); // a held fd: microseconds, no thread-pool round trip
        const wanted = Math.max(0, Math.min(size, maxBytes));
        const bytes = Buffer.alloc(wanted);
        let filled = 0;
        while (filled < wanted) {
          const { bytesRead } = await handle.read(bytes, filled, wanted - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return { bytes: bytes.subarray(0, filled), size };
      });
    });
  }

  /**
   * A file up to SYNC_READ_BYTES opened, checked and read whole without the thread pool (the same
   * walk and checks: safeOpenSync.ts). Undefined when the general path must answer: a larger file,
   * a missing one (its error), a name swapped for a link (retried there), the portable fallback.
   */
  private async readSmallFile(input: string): Promise<{ bytes: Buffer; size: number } | undefined> {
    // Every step below is synchronous: without a turn of the event loop now and then, a caller
    // reading in a loop would run on microtasks alone and starve every timer and I/O callback (seen
    // in the race spec). One turn per read cost ~0.3 ms a call on a loaded machine; one in 16 bounds it.
    if (++this.syncReads % 16 === 0) await setImmediate();
    const location = await this.opener.locate(input);
    try {
      if (!location.name) return undefined;
      const fd = this.opener.openFileSync(location, input);
      if (typeof fd !== 'number') return undefined;
      try {
        const { size } = fstatSync(fd);
        const bytes = readSmallSync(fd, size);
        return bytes && { bytes, size };
      } finally {
        closeSync(fd);
      }
    } finally {
      await location.dir.close();
    }
  }

  /** Opens a regular file inside the root as readText does (swaps retried) and runs `work` on it. */
  private async withReadableFile<T>(input: string, work: (handle: FileHandle) => Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < MAX_SWAP_RETRIES; attempt++) {
      const location = await this.opener.locate(input);
      try {
        if (!location.name)
          throw new WorkspaceError(`${quote(input)} is the workspace folder;`, 'is-root', { path: input });
        const handle = await this.opener.openFile(location, input);
        if (handle === 'symlink') continue;
        if (!handle) throw new WorkspaceError(`File ${quote(input)} does not exist.`, 'not-found', { path: input });
        try {
          return await work(handle);
        } finally {
          // Both at once (the folder's close below is then a no-op): one round trip, not two.
          await Promise.all([handle.close(), location.dir.close()]);
        }
      } finally {
        await location.dir.close();
      }
    }
    throw new WorkspaceError(`${quote(input)} kept changing between a file and a link while it was read; try again.`);
  }

  shownStates(input: string): Promise<ReadonlyMap<string, ShownState>> {
    return this.bounded(() => statesAt(this.opener, input));
  }

  deleteFolder(input: string, folder?: DeleteFolderOptions, options?: WriteOptions): Promise<DeletedFolder> {
    return this.bounded(async () => {
      await this.learnRepositoryPaths();
      return this.writes.deleteFolder(input, folder?.recursive === true, options ?? {});
    });
  }

  moveFolder(input: string, to: string, options?: WriteOptions): Promise<MovedFolder> {
    return this.bounded(async () => {
      await this.learnRepositoryPaths();
      return this.writes.moveFolder(input, to, options ?? {});
    });
  }
}

function missingFolder(input: string): WorkspaceError {
  return new WorkspaceError(`Folder ${quote(input)} does not exist.`, 'folder-not-found', { path: input });
}

/** A NUL byte in the first 8 KB means binary, as git and ripgrep decide. */
export function isBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 8192).includes(0);
}
