import type { ServiceIdentifier } from 'inversify';

/** A failure the model caused and can fix (a path outside the workspace, a missing file, …). */
export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

export interface FileStat {
  readonly type: 'file' | 'directory' | 'other';
  readonly size: number;
  readonly mtimeMs: number;
}

export interface DirectoryEntry {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'other';
}

/**
 * The files of one workspace folder. Every path may be absolute or relative to the root; paths
 * that leave the root (`..`, absolute paths elsewhere, symlinks pointing out) are refused with a
 * WorkspaceError. Writes are atomic and edits of one file are serialized.
 */
export interface WorkspaceFileSystem {
  readonly root: string;
  /** The absolute, real path of `path` inside the workspace (the file need not exist). */
  resolve(path: string): Promise<string>;
  /** `path` relative to the root, with forward slashes. */
  relative(absolutePath: string): string;
  stat(path: string): Promise<FileStat | undefined>;
  /** UTF-8 text; refuses missing, binary and oversized files with a message that says what to do. */
  readText(path: string): Promise<string>;
  /** `create` fails when the file exists; `overwrite` replaces it. Parent folders are created. */
  writeText(path: string, text: string, mode: 'create' | 'overwrite'): Promise<void>;
  /** Reads, transforms and writes one file atomically; a throwing transform leaves it unchanged. */
  edit(path: string, transform: (text: string) => string | Promise<string>): Promise<{ before: string; after: string }>;
  delete(path: string): Promise<void>;
  readDirectory(path: string): Promise<DirectoryEntry[]>;
}

export const WorkspaceFileSystem: ServiceIdentifier<WorkspaceFileSystem> = Symbol.for('toolpacks.WorkspaceFileSystem');
