import type { ServiceIdentifier } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import type { GitBlame, GitBranchList, GitCommitList, GitPatch, GitStatus } from './gitReads';

export * from './gitReads';

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
  /** What a yes to this description covers (the tool's receipt): the files, the commit it lands on, the programs. */
  readonly receipt: GitWriteReceipt;
}

/** What `add` would stage, and the programs it would run. */
export interface AddDescription extends RepositoryPrograms {
  /** Files that would be staged (changed, deleted or new), relative to the workspace root. */
  readonly files: readonly string[];
  /** How many of `files` are new (untracked) files. */
  readonly newCount: number;
  /** What a yes to this description covers (the tool's receipt): the files and the programs. */
  readonly receipt: GitWriteReceipt;
}

/** A file a write touches that can make code run when written (git attributes, editor tasks, …). */
export interface SensitiveFile {
  /** Relative to the workspace root. */
  readonly path: string;
  /** Why writing it can make code run. */
  readonly reason: string;
}

/**
 * A file a restore or switch writes (or deletes) that can make code run, with the exact version it
 * writes: the question shows its diff, and the receipt binds the blob.
 */
export interface WrittenSensitiveFile extends SensitiveFile {
  /** The full id of the blob written, or undefined when the write deletes the file. */
  readonly blob?: string;
  /** Why the question cannot show it (binary, or a diff too long to show); such a write is refused. */
  readonly unshowable?: string;
}

/**
 * What a person said yes to, for an add, commit, restore or switch: handed back with the yes (the tools'
 * `receipt`), and compared with a fresh description right before git writes. Any difference (another
 * commit, another file or version, another program) refuses the write and says what changed.
 */
export interface GitWriteReceipt {
  /** The command as shown, e.g. `switch feature`, `restore --worktree -- a b` or `add -- src`. */
  readonly command: string;
  /** The commit a switch lands on (full id); for the other writes, undefined. */
  readonly commit?: string;
  /** The commit checked out when the question was made (full id; a commit's parent), or undefined (unborn; an add or restore). */
  readonly head?: string;
  /** Every file written: the path and, for sensitive ones, `path@blob` (`path@deleted` when removed). */
  readonly files: readonly string[];
  /** The programs of the repository the question listed. */
  readonly programs: readonly string[];
}

/** What `restore` would do: the files and the diff it unstages or discards, and the programs it runs. */
export interface RestoreDescription extends RepositoryPrograms {
  /** Files whose changes would be unstaged (`staged`) or discarded, relative to the workspace root. */
  readonly files: readonly string[];
  /** The changes: staged ones (kept in the working tree) or the working-tree ones that would be lost. */
  readonly diff: string;
  /** Files among `files` whose rewrite can make code run (only when discarding), with the version written. */
  readonly sensitive: readonly WrittenSensitiveFile[];
  /** The diff of the sensitive files alone, whole (the question shows it before anything else). */
  readonly sensitiveDiff: string;
  /** What a yes to this description covers (the tool's receipt). */
  readonly receipt: GitWriteReceipt;
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
  /** Files the switch writes or deletes that can make code run, with the version it writes. */
  readonly sensitive: readonly WrittenSensitiveFile[];
  /** The diff of the sensitive files from what is checked out to the target, whole. */
  readonly sensitiveDiff: string;
  /** What a yes to this description covers (the tool's receipt): the full commit and the files shown. */
  readonly receipt: GitWriteReceipt;
}

/** What {@link GitService.commit} did. */
export interface GitCommitResult {
  /** git's own summary: `[branch hash] subject`, the count of the change and the files it created or deleted. */
  readonly text: string;
  /** The new commit's full hash. */
  readonly hash: string;
  /** The branch it was recorded on; absent when HEAD is detached. */
  readonly branch?: string;
  /** The message's first line, as git's summary gives it. */
  readonly subject: string;
  /** git's count of the change, e.g. `2 files changed, 3 insertions(+)`; '' when git printed none. */
  readonly summary: string;
  /** The files it records, relative to the workspace root: what was described just before committing. */
  readonly files: readonly string[];
}

