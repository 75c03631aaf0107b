import type { ServiceIdentifier } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';

/** A failure the model caused and can fix (a path outside the workspace, a missing file, …). */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

/** What {@link WorkspaceFileSystem.stat} tells of a path. */
export interface FileStat {
  /** A regular file, a folder, or anything else (a socket, a device, …). */
  readonly type: 'file' | 'directory' | 'other';
  /** Size in bytes. */
  readonly size: number;
  /** Last modification time, in milliseconds since the epoch. */
  readonly mtimeMs: number;
  /** No write permission bit is set (chmod a-w): a write needs the user's approval (`allowWriteProtected`). */
  readonly writeProtected?: boolean;
}

/** One entry of {@link WorkspaceFileSystem.readDirectory}. */
export interface DirectoryEntry {
  /** The entry's name (no folder). */
  readonly name: string;
  /** A regular file, a folder, or anything else. */
  readonly type: 'file' | 'directory' | 'other';
}

/** Options of every write. */
export interface WriteOptions {
  /**
   * The user confirmed this write (with the diff shown): allows writing a sensitive path (see
   * `sensitiveReason`). Never set it from auto-approval.
   */
  readonly allowSensitive?: boolean;
  /**
   * The user approved changing files or folders marked read-only (no write bit), as VS Code's
   * "Overwrite" of a write-protected file does. Only where this process can write them anyway (as
   * root); a file this user cannot write is always refused.
   */
  readonly allowWriteProtected?: boolean;
  /**
   * The call's token: a write whose call was cancelled or timed out stops before its first rename,
   * so a tool that was reported stopped changes nothing.
   */
  readonly token?: CancellationToken;
}

/** The new text of a file: given, or computed from the current text (a throw cancels everything). */
export type FileContent = string | ((text: string) => string | Promise<string>);

/** One change of an `applyChanges` batch. Paths are workspace paths like everywhere else. */
export type FileChange =
  /** A new file; fails when it exists. Missing parent folders are created. */
  | { readonly type: 'create'; readonly path: string; readonly content: string }
  /**
   * An existing text file gets new content, optionally moved to `moveTo` (which must not exist).
   * `expected`: the text the caller based the change on; a file that differs is a conflict.
   */
  | {
      readonly type: 'update';
      readonly path: string;
      readonly content: FileContent;
      readonly expected?: string;
      readonly moveTo?: string;
    }
  /** Removes a file (`expected` as for update). */
  | { readonly type: 'delete'; readonly path: string; readonly expected?: string }
  /** Renames a file to a path that must not exist, content unchanged. */
  | { readonly type: 'move'; readonly path: string; readonly to: string };

/** What one change did: workspace-relative real paths, and the text before and after. */
export interface AppliedChange {
  /** The kind of change, as in the {@link FileChange}. */
  readonly type: FileChange['type'];
  /** The file changed (for a move or a moved update, where it was). */
  readonly path: string;
  /** Where the file went: a move's `to`, an update's `moveTo`. */
  readonly movedTo?: string;
  /** The text before the change (absent for a create). */
  readonly before?: string;
  /** The text after the change (absent for a delete). */
  readonly after?: string;
}

/**
 * The files of one workspace folder. Every path may be absolute or relative to the root; paths
 * that leave the root (`..`, absolute paths elsewhere, symlinks pointing out, swapped in a race
 * included) are refused with a WorkspaceError. Only regular files are opened.
 *
 * Every write (writeText, edit, delete, applyChanges) goes through one write path: serialized per
 * real file (all spellings and hard links of a file share one queue), compare-and-swap against the
 * content read (a concurrent change by another program is a WorkspaceError saying to read again
 * and retry — never an overwrite), atomic (temp file + rename; hard-linked files are written in
 * place), mode, owner and group kept, read-only files refused, bytes outside the edit kept (files
 * that are not valid UTF-8 text are refused for editing). Writes to sensitive paths (see
 * `sensitiveReason`) are refused unless `options.allowSensitive` says the user confirmed them.
 */
export interface WorkspaceFileSystem {
  /** The workspace folder: an absolute, real path. */
  readonly root: string;
  /** The absolute, real path of `path` inside the workspace (the file need not exist). */
  resolve(path: string): Promise<string>;
  /** `path` relative to the root, with forward slashes. */
  relative(absolutePath: string): string;
  /** What `path` is, or undefined when nothing is there. */
  stat(path: string): Promise<FileStat | undefined>;
  /** UTF-8 text; refuses missing, binary, special and oversized files with a message that says what to do. */
  readText(path: string): Promise<string>;
  /**
   * Why writing `path` can make code run (git config and hooks, editor tasks and settings, …), or
   * undefined. Decided on the real path (symlinks resolved). Tools show it when asking to confirm.
   */
  sensitiveReason(path: string): Promise<string | undefined>;
  /** `create` fails when the file exists; `overwrite` replaces it. Parent folders are created. */
  writeText(path: string, text: string, mode: 'create' | 'overwrite', options?: WriteOptions): Promise<void>;
  /** Reads, transforms and writes one file atomically; a throwing transform leaves it unchanged. */
  edit(
    path: string,
    transform: (text: string) => string | Promise<string>,
    options?: WriteOptions,
  ): Promise<{ before: string; after: string }>;
  /** Deletes a file (through the write path: confined, serialized, sensitive paths refused unless allowed). */
  delete(path: string, options?: WriteOptions): Promise<void>;
  /**
   * Applies several changes all or nothing (apply_patch). Contract:
   * - every change is validated and staged first: paths confined, targets resolved to real files,
   *   files read and transformed, UTF-8 and permissions checked, sensitive paths refused unless
   *   allowed, temp files written; any failure there changes nothing (created folders and temp
   *   files are removed) and is thrown;
   * - the files' queues are taken in a fixed order (no deadlock with other batches), then each
   *   file is compared with what was read right before its rename; a file changed by someone else
   *   aborts the batch with a retryable WorkspaceError;
   * - a failure after some renames rolls them back (the message says so, and names any file that
   *   could not be restored);
   * - one file may appear in one change only; `create` and move targets must not exist.
   * Returns what each change did, in order.
   */
  applyChanges(changes: readonly FileChange[], options?: WriteOptions): Promise<AppliedChange[]>;
  /** The entries of a folder. */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
}

/** The DI token of {@link WorkspaceFileSystem}: tools receive the host's with `@inject(WorkspaceFileSystem)`. */
export const WorkspaceFileSystem: ServiceIdentifier<WorkspaceFileSystem> = Symbol.for('toolpacks.WorkspaceFileSystem');
