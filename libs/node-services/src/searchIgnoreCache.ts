// What git said about a workspace for search (the tracked files, info/exclude, the tracked files a
// rule ignores), kept between searches while every file that decides it is unchanged: git started
// three processes on every search (~5 ms each on a busy machine, most of a common word's search).
// The fingerprint is taken before the git runs whose answers are kept, so a change while git runs
// is seen by the next search. What decides the answers:
// - the index (which files are tracked): git writes it to a lock file renamed over it, so its inode,
//   size and times change with every write;
// - the repository's config (core.worktree, core.ignoreCase…) by content, the user's by its times;
// - info/exclude and every .gitignore in a folder that holds tracked files (or above them up to the
//   repository's top), by content: a rewrite of the same size in one clock tick keeps the times.
// Only a plain repository (a `.git` folder at or above the root) with at most MAX_FOLDERS such
// folders is kept: each search reads their .gitignore files again (a failed open each, microseconds).
import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** More folders than this to re-read on every search: the search asks git each time instead. */
const MAX_FOLDERS = 1_000;
/** Workspaces kept (an MCP server serves one; tests make many). */
const MAX_ENTRIES = 16;

export interface RepositoryState {
  /** The `.git` folder at or above the root. */
  readonly gitDir: string;
  /** The index, the configs: read before git runs. */
  readonly head: string;
}

interface Entry<T> {
  readonly gitDir: string;
  readonly head: string;
  readonly excludePath: string;
  /** Absolute folders whose .gitignore decides which tracked files are ignored. */
  readonly folders: readonly string[];
  readonly ignoreFiles: string;
  readonly value: T;
  /** Tracked files a rule ignores, by the folder searched; filled by searches that found this entry valid. */
  readonly trackedIgnored: Map<string, string[]>;
}

export class IgnoreCache<T extends object> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byValue = new WeakMap<T, Entry<T>>();

  constructor(private readonly readText: (file: string) => string | undefined) {}

  /** The state of a plain repository above `root`, to take before git runs; undefined: not kept. */
  state(root: string): RepositoryState | undefined {
    const gitDir = plainGitDir(root);
    return gitDir ? { gitDir, head: this.head(gitDir) } : undefined;
  }

  /** The value kept for `root` when nothing that decides it changed since. */
  get(root: string): T | undefined {
    const entry = this.entries.get(root);
    if (!entry) return undefined;
    const now = this.state(root);
    if (
      !now ||
      now.gitDir !== entry.gitDir ||
      now.head !== entry.head ||
      this.ignoreFiles(entry) !== entry.ignoreFiles
    ) {
      this.entries.delete(root);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps `value` for `root`: `before` is the state taken before git ran, `tracked` the
   * root-relative tracked files and `topLevel` the repository's top (their folders' .gitignore
   * files are read now, before any git run that applies them).
   */
  set(
    root: string,
    before: RepositoryState,
    value: T,
    details: { readonly tracked: readonly string[]; readonly topLevel: string; readonly excludePath: string },
  ): void {
    const folders = trackedFolders(root, details.tracked, details.topLevel);
    if (!folders) return;
    const partial = { folders, excludePath: details.excludePath };
    const entry: Entry<T> = {
      gitDir: before.gitDir,
      head: before.head,
      ...partial,
      ignoreFiles: this.ignoreFiles(partial),
      value,
      trackedIgnored: new Map(),
    };
    this.entries.delete(root);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(root, entry);
    this.byValue.set(value, entry);
  }

  /** The tracked files a rule ignores below `folder`, as git said for this very value. */
  trackedIgnored(value: T, folder: string): string[] | undefined {
    return this.byValue.get(value)?.trackedIgnored.get(folder);
  }

  rememberTrackedIgnored(value: T, folder: string, files: string[]): void {
    this.byValue.get(value)?.trackedIgnored.set(folder, files);
  }

  private head(gitDir: string): string {
    const home = os.homedir();
    const xdg = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
    return [
      times(path.join(gitDir, 'index')),
      digest(this.readText(path.join(gitDir, 'config')) ?? times(path.join(gitDir, 'config'))),
      times(path.join(home, '.gitconfig')),
      times(path.join(xdg, 'git', 'config')),
    ].join('|');
  }

  private ignoreFiles(entry: { readonly folders: readonly string[]; readonly excludePath: string }): string {
    const hash = createHash('sha256');
    for (const file of [entry.excludePath, ...entry.folders.map((folder) => path.join(folder, '.gitignore'))]) {
      const text = this.readText(file);
      hash.update(text === undefined ? '\u0000-' : `\u0000${text.length}:${text}`);
    }
    return hash.digest('hex');
  }
}

/** The nearest `.git` at or above root when it is a folder (worktrees and submodules: not kept). */
function plainGitDir(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, '.git');
    if (existsSync(candidate)) return lstatSync(candidate).isDirectory() ? candidate : undefined;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Every folder holding a tracked file, and each folder above it up to the repository's top; undefined: too many. */
function trackedFolders(root: string, tracked: readonly string[], topLevel: string): string[] | undefined {
  const folders = new Set<string>();
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    folders.add(dir);
    if (dir === path.resolve(topLevel) || path.dirname(dir) === dir) break;
  }
  const relative = new Set<string>();
  for (const file of tracked) {
    for (let dir = path.posix.dirname(file); dir !== '.' && !relative.has(dir); dir = path.posix.dirname(dir)) {
      relative.add(dir);
      if (relative.size > MAX_FOLDERS) return undefined;
    }
  }
  for (const dir of relative) folders.add(path.join(root, dir));
  return [...folders].sort();
}

function times(file: string): string {
  try {
    const stat = lstatSync(file, { bigint: true, throwIfNoEntry: false });
    return stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : '-';
  } catch {
    return '?';
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