/** What a write did: git's answer as text, and the description it acted on (the files, …). */
export interface GitWriteResult<D> {
  /** What was done, as text for the model. */
  readonly text: string;
  /** The description the write acted on, made in the same call just before it. */
  readonly description: D;
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
  /** The working tree's status inside the workspace root: the branch, its upstream and the changed files. */
  readStatus(token?: CancellationToken): Promise<GitStatus>;
  /**
   * Changes split per file, with the per-file summary and the untracked files (a working-tree diff):
   * unstaged, `staged`, or against `revision` (or a range); limited to `path` when given.
   */
  diffPatch(options: GitDiffOptions, token?: CancellationToken): Promise<GitPatch>;
  /** The last `count` commits (1 to 500; those touching `path` when given; after the newest `skip`). */
  listCommits(
    options: { readonly count: number; readonly path?: string; readonly skip?: number },
    token?: CancellationToken,
  ): Promise<GitCommitList>;
  /**
   * A commit (its message and its changes, limited to `path` when given) split per file with the
   * per-file summary (`stat`: the summary only, no patch); or a file's content with `revision:path`.
   */
  showPatch(
    revision: string,
    options?: { readonly path?: string; readonly stat?: boolean },
    token?: CancellationToken,
  ): Promise<GitPatch>;
  /** Who last changed each line of `path` (within `range`, 1-based and inclusive). */
  blame(
    path: string,
    range?: { readonly startLine: number; readonly endLine: number },
    token?: CancellationToken,
  ): Promise<GitBlame>;
  /** What `commit` with these options would record and run, for its confirmation. */
  describeCommit(
    options?: { readonly all?: boolean; readonly paths?: readonly string[] },
    token?: CancellationToken,
  ): Promise<CommitDescription>;
  /**
   * Commits what is staged inside the root, or with `all` every tracked change inside the root,
   * after adding `paths` (new files included); returns git's summary, the new commit's hash and the
   * files it records (nothing runs after the commit, so a cancel cannot hide it). Hooks, signing and
   * repository filters run only with `allowRepositoryPrograms` (a person confirmed the list
   * `describeCommit` gave); without it a commit that would run them is refused. Under a `receipt`
   * (what a person confirmed) it commits only while a fresh description still matches it: another
   * file, another parent or another program refuses it, and nothing is staged or committed.
   */
  commit(
    message: string,
    options?: {
      readonly all?: boolean;
      readonly paths?: readonly string[];
      readonly allowRepositoryPrograms?: boolean;
      readonly receipt?: GitWriteReceipt;
    },
    token?: CancellationToken,
  ): Promise<GitCommitResult>;
  /** What `add` would stage (`paths`, or with `all` every change inside the root, new files included) and run. */
  describeAdd(
    options: { readonly paths?: readonly string[]; readonly all?: boolean },
    token?: CancellationToken,
  ): Promise<AddDescription>;
  /**
   * Stages `paths` (new, changed and deleted files below them), or with `all` every change inside
   * the root; ignored files are refused. Returns what is staged now, and the description it staged
   * by. Repository programs (filters, hooks) run only with `allowRepositoryPrograms`, and a `receipt`
   * binds the files and programs, as for `commit`.
   */
  add(
    options: {
      readonly paths?: readonly string[];
      readonly all?: boolean;
      readonly allowRepositoryPrograms?: boolean;
      readonly receipt?: GitWriteReceipt;
    },
    token?: CancellationToken,
  ): Promise<GitWriteResult<AddDescription>>;
  /** What `restore` would unstage (`staged`) or discard, with the diff, for its confirmation. */
  describeRestore(
    options: { readonly paths: readonly string[]; readonly staged?: boolean },
    token?: CancellationToken,
  ): Promise<RestoreDescription>;
  /**
   * Unstages `paths` (`staged`: the working tree keeps the changes) or discards their working-tree
   * changes (back to what is staged, or committed). Returns what changed, and the description it
   * restored by. Repository programs run, and sensitive files (see {@link RestoreDescription.sensitive})
   * are rewritten, only under a `receipt` (what a person confirmed) that still matches the world right
   * before git writes; without one such a restore is refused, and with one any difference refuses it.
   */
  restore(
    options: {
      readonly paths: readonly string[];
      readonly staged?: boolean;
      readonly receipt?: GitWriteReceipt;
    },
    token?: CancellationToken,
  ): Promise<GitWriteResult<RestoreDescription>>;
  /** The local branches (and a detached HEAD), each with its tip, upstream and subject. */
  branches(token?: CancellationToken): Promise<GitBranchList>;
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
   * below the repository's top (a switch would change files outside the workspace). It checks out the
   * exact commit it described, never a ref read again. Repository programs run, and sensitive files
   * are written, only under a `receipt` that still matches (the same commit, files, versions and
   * programs); without one such a switch is refused. Returns what it did, and its description.
   */
  switchBranch(
    branch: string,
    options?: { readonly create?: boolean; readonly startPoint?: string; readonly receipt?: GitWriteReceipt },
    token?: CancellationToken,
  ): Promise<GitWriteResult<SwitchDescription>>;
}

/** The DI token of {@link GitService}: `@inject(GitService)`. */
export const GitService: ServiceIdentifier<GitService> = Symbol.for('toolpacks.GitService');
