// What the git service reads, as facts: the status, the log, a diff or a commit split per file,
// blame and the branches (the questions and receipts of the writes are in git.ts).

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

/** The commit a `showPatch` of one commit (or the first of a range) shows, from its header. */
export interface GitCommitHeader {
  /** The full hash. */
  readonly hash: string;
  /** `Name <email>`, as git shows it. */
  readonly author: string;
  /** The author date, as git shows it. */
  readonly authorDate: string;
  /** The message's first paragraph, on one line. */
  readonly subject: string;
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
  /**
   * `kind: 'commit'` of one revision: the full hash of the commit shown (a tag resolved to the commit
   * it points at). `header` may begin with an annotated tag's own text; the commit's part is the
   * last line `commit <this hash>` and what follows it.
   */
  readonly commit?: string;
  /** `kind: 'commit'`: the commit shown (never read from an annotated tag's text before it). */
  readonly commitHeader?: GitCommitHeader;
}

/** One line of {@link GitService.blame}, from git's porcelain output (keyed fields, not columns). */
export interface GitBlameLine {
  /** The line number in the file now (1-based). */
  readonly line: number;
  /** The full hash of the commit that last changed it (all zeros: not committed yet). */
  readonly hash: string;
  /** The author's name. */
  readonly author: string;
  /** The author date, YYYY-MM-DD in the author's time zone (as `git blame --date=short`). */
  readonly date: string;
  /** The file's path in that commit, relative to the repository's top. */
  readonly path: string;
  /** The line's text. */
  readonly text: string;
  /** Blame stopped at this commit (the oldest it looked at, or a root commit). */
  readonly boundary: boolean;
}

/** Who last changed each line of a file. */
export interface GitBlame {
  /** The file's path now, relative to the repository's top (a line from another path says so). */
  readonly path: string;
  /** The lines, in order. */
  readonly lines: readonly GitBlameLine[];
  /** git's output passed the service's size cap: lines after the last in `lines` were not read. */
  readonly truncated: boolean;
}

/** One entry of {@link GitService.branches}. */
export interface GitBranchEntry {
  /** The branch's name; absent for the entry of a detached HEAD. */
  readonly name?: string;
  /** As git lists it: the name, or e.g. `(HEAD detached at 1a2b3c4)`. */
  readonly label: string;
  /** It is checked out. */
  readonly current: boolean;
  /** The tip's abbreviated hash. */
  readonly commit: string;
  /** The branch's upstream (`origin/main`), when it has one. */
  readonly upstream?: string;
  /** The tip's subject. */
  readonly subject: string;
}

/** The local branches. */
export interface GitBranchList {
  /** In git's order: a detached HEAD first, then the branches by name. */
  readonly branches: readonly GitBranchEntry[];
  /** No commit yet: the branch HEAD names (`branches` is empty). */
  readonly unborn?: string;
  /** git's output passed the service's size cap: branches after the last in `branches` were not read. */
  readonly truncated: boolean;
}

/** What a file's side (the index, or the working tree) holds, as `git status` letters it. */
export type GitFileState =
  | 'unmodified'
  | 'modified'
  | 'typechange'
  | 'added'
  | 'deleted'
  | 'renamed'
  | 'copied'
  | 'unmerged'
  | 'untracked'
  | 'ignored';

/** One changed file of {@link GitStatus}. */
export interface GitStatusFile {
  /** Relative to the workspace root (the new path of a rename; `../` when git reports it from outside). */
  readonly path: string;
  /** What is staged for it (git's X letter). */
  readonly index: GitFileState;
  /** What changed in the working tree since (git's Y letter). */
  readonly workingTree: GitFileState;
  /** The path it was renamed or copied from, relative to the workspace root. */
  readonly from?: string;
  /** Present (true) for a merge conflict. */
  readonly unmerged?: true;
}

/** The working tree's status inside the workspace root, from `git status --porcelain=v2 -z --branch`. */
export interface GitStatus {
  /** The branch checked out (also an unborn one); absent when HEAD is detached. */
  readonly branch?: string;
  /** HEAD points at a commit, not at a branch. */
  readonly detached: boolean;
  /** The branch has no commit yet. */
  readonly unborn?: true;
  /** The branch's upstream, e.g. `origin/main`. */
  readonly upstream?: string;
  /** Commits on the branch not on its upstream (absent when not counted). */
  readonly ahead?: number;
  /** Commits on the upstream not on the branch (absent when not counted). */
  readonly behind?: number;
  /** The upstream is configured but no longer exists. */
  readonly upstreamGone?: true;
  /** status.aheadBehind is off: git only said the branch and its upstream differ. */
  readonly upstreamDiffers?: true;
  /** Changed files in git's order (tracked changes by path, then untracked files). */
  readonly files: readonly GitStatusFile[];
  /** git's output passed the service's size cap: files after the last in `files` were not read. */
  readonly truncated: boolean;
}

/** One commit of {@link GitCommitList}. */
export interface GitLogCommit {
  /** The abbreviated hash. */
  readonly hash: string;
  /** The author date, ISO 8601. */
  readonly date: string;
  /** The author's name. */
  readonly author: string;
  /** The message's first paragraph, on one line. */
  readonly subject: string;
}

/** Commits, newest first. */
export interface GitCommitList {
  /** The commits read, newest first (git log's order). */
  readonly commits: readonly GitLogCommit[];
  /** git's output passed the service's size cap: commits after the last in `commits` were not read. */
  readonly truncated: boolean;
}
