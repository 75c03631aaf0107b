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

/** Who and when, from a commit's author or committer line or a tag's tagger line (no mailmap applied). */
export interface GitSignature {
  /** The name as stored (no mailmap applied). */
  readonly name: string;
  /** The email address as stored, without its angle brackets. */
  readonly email: string;
  /** Seconds since 1970-01-01 UTC, as git stores it. */
  readonly time: number;
  /** The person's time zone as git writes it, e.g. `+0530` or `-0800`. */
  readonly timeZone: string;
}

/** A commit's facts, read from NUL-separated fields (`%H %P %p %an %ae %ad …`, dates `--date=raw`). */
export interface GitCommitFacts {
  /** The full hash. */
  readonly hash: string;
  /** The parents' full hashes (two or more: a merge). */
  readonly parents: readonly string[];
  /** The parents' hashes abbreviated as git abbreviates them in this repository (what `Merge:` shows). */
  readonly shortParents: readonly string[];
  /** Who wrote the change, and when. */
  readonly author: GitSignature;
  /** Who made the commit, and when. */
  readonly committer: GitSignature;
  /** The message as stored (decoded to UTF-8 from its declared encoding), untrimmed. */
  readonly message: string;
  /** False: the message's bytes are not valid UTF-8 (each bad sequence reads U+FFFD in `message`). */
  readonly messageIsUtf8: boolean;
}

/** An annotated tag's facts, from the tag object as stored. */
export interface GitTagFacts {
  /** The name the tag object gives itself. */
  readonly name: string;
  /** Its tagger, when the object has a well-formed tagger line. */
  readonly tagger?: GitSignature;
  /** Everything after the blank line that ends the tag's headers (a signature included); absent with no such line. */
  readonly message?: string;
}

/** One commit of a {@link GitPatch} of `kind: 'commit'`. */
export interface GitShownCommit {
  /** The commit's facts. */
  readonly facts: GitCommitFacts;
  /** How many of {@link GitPatch.files} are this commit's diff (they follow the earlier commits' files). */
  readonly fileCount: number;
}

/**
 * A diff or a commit split at file boundaries, so a caller can fit it in a result budget and name
 * what it left out; or (`kind: 'content'`) a file or folder at a revision (`HEAD:src/a.ts`), or an
 * object that is no commit (a tree or blob by hash), as git prints it.
 */
export interface GitPatch {
  /** What was shown. */
  readonly kind: 'diff' | 'commit' | 'content';
  /** `kind: 'content'`: the text. */
  readonly content?: string;
  /**
   * `kind: 'commit'`: the annotated tags the revision named, outermost first (each points at the next,
   * the last at the commit shown).
   */
  readonly tags?: readonly GitTagFacts[];
  /** `kind: 'commit'`: the commits shown, in git's order (one, or those of a range), each with its files. */
  readonly commits?: readonly GitShownCommit[];
  /**
   * `kind: 'commit'`: the one commit asked for changes nothing inside the workspace or the path given
   * (git shows nothing of it there; `commits` holds its facts, with no files).
   */
  readonly nothingInScope?: true;
  /** Every changed file (complete even when `files` is cut), in git's order. */
  readonly stat: readonly GitFileStat[];
  /** The patch per file, in git's order; empty when only the stat was asked for. */
  readonly files: readonly GitFilePatch[];
  /** Untracked files inside the root (working-tree diffs only). */
  readonly untracked: readonly GitUntrackedFile[];
  /** git's output passed the service's size cap: files after the last in `files` were not read. */
  readonly truncated: boolean;
  /** `kind: 'commit'` of one revision: the full hash of the commit shown (a tag resolved to the commit it points at). */
  readonly commit?: string;
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
