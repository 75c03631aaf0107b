import type { ServiceIdentifier } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';

/**
 * What kind of failure a {@link WorkspaceError} is, as a fact a pack can act on: the error's message
 * says what happened in words that name no tool, and a pack's `errorHints` (definePack) adds, by this
 * code, the sentence that tells the model which of its tools to call next. A code is stable: packs key
 * their sentences by it. `refused` is every failure no pack adds words to (the message says it all).
 */
export type WorkspaceErrorCode =
  // Any service.
  | 'refused'
  | 'cancelled'
  // Paths and files (WorkspaceFileSystem and the write path).
  | 'not-found'
  | 'folder-not-found'
  | 'parent-not-found'
  | 'path-not-found'
  | 'is-folder'
  | 'is-file'
  | 'is-root'
  | 'too-large'
  | 'changed-while-deleting'
  | 'changed-while-moving'
  // The debugger (DebugService).
  | 'not-debugging'
  | 'still-starting'
  | 'start-cancelled'
  | 'no-breakpoint'
  | 'no-inspector'
  // Git (GitService).
  | 'nothing-to-stage'
  | 'nothing-to-unstage'
  | 'nothing-to-discard'
  | 'nothing-to-commit'
  | 'commit-failed-after-staging'
  | 'staged-outside-workspace'
  | 'paths-and-all'
  | 'no-paths'
  | 'not-a-commit'
  | 'revision-is-path'
  | 'no-branch'
  | 'branch-exists'
  | 'branch-moved'
  | 'switch-blocked'
  | 'switch-overwrites'
  | 'switch-outside-workspace';

/** What a {@link WorkspaceError} is about, as values (the path as the call gave it, a size, a branch, …). */
export type WorkspaceErrorData = Readonly<Record<string, string | number | boolean>>;

/**
 * A failure the model caused and can fix (a path outside the workspace, a missing file, …): the
 * message says what happened and names no tool; `code` says what kind of failure it is (the pack's
 * sentence for it follows the message in the tool's answer) and `data` the values it is about.
 */
