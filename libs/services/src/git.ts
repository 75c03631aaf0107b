import type { ServiceIdentifier } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';

/**
 * The programs of the repository a write would run: shown in its confirmation, and run only when a
 * person confirmed that very call (otherwise the write is refused).
 */
export interface RepositoryPrograms {
  /** Hooks that exist and are executable and that the command runs (absolute paths). */
  readonly hooks: readonly string[];
  /** The signing program when commit.gpgsign is on, e.g. "gpg (gpg.format openpgp, from local config)". */
  readonly signing?: string;
  /** The repository's own filter programs (`filter.<name>.clean = …`) the command would run. */
  readonly filters: readonly string[];
}

/** What `commit` would do: the files it records and the programs of the repository it would run. */
export interface CommitDescription extends RepositoryPrograms {
  /** Files the commit records, relative to the workspace root. */
  readonly files: readonly string[];
  /** Staged changes outside the workspace root (a root below the repository's top); never committed. */
  readonly outsideStagedCount: number;
  /** Files `paths` adds before committing (new, changed or deleted ones), relative to the workspace root. */
  readonly added?: readonly string[];
}

/** What `add` would stage, and the programs it would run. */
export interface AddDescription extends RepositoryPrograms {
  /** Files that would be staged (changed, deleted or new), relative to the workspace root. */
  readonly files: readonly string[];
  /** How many of `files` are new (untracked) files. */
  readonly newCount: number;
}

/** A file a write touches that can make code run when written (git attributes, editor tasks, …). */
export interface SensitiveFile {
  /** Relative to the workspace root. */
  readonly path: string;
  /** Why writing it can make code run. */
  readonly reason: string;
}

/** What `restore` would do: the files and the diff it unstages or discards, and the programs it runs. */
export interface RestoreDescription extends RepositoryPrograms {
  /** Files whose changes would be unstaged (`staged`) or discarded, relative to the workspace root. */
  readonly files: readonly string[];
  /** The changes: staged ones (kept in the working tree) or the working-tree ones that would be lost. */
  readonly diff: string;
  /** Files among `files` whose rewrite can make code run (only when discarding). */
  readonly sensitive: readonly SensitiveFile[];
}

/** What creating a branch would do. */
export interface BranchDescription extends RepositoryPrograms {
  /** The new branch's name. */
  readonly name: string;
  /** The commit it would start at: short hash and subject. */
  readonly startsAt: string;
}

/** A file that stops a switch: git would refuse it, or the switch would lose it. */
export interface SwitchBlocker {
  /** Relative to the repository's top (a switch needs the workspace root to be the top). */
  readonly path: string;
  /** Why, e.g. "has uncommitted changes and differs on feature". */
  readonly reason: string;
}

/** What `switchBranch` would do: where it goes, the changes it carries along, what blocks it. */
export interface SwitchDescription extends RepositoryPrograms {
  /** The branch checked out now, or a short hash when detached. */
  readonly from: string;
  /** The branch to switch to. */
  readonly branch: string;
  /** A new branch is created. */
  readonly create: boolean;
  /** The commit the switch checks out: short hash and subject. */
  readonly target: string;
  /** Uncommitted changes to tracked files that stay in the working tree and come along. */
  readonly carried: readonly string[];
  /** How many untracked files stay in the working tree. */
  readonly untrackedCount: number;
  /** Files that stop the switch; when any, `switchBranch` refuses. */
  readonly blocked: readonly SwitchBlocker[];
}

/** One changed file of a diff or commit, as `git diff --numstat` counts it. */
export interface GitFileStat {
  /** Relative to the workspace root. */
  readonly path: string;
  /** The path it was renamed or copied from, when git detected that. */
  readonly previousPath?: string;
  /** Lines added; undefined for a binary file. */
  readonly added?: number;
  /** Lines deleted; undefined for a binary file. */
  readonly deleted?: number;
}

/** One file's part of a patch, from its `diff --git` line to the next file's. */
export interface GitFilePatch {
  /** Relative to the workspace root (the new path of a rename). */
  readonly path: string;
  /** The section's text, without a trailing newline. */
  readonly text: string;
}

/** An untracked file of the working tree, and its content as a new-file diff when asked for. */
export interface GitUntrackedFile {
  /** Relative to the workspace root. */
  readonly path: string;
  /** `diff --git … new file …` with every line added, when content was asked for and could be shown. */
  readonly patch?: string;
  /** Why no content is shown (binary, too large, a symbolic link, unreadable), when it was asked for. */
  readonly skipped?: string;
}

/**
 * A diff or a commit split at file boundaries, so a caller can fit it in a result budget and name
 * what it left out. `kind: 'content'` is a file or folder at a revision (`HEAD:src/a.ts`): its text
 * is `header`.
 */
export interface GitPatch {
  /** What was shown. */
  readonly kind: 'diff' | 'commit' | 'content';
  /** Text before the first file: a commit's hash, authors, dates and message; '' for a diff. */
  readonly header: string;
  /** Every changed file (complete even when `files` is cut), in git's order. */
  readonly stat: readonly GitFileStat[];
  /** The patch per file, in git's order; empty when only the stat was asked for. */
  readonly files: readonly GitFilePatch[];
  /** Untracked files inside the root (working-tree diffs only). */
  readonly untracked: readonly GitUntrackedFile[];
  /** git's output passed the service's size cap: files after the last in `files` were not read. */
  readonly truncated: boolean;
}

