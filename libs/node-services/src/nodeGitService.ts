// Git through the real binary: argument arrays (never a shell), `--end-of-options` before
// revisions and `--` before paths, model input that could be read as an option refused, every
// repository-configured program neutralised (gitSafety.ts), and everything confined to the
// workspace root, which may be a subfolder of the repository (gitRepository.ts, gitRevision.ts).
import { type CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type AddDescription,
  type BranchDescription,
  type CommitDescription,
  type GitBlame,
  type GitBranchList,
  type GitCommitList,
  type GitCommitResult,
  type GitDiffOptions,
  type GitPatch,
  type GitService,
  type GitStatus,
  type GitWriteReceipt,
  type GitWriteResult,
  type RestoreDescription,
  type SwitchDescription,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { blame } from './gitBlame';
import { branches } from './gitBranch';
import { commit, describeCommitIn } from './gitCommit';
import { diffPatch, showPatch } from './gitPatchRead';
import { listRepositoryConfig } from './gitConfigList';
import { runGitProcess } from './gitProcess';
import { GitRepositoryCache } from './gitRepositoryCache';
import { confinePathKeys, includeOutside } from './gitConfigPaths';
import { checkRepositoryLocation, findRepository, TRUST_GIT_DIR_HINT } from './gitRepository';
import { quote } from './gitRevision';
import {
  ALWAYS_OVERRIDES,
  READ_ONLY_OVERRIDES,
  driverOverrides,
  GitEnvironmentCache,
  type ConfigOverride,
} from './gitSafety';
import { GitCommandError, pathList, pathspecs, type GitSession } from './gitSession';
import { LOG_FORMAT, parseLog, readStatus } from './gitStatus';
import {
  add,
  addPaths,
  createBranch,
  describeAddIn,
  describeCreateBranchIn,
  describeRestoreIn,
  restore,
} from './gitWrites';
import { describeSwitchIn, switchBranch } from './gitSwitch';

export { GitCommandError } from './gitSession';
export { checkRevision } from './gitRevision';

export interface NodeGitOptions {
  readonly git?: string;
  readonly timeoutMs?: number;
  /** Private writable memory each git may take (default 2 GiB: DEFAULT_MEMORY_LIMITS.git). */
  readonly memoryLimitBytes?: number;
  /** Output beyond this is cut, and the cut is said (default 200 KB). */
  readonly maxOutputBytes?: number;
  /**
   * Let the repository's own filter drivers (`filter.<name>.*` in .git/config, e.g. a local
   * git-lfs install) run in read-only commands, and leave them off a commit's confirmation.
   * fsmonitor, hooks in reads, textconv, external diff, pagers and signature checks stay off.
   */
  readonly trustRepositoryConfig?: boolean;
  /** Use a repository whose `.git` file, commondir or alternates in the workspace point outside it. */
  readonly trustGitDirOutsideRoot?: boolean;
  /**
   * false: every call finds the repository and lists its config again, rather than reusing them while
   * the files deciding them are unchanged (gitRepositoryCache.ts); for specs that count a call's opens.
   */
  readonly cacheRepository?: boolean;
}

/** File-name lists (what a write stages, restores or switches) are read whole up to this size. */
const LIST_MAX_BYTES = 64 * 1024 * 1024;

export class NodeGitService implements GitService {
  private readonly git: string;
  private readonly timeoutMs: number;
  private readonly maxOutputBytes: number;
  private readonly repositoryCache: GitRepositoryCache;
  private readonly environments = new GitEnvironmentCache();

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    private readonly options: NodeGitOptions = {},
  ) {
    this.git = options.git ?? 'git';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxOutputBytes = options.maxOutputBytes ?? 200 * 1024;
    this.repositoryCache = new GitRepositoryCache(workspace.root, process.env, options.cacheRepository !== false);
  }

  /** True when git finds a repository here, even one it then refuses (the tools say why). */
  async isRepository(token?: CancellationToken): Promise<boolean> {
    try {
      return (
        (await findRepository(
          (args) => this.spawn(args, [...ALWAYS_OVERRIDES, ...READ_ONLY_OVERRIDES], {}, undefined, token),
          this.workspace.root,
        )) !== undefined
      );
    } catch {
      return false;
    }
  }

  async readStatus(token?: CancellationToken): Promise<GitStatus> {
    return readStatus(await this.open(token));
  }

  /**
   * git's own short status (`status --short --branch`), as text: not part of GitService (the tools
   * read {@link readStatus}); kept for specs that check git's answer in hostile repositories.
   */
  async status(token?: CancellationToken): Promise<string> {
    const session = await this.open(token);
    const out = await session.read([
      'status',
      '--short',
      '--branch',
      '--untracked-files=all',
      '--ignore-submodules=dirty',
      '--',
      '.',
    ]);
    return out || 'Nothing to report.';
  }

  async listCommits(
    options: { count: number; path?: string; skip?: number },
    token?: CancellationToken,
  ): Promise<GitCommitList> {
    const { session, args } = await this.logCommand(options, token);
    const { text, truncated } = await session.readFull(['log', '-z', ...args]);
    return parseLog(text, truncated);
  }

  /** The log as git prints it (`%h %ad %an%n    %s`): not part of GitService; for specs, as {@link status}. */
  async log(options: { count: number; path?: string; skip?: number }, token?: CancellationToken): Promise<string> {
    const { session, args } = await this.logCommand(options, token);
    return (
      (await session.read(['log', ...args.map((a) => (a === LOG_FORMAT ? '--format=%h %ad %an%n    %s' : a))])) ||
      'No commits.'
    );
  }

  private async logCommand(options: { count: number; path?: string; skip?: number }, token?: CancellationToken) {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > 500)
      throw new WorkspaceError('count must be a whole number from 1 to 500.');
    const skip = options.skip ?? 0;
    if (!Number.isInteger(skip) || skip < 0 || skip > 10_000_000)
      throw new WorkspaceError('skip must be a whole number from 0 (the newest commit first).');
    const session = await this.open(token);
    const args = [
      '--no-follow',
      `--max-count=${options.count}`,
      ...(skip > 0 ? [`--skip=${skip}`] : []),
      '--date=iso-strict',
      LOG_FORMAT,
      '--',
    ];
    // Below the top, only commits that touch the root; at the top, the whole history (a `.`
    // pathspec would simplify it: merges and empty commits would disappear). --no-follow: a
    // repository's log.follow would list a file's history from before it moved into the root.
    if (options.path !== undefined || session.location.prefix !== '')
      args.push(...(await pathspecs(this.workspace, options.path)));
    return { session, args };
  }

  async blame(
    file: string,
    range?: { startLine: number; endLine: number },
    token?: CancellationToken,
  ): Promise<GitBlame> {
    return blame(await this.open(token), file, range);
  }

  async describeCommit(
    options: { all?: boolean; paths?: readonly string[] } = {},
    token?: CancellationToken,
  ): Promise<CommitDescription> {
    const added = options.paths?.length ? await pathList(this.workspace, options.paths) : undefined;
    return describeCommitIn(await this.open(token), options.all === true, added);
  }

  async commit(
    message: string,
    options: {
      all?: boolean;
      paths?: readonly string[];
      allowRepositoryPrograms?: boolean;
      receipt?: GitWriteReceipt;
    } = {},
    token?: CancellationToken,
  ): Promise<GitCommitResult> {
    if (typeof message !== 'string' || message.trim() === '') throw new WorkspaceError('A commit message is required.');
    const toAdd = options.paths?.length ? await pathList(this.workspace, options.paths) : undefined;
    return commit(await this.open(token), message, options, toAdd);
  }

  async diffPatch(options: GitDiffOptions, token?: CancellationToken): Promise<GitPatch> {
    return diffPatch(await this.open(token), options);
  }

  async showPatch(
    revision: string,
    options: { path?: string; stat?: boolean } = {},
    token?: CancellationToken,
  ): Promise<GitPatch> {
    return showPatch(await this.open(token), revision, options);
  }

  async describeAdd(
    options: { paths?: readonly string[]; all?: boolean },
    token?: CancellationToken,
  ): Promise<AddDescription> {
    const paths = await addPaths(this.workspace, options);
    return describeAddIn(await this.open(token), paths);
  }

  async add(
    options: { paths?: readonly string[]; all?: boolean; allowRepositoryPrograms?: boolean; receipt?: GitWriteReceipt },
    token?: CancellationToken,
  ): Promise<GitWriteResult<AddDescription>> {
    const paths = await addPaths(this.workspace, options);
    return add(await this.open(token), paths, options);
  }

  async describeRestore(
    options: { paths: readonly string[]; staged?: boolean },
    token?: CancellationToken,
  ): Promise<RestoreDescription> {
    const paths = await pathList(this.workspace, options.paths);
    return describeRestoreIn(await this.open(token), paths, options.staged === true);
  }

  async restore(
    options: { paths: readonly string[]; staged?: boolean; receipt?: GitWriteReceipt },
    token?: CancellationToken,
  ): Promise<GitWriteResult<RestoreDescription>> {
    const paths = await pathList(this.workspace, options.paths);
    return restore(await this.open(token), paths, options);
  }

  async branches(token?: CancellationToken): Promise<GitBranchList> {
    return branches(await this.open(token));
  }

  async describeCreateBranch(name: string, startPoint?: string, token?: CancellationToken): Promise<BranchDescription> {
    return describeCreateBranchIn(await this.open(token), name, startPoint);
  }

  async createBranch(
    name: string,
    options: { startPoint?: string; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<string> {
    return createBranch(await this.open(token), name, options);
  }

  async describeSwitch(
    branch: string,
    options: { create?: boolean; startPoint?: string } = {},
    token?: CancellationToken,
  ): Promise<SwitchDescription> {
    return describeSwitchIn(await this.open(token), branch, options);
  }

  async switchBranch(
    branch: string,
    options: { create?: boolean; startPoint?: string; receipt?: GitWriteReceipt } = {},
    token?: CancellationToken,
  ): Promise<GitWriteResult<SwitchDescription>> {
    return switchBranch(await this.open(token), branch, options);
  }

  private async open(token: CancellationToken | undefined): Promise<GitSession> {
    const root = this.workspace.root;
    const discoveryOverrides = [...ALWAYS_OVERRIDES, ...READ_ONLY_OVERRIDES];
    const discover = (args: readonly string[]) => this.spawn(args, discoveryOverrides, {}, undefined, token);
    // Discovery and the config listing come from the cache while the files deciding them are unchanged
    // (gitRepositoryCache.ts); every check below still runs on every call.
    const attempt = this.repositoryCache.begin();
    const location = attempt.hit?.location ?? (await findRepository(discover, root));
    if (!location)
      throw new WorkspaceError(
        'The workspace is not a git repository (or git does not trust its owner: see safe.directory).',
      );
    try {
      await checkRepositoryLocation(discover, location, root, this.options.trustGitDirOutsideRoot === true);
    } catch (error) {
      this.repositoryCache.clear();
      throw error;
    }
    // Pinned: a `.git` created meanwhile, core.worktree or the caller's env cannot redirect git.
    const pinned = { GIT_DIR: location.gitDir, GIT_WORK_TREE: location.top };
    const exec = (args: readonly string[], overrides: readonly ConfigOverride[], stdin?: string) =>
      this.spawn(args, overrides, pinned, stdin, token);
    const config = attempt.hit?.config ?? (await listRepositoryConfig(exec, discoveryOverrides));
    if (!attempt.hit) this.repositoryCache.store(attempt, { location, config });
    const home = process.env.HOME;
    // An include is read while git parses its config: no override can drop it, so git is not used.
    const outside = this.options.trustGitDirOutsideRoot ? undefined : await includeOutside(config, root, home);
    if (outside)
      throw new WorkspaceError(
        `The repository's config (${quote(outside.from || 'unknown file')}) includes ${quote(outside.target ?? 'a file it cannot place')} (${outside.key}), outside the workspace; git is not used here. ${TRUST_GIT_DIR_HINT}`,
      );
    const confined = await confinePathKeys(config, { root, top: location.top, home });
    const readOverrides = [
      ...discoveryOverrides,
      ...(this.options.trustRepositoryConfig ? [] : driverOverrides(config)),
      ...confined.overrides,
    ];
    const readFull = async (args: readonly string[]) => {
      const result = await this.spawn(args, readOverrides, pinned, undefined, token, undefined, true);
      if (result.code !== 0) throw new GitCommandError(args[0], `${result.stderr}\n${result.stdout}`);
      return { text: result.stdout, bytes: result.bytes!, truncated: result.truncated };
    };
    const read = async (args: readonly string[], stdin?: string) => {
      const result = await exec(args, readOverrides, stdin);
      if (result.code !== 0) throw new GitCommandError(args[0], `${result.stderr}\n${result.stdout}`);
      let text = result.stdout;
      if (result.truncated)
        text = `${text}\n[output cut at ${Math.round(this.maxOutputBytes / 1024)} KB; narrow it with a path or a smaller range]`;
      return text.trimEnd();
    };
    const list = async (args: readonly string[]) => {
      const maxOutputBytes = Math.max(this.maxOutputBytes, LIST_MAX_BYTES);
      const result = await this.spawn(args, readOverrides, pinned, undefined, token, maxOutputBytes);
      if (result.code !== 0) throw new GitCommandError(args[0], `${result.stderr}\n${result.stdout}`);
      const found = result.stdout.split('\0').filter(Boolean);
      if (result.truncated)
        throw new WorkspaceError(
          `More than ${found.length - 1} files are involved (git's list of them passed ${maxOutputBytes / 1024 / 1024} MB); give fewer or narrower paths.`,
        );
      return found;
    };
    return {
      location,
      config,
      workspace: this.workspace,
      trustRepositoryConfig: this.options.trustRepositoryConfig === true,
      read,
      list,
      readFull,
      exec,
      readOverrides,
      pathOverrides: confined.overrides,
      blameArgs: confined.blameArgs,
    };
  }

  private spawn(
    args: readonly string[],
    overrides: readonly ConfigOverride[],
    pinned: Record<string, string>,
    stdin: string | undefined,
    token: CancellationToken | undefined,
    maxOutputBytes = this.maxOutputBytes,
    keepBytes = false,
  ) {
    return runGitProcess({
      git: this.git,
      args: ['--no-pager', ...args],
      cwd: this.workspace.root,
      env: this.environments.environment(overrides, pinned),
      stdin,
      timeoutMs: this.timeoutMs,
      maxOutputBytes,
      memoryLimitBytes: this.options.memoryLimitBytes,
      token,
      keepBytes,
    });
  }
}