export class WorkspaceError extends Error {
  /**
   * @param message - What happened, in words that name no tool.
   * @param code - What kind of failure it is: the key of a pack's `errorHints`.
   * @param data - The values the failure is about (a path, a branch), for a pack's words.
   */
  constructor(
    message: string,
    /** What kind of failure it is: the key of a pack's `errorHints`. */
    readonly code: WorkspaceErrorCode = 'refused',
    /** The values the failure is about (a path, a branch), for a pack's words. */
    readonly data?: WorkspaceErrorData,
  ) {
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

/**
 * What one path held and will hold, as a question showed it: `absent` (nothing there), `folder`,
 * `link:<target>` (a symbolic link itself, never followed) or `sha256:<hex>` (a file's exact bytes).
 */
export type ShownState = 'absent' | 'folder' | `link:${string}` | `sha256:${string}`;

/** One path a question showed: its real workspace path (links resolved) and its bytes before and after. */
export interface ShownPath {
  /** Workspace-relative real path, forward slashes (as `relative(await resolve(path))` gives it). */
  readonly path: string;
  /** What was there when the question was made. */
  readonly before: ShownState;
  /** What the write leaves there. */
  readonly after: ShownState;
}

/**
 * A yes is a receipt: what the question a person confirmed showed — every path the write touches
 * (for a folder moved or deleted, every entry in it, every level down), what each held and what
 * each will hold. The write path writes only while the world still matches it, compared in the
 * same locked step that writes; any difference (other bytes, another real path, a file added to
 * a folder) refuses the whole write and says what changed. A path it does not list is not covered.
 */
export interface WriteReceipt {
  /** Every path the question showed (real, workspace-relative), with what was there and what will be. */
  readonly paths: readonly ShownPath[];
}

/** Options of every write. */
export interface WriteOptions {
  /**
   * What the user confirmed (the question's receipt, handed back with the yes). Needed to write a
   * sensitive path (see `sensitiveReason`), and when given, every path written must be one it
   * lists with exactly those bytes, whether sensitive or not. Never built from auto-approval.
   */
  readonly receipt?: WriteReceipt;
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
 * `sensitiveReason`) are refused unless `options.receipt` lists them, and a receipt given is checked
 * against every path written (see {@link WriteReceipt}).
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
  /**
   * What a {@link WriteReceipt} lists for `path` as it is now, by workspace path: `path` itself
   * (its folders resolved, its last name not followed: a link is `link:<target>`) and, for a
   * folder, every entry in it every level down (links never followed, files by the sha256 of their
   * bytes). A missing path is `absent`. Tools build their question's receipt from it.
   */
  shownStates(path: string): Promise<ReadonlyMap<string, ShownState>>;
  /**
   * Lines `startLine` to `endLine` (1-based, inclusive) of a text file of any size, read by
   * streaming (never loaded whole; confined and opened like readText). Stops early at `maxChars`
   * characters (at a line boundary; a single longer line is cut). Refuses binary files (a NUL in
   * the first 8 KB) and a `startLine` past the end.
   */
  readLines(path: string, startLine: number, endLine: number, options?: ReadLinesOptions): Promise<LineRange>;
  /** The first `maxBytes` bytes of a regular file (all of it when smaller) and its size: confined like readText. */
  readBytes(path: string, maxBytes: number): Promise<FileBytes>;
  /**
   * Deletes a folder (empty, or with everything in it when `folder.recursive`), or a symbolic link
   * itself — never what a link points to; links inside the folder are removed, not followed.
   * Confined like every write; always refuses the workspace root and `.git` (or anything inside
   * it) or holding a `.git` at any level, and folders holding sensitive paths unless `options.receipt`
   * lists every entry with the bytes it holds now. Files are deleted
   * with {@link WorkspaceFileSystem.delete} or `applyChanges`.
   */
  deleteFolder(path: string, folder?: DeleteFolderOptions, options?: WriteOptions): Promise<DeletedFolder>;
  /**
   * Moves a folder with everything in it to `to`, which must not exist (missing parent folders are
   * created), in one rename. Confined like every write; the source must be a folder itself (not a
   * link); refuses `.git` (or anything inside it) as source or destination, a folder moved into
   * itself, a folder holding a `.git` at any level, and sensitive paths — in the folder or where it
   * would put them — unless `options.receipt` lists every entry, where it was and where it goes,
   * with the bytes it holds now. Files are moved with `applyChanges`.
   */
  moveFolder(path: string, to: string, options?: WriteOptions): Promise<MovedFolder>;
}

/** What {@link WorkspaceFileSystem.moveFolder} moved. */
export interface MovedFolder {
  /** Workspace-relative path of the folder before the move. */
  readonly path: string;
  /** Workspace-relative path of the folder after the move. */
  readonly movedTo: string;
  /** Files (links and other entries that are not folders included) in it, every level down. */
  readonly files: number;
  /** Folders in it, every level down (the folder itself not counted). */
  readonly folders: number;
}

/** What {@link WorkspaceFileSystem.deleteFolder} may delete. */
export interface DeleteFolderOptions {
  /** Delete a folder that is not empty, with everything in it. */
  readonly recursive?: boolean;
}

/** What {@link WorkspaceFileSystem.deleteFolder} deleted. */
export interface DeletedFolder {
  /** Workspace-relative path of what was deleted. */
  readonly path: string;
  /** A symbolic link was deleted (its target is untouched). */
  readonly link?: boolean;
  /** Files (links and other entries that are not folders included) deleted inside the folder. */
  readonly files: number;
  /** Folders deleted inside it (the folder itself not counted). */
  readonly folders: number;
}

/** Options of {@link WorkspaceFileSystem.readLines}. */
export interface ReadLinesOptions {
  /** Stop once the lines hold this many characters (default 1,000,000). */
  readonly maxChars?: number;
  /** Stops the read when cancelled. */
  readonly token?: CancellationToken;
}

/** What {@link WorkspaceFileSystem.readLines} read. */
export interface LineRange {
  /** The lines from `startLine` on, without their line ends. */
  readonly lines: readonly string[];
  /** 1-based number of `lines[0]`. */
  readonly startLine: number;
  /** The file has lines after the last one returned. */
  readonly more: boolean;
  /** How many lines the file has, when that was cheap to learn (the read reached the end, or the rest was small). */
  readonly totalLines?: number;
  /** The file's size in bytes. */
  readonly size: number;
  /** A line longer than `maxChars` was cut (its end is not shown). */
  readonly lineCut?: boolean;
}

/** What {@link WorkspaceFileSystem.readBytes} read. */
export interface FileBytes {
  /** The bytes from the start: all of the file when `bytes.length === size`. */
  readonly bytes: Uint8Array;
  /** The file's size in bytes. */
  readonly size: number;
}

/** The DI token of {@link WorkspaceFileSystem}: tools receive the host's with `@inject(WorkspaceFileSystem)`. */
export const WorkspaceFileSystem: ServiceIdentifier<WorkspaceFileSystem> = Symbol.for('toolpacks.WorkspaceFileSystem');