/** Options of {@link GitService.diffPatch}. */
export interface GitDiffOptions {
  /** Staged changes instead of unstaged ones. */
  readonly staged?: boolean;
  /** The working tree (or, with `staged`, the index) against this revision, or a range `a..b`. */
  readonly revision?: string;
  /** Only this file or folder. */
  readonly path?: string;
  /** Only the per-file summary (`stat`), no patch. */
  readonly stat?: boolean;
  /** Also the content of untracked files, as new-file diffs (never binary or large files). */
  readonly includeUntracked?: boolean;
}

/**
 * The repository of the workspace. Implementations run git with argument arrays, never a shell,
 * refuse revisions or paths that could be read as options, confine everything to the workspace
 * root (which may be a subfolder of the repository), and never run a program the repository
 * configures (fsmonitor, filters, textconv, hooks, signing) unless a person confirmed it.
 * Every method takes an optional cancellation token that stops git and what it started.
 */
export interface GitService {
  /** Whether the workspace root is inside a git repository git may use. */
  isRepository(token?: CancellationToken): Promise<boolean>;
  /** The working tree's status, as text for the model. */
  status(token?: CancellationToken): Promise<string>;
  /**
   * Changes split per file, with the per-file summary and the untracked files (a working-tree diff):
   * unstaged, `staged`, or against `revision` (or a range); limited to `path` when given.
   */
  diffPatch(options: GitDiffOptions, token?: CancellationToken): Promise<GitPatch>;
  /** The last `count` commits (1 to 500; those touching `path` when given; after the newest `skip`), as text. */
  log(
    options: { readonly count: number; readonly path?: string; readonly skip?: number },
    token?: CancellationToken,
  ): Promise<string>;
  /**
   * A commit (its message and its changes, limited to `path` when given) split per file with the
   * per-file summary (`stat`: the summary only, no patch); or a file's content with `revision:path`.
   */
  showPatch(
    revision: string,
    options?: { readonly path?: string; readonly stat?: boolean },
    token?: CancellationToken,
  ): Promise<GitPatch>;
  /** Who last changed each line of `path` (within `range`, 1-based and inclusive), as text. */
  blame(
    path: string,
    range?: { readonly startLine: number; readonly endLine: number },
    token?: CancellationToken,
  ): Promise<string>;
  /** What `commit` with these options would record and run, for its confirmation. */
  describeCommit(
    options?: { readonly all?: boolean; readonly paths?: readonly string[] },
    token?: CancellationToken,
  ): Promise<CommitDescription>;
  /**
   * Commits what is staged inside the root, or with `all` every tracked change inside the root,
   * after adding `paths` (new files included); returns git's summary. Hooks, signing and
   * repository filters run only with `allowRepositoryPrograms` (a person confirmed the list
   * `describeCommit` gave); without it a commit that would run them is refused.
   */
  commit(
    message: string,
    options?: {
      readonly all?: boolean;
      readonly paths?: readonly string[];
      readonly allowRepositoryPrograms?: boolean;
    },
    token?: CancellationToken,
  ): Promise<string>;
  /** What `add` would stage (`paths`, or with `all` every change inside the root, new files included) and run. */
  describeAdd(
    options: { readonly paths?: readonly string[]; readonly all?: boolean },
    token?: CancellationToken,
  ): Promise<AddDescription>;
  /**
   * Stages `paths` (new, changed and deleted files below them), or with `all` every change inside
   * the root; ignored files are refused. Returns what is staged now. Repository programs (filters,
   * hooks) run only with `allowRepositoryPrograms`, as for `commit`.
   */
  add(
    options: { readonly paths?: readonly string[]; readonly all?: boolean; readonly allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string>;
  /** What `restore` would unstage (`staged`) or discard, with the diff, for its confirmation. */
  describeRestore(
    options: { readonly paths: readonly string[]; readonly staged?: boolean },
    token?: CancellationToken,
  ): Promise<RestoreDescription>;
  /**
   * Unstages `paths` (`staged`: the working tree keeps the changes) or discards their working-tree
   * changes (back to what is staged, or committed). Returns what changed. Repository programs run,
   * and sensitive files (see {@link RestoreDescription.sensitive}) are rewritten, only with
   * `allowRepositoryPrograms` (a person confirmed this call); otherwise such a restore is refused.
   */
  restore(
    options: {
      readonly paths: readonly string[];
      readonly staged?: boolean;
      readonly allowRepositoryPrograms?: boolean;
    },
    token?: CancellationToken,
  ): Promise<string>;
  /** The local branches (the current one marked `*`), with their commit, as text. */
  branches(token?: CancellationToken): Promise<string>;
  /** What `createBranch` would do; refuses an invalid or option-like name, or one that exists. */
  describeCreateBranch(name: string, startPoint?: string, token?: CancellationToken): Promise<BranchDescription>;
  /** Creates branch `name` at `startPoint` (default: HEAD) without switching to it. */
  createBranch(
    name: string,
    options?: { readonly startPoint?: string; readonly allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string>;
  /** What `switchBranch` would do: the changes it carries along and the files that block it. */
  describeSwitch(
    branch: string,
    options?: { readonly create?: boolean; readonly startPoint?: string },
    token?: CancellationToken,
  ): Promise<SwitchDescription>;
  /**
   * Switches the working tree to `branch` (with `create`, a new branch at `startPoint` or HEAD).
   * Refuses when a file blocks it (see {@link SwitchDescription.blocked}) or the workspace root is
   * below the repository's top (a switch would change files outside the workspace).
   */
  switchBranch(
    branch: string,
    options?: { readonly create?: boolean; readonly startPoint?: string; readonly allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string>;
}

/** The DI token of {@link GitService}: `@inject(GitService)`. */
export const GitService: ServiceIdentifier<GitService> = Symbol.for('toolpacks.GitService');
