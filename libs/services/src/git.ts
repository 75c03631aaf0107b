import type { ServiceIdentifier } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';

/** What `commit` would do: the files it records and the programs of the repository it would run. */
export interface CommitDescription {
  /** Files the commit records, relative to the workspace root. */
  readonly files: readonly string[];
  /** Staged changes outside the workspace root (a root below the repository's top); never committed. */
  readonly outsideStagedCount: number;
  /** Hooks that exist and are executable and that a commit runs (absolute paths). */
  readonly hooks: readonly string[];
  /** The signing program when commit.gpgsign is on, e.g. "gpg (gpg.format openpgp, from local config)". */
  readonly signing?: string;
  /** The repository's own filter programs (`filter.<name>.clean = …`) a commit would run. */
  readonly filters: readonly string[];
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
  /** Changes as a unified diff: unstaged, `staged`, or against `revision`; limited to `path` when given. */
  diff(
    options: { readonly staged?: boolean; readonly revision?: string; readonly path?: string },
    token?: CancellationToken,
  ): Promise<string>;
  /** The last `count` commits (1 to 500; those touching `path` when given), as text. */
  log(options: { readonly count: number; readonly path?: string }, token?: CancellationToken): Promise<string>;
  /** A commit (its message, files and patch, limited to `path` when given), or a file's content with `revision:path`, as text. */
  show(revision: string, options?: { readonly path?: string }, token?: CancellationToken): Promise<string>;
  /** Who last changed each line of `path` (within `range`, 1-based and inclusive), as text. */
  blame(
    path: string,
    range?: { readonly startLine: number; readonly endLine: number },
    token?: CancellationToken,
  ): Promise<string>;
  /** What `commit` with these options would record and run, for its confirmation. */
  describeCommit(options?: { readonly all?: boolean }, token?: CancellationToken): Promise<CommitDescription>;
  /**
   * Commits what is staged inside the root, or with `all` every tracked change inside the root;
   * returns git's summary. Hooks, signing and repository filters run only with
   * `allowRepositoryPrograms` (a person confirmed the list `describeCommit` gave); without it a
   * commit that would run them is refused.
   */
  commit(
    message: string,
    options?: { readonly all?: boolean; readonly allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string>;
}

/** The DI token of {@link GitService}: `@inject(GitService)`. */
export const GitService: ServiceIdentifier<GitService> = Symbol.for('toolpacks.GitService');
