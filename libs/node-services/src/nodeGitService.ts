// Git through the real binary: argument arrays (never a shell), `--end-of-options` before
// revisions and `--` before paths, model input that could be read as an option refused, every
// repository-configured program neutralised (gitSafety.ts), and everything confined to the
// workspace root, which may be a subfolder of the repository (gitRepository.ts, gitRevision.ts).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type AddDescription,
  type BranchDescription,
  type CommitDescription,
  type GitBlame,
  type GitBranchList,
  type GitCommitResult,
  type GitDiffOptions,
  type GitFilePatch,
  type GitPatch,
  type GitService,
  type GitUntrackedFile,
  type GitWriteReceipt,
  type GitWriteResult,
  type RestoreDescription,
  type SwitchDescription,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { blame } from './gitBlame';
import { branches } from './gitBranch';
import { describePrograms, planCommit, runsPrograms } from './gitCommitPlan';
import { newFileDiff, parseNumstat, splitPatch, trimPartialSection } from './gitPatch';
import { runGitProcess, type GitProcessResult } from './gitProcess';
import { GitRepositoryCache } from './gitRepositoryCache';
import { confinePathKeys, includeOutside } from './gitConfigPaths';
import { checkRepositoryLocation, findRepository, TRUST_GIT_DIR_HINT } from './gitRepository';
import { quote, scopeRevision } from './gitRevision';
import {
  ALWAYS_OVERRIDES,
  READ_ONLY_OVERRIDES,
  driverOverrides,
  gitEnvironment,
  type ConfigEntry,
  type ConfigOverride,
} from './gitSafety';
import {
  GitCommandError,
  PREFIXES,
  commitOf,
  hooksDir,
  names,
  pathList,
  pathspecs,
  runAdd,
  untrackedNames,
  verifyEnds,
  type GitSession,
} from './gitSession';
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

/** Untracked files whose content `includeUntracked` shows: at most this many, each at most this large. */
const UNTRACKED_CONTENT_FILES = 200;
const UNTRACKED_CONTENT_BYTES = 256 * 1024;

/** File-name lists (what a write stages, restores or switches) are read whole up to this size. */
const LIST_MAX_BYTES = 64 * 1024 * 1024;

/** The commit's summary line with the full hash (`[main 1a2b…] subject`). */
const FULL_HASH: ConfigOverride = { key: 'core.abbrev', value: 'no', why: 'the summary names the full hash.' };

const NOTHING_TO_COMMIT =
  /nothing (added )?to commit|no changes added to commit|did not match any file\(s\) known to git/;

export class NodeGitService implements GitService {
  private readonly git: string;
  private readonly timeoutMs: number;
  private readonly maxOutputBytes: number;
  private readonly repositoryCache: GitRepositoryCache;

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

  async log(options: { count: number; path?: string; skip?: number }, token?: CancellationToken): Promise<string> {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > 500)
      throw new WorkspaceError('count must be a whole number from 1 to 500.');
    const skip = options.skip ?? 0;
    if (!Number.isInteger(skip) || skip < 0 || skip > 10_000_000)
      throw new WorkspaceError('skip must be a whole number from 0 (the newest commit first).');
    const session = await this.open(token);
    const args = [
      'log',
      '--no-follow',
      `--max-count=${options.count}`,
      ...(skip > 0 ? [`--skip=${skip}`] : []),
      '--date=iso-strict',
      '--format=%h %ad %an%n    %s',
      '--',
    ];
    // Below the top, only commits that touch the root; at the top, the whole history (a `.`
    // pathspec would simplify it: merges and empty commits would disappear). --no-follow: a
    // repository's log.follow would list a file's history from before it moved into the root.
    if (options.path !== undefined || session.location.prefix !== '')
      args.push(...(await pathspecs(this.workspace, options.path)));
    return (await session.read(args)) || 'No commits.';
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
    const added = options.paths?.length ? await pathList(this.workspace, options.paths, 'git_commit') : undefined;
    return this.describe(await this.open(token), options.all === true, added);
  }

  async commit(
    message: string,
    options: { all?: boolean; paths?: readonly string[]; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<GitCommitResult> {
    if (typeof message !== 'string' || message.trim() === '') throw new WorkspaceError('A commit message is required.');
    const toAdd = options.paths?.length ? await pathList(this.workspace, options.paths, 'git_commit') : undefined;
    const session = await this.open(token);
    const description = await this.describe(session, options.all === true, toAdd);
    if (!options.all && description.outsideStagedCount > 0)
      throw new WorkspaceError(
        `${description.outsideStagedCount} staged change(s) lie outside the workspace root; git_commit never commits outside it. Unstage or commit them yourself, or commit with all: true to record only the workspace's tracked changes.`,
      );
    const programs = runsPrograms(description);
    if (programs && !options.allowRepositoryPrograms)
      throw new WorkspaceError(
        `This commit would run ${boundedList(describePrograms(description))}; that needs a person's confirmation of this very commit, so it was not made.`,
      );
    // Confirmed programs run as git would run them; fsmonitor and the rest stay off.
    const overrides = programs ? [...ALWAYS_OVERRIDES, ...session.pathOverrides] : session.readOverrides;
    if (toAdd) await runAdd(session, toAdd, overrides);
    // The message goes through stdin (-F -): nothing in it can become an argument.
    // At the top `--all` (which also finishes a merge); below it `--only -- .`, which records the
    // root's tracked changes and leaves whatever is staged elsewhere staged.
    const args = [
      'commit',
      '--file=-',
      '--no-edit',
      ...(options.all ? (session.location.prefix === '' ? ['--all'] : ['--only', '--', '.']) : []),
    ];
    // core.abbrev=no: the summary names the full hash, so nothing has to ask git after the commit.
    const result = await session.exec(args, [...overrides, FULL_HASH], message);
    if (result.code === 0) {
      const text = result.stdout.trimEnd();
      const hash = /^\[.*? ([0-9a-f]{40,64})\] /m.exec(text)?.[1] ?? '';
      return { text, hash, files: description.files };
    }
    if (NOTHING_TO_COMMIT.test(result.stdout + result.stderr))
      throw new WorkspaceError(
        'Nothing to commit: no changes are staged in the workspace. Stage files with git_add (new files too), or call git_commit with paths: [...] to add the files and commit them in one call, or with all: true to include every change to tracked files.',
      );
    // stdout lists the repository's status (outside the root too); the reason is on stderr.
    const failure = new GitCommandError('commit', result.stderr || 'git exited with an error.');
    if (!toAdd || !description.added?.length) throw failure;
    // The add went through: said, so the model does not think the files are as they were.
    throw new WorkspaceError(
      `${failure.message}\nNo commit was made, but the files given as paths were staged first and stay staged: ${boundedList(description.added, 50)}. Fix the problem and call git_commit again (without paths, or with them: staging again is harmless), or unstage them with git_restore {staged: true}.`,
    );
  }

  async diffPatch(options: GitDiffOptions, token?: CancellationToken): Promise<GitPatch> {
    const session = await this.open(token);
    const common = ['--no-ext-diff', '--no-textconv', ...PREFIXES, '--relative', '--ignore-submodules=dirty'];
    const selection: string[] = options.staged ? ['--cached'] : [];
    let range = false;
    if (options.revision !== undefined) {
      const scoped = scopeRevision(options.revision, session.location.prefix);
      if (scoped.pathForm)
        throw new WorkspaceError(
          `git_diff takes a revision or a range, not '${quote(options.revision)}'; give the file as path instead.`,
        );
      await verifyEnds(session, scoped.ends, 'tree', options.revision);
      range = scoped.revision.includes('..');
      selection.push('--end-of-options', scoped.revision);
    }
    const paths = await pathspecs(this.workspace, options.path);
    const stat = parseNumstat(
      (await session.readFull(['diff', ...common, '--numstat', '-z', ...selection, '--', ...paths])).text,
    );
    let files: GitFilePatch[] = [];
    let truncated = false;
    if (!options.stat && stat.length > 0) {
      const patch = await session.readFull(['diff', ...common, ...selection, '--', ...paths]);
      ({ files } = splitPatch(patch.text));
      truncated = patch.truncated;
      if (truncated && files.length) files = [...files.slice(0, -1), trimPartialSection(files[files.length - 1])];
    }
    // The working tree's new files: a staged diff or a range between commits has none.
    const untracked =
      options.staged || range ? [] : await this.untracked(session, paths, options.includeUntracked === true);
    return { kind: 'diff', header: '', stat, files, untracked, truncated };
  }

  async showPatch(
    revision: string,
    options: { path?: string; stat?: boolean } = {},
    token?: CancellationToken,
  ): Promise<GitPatch> {
    const session = await this.open(token);
    const scoped = scopeRevision(revision, session.location.prefix);
    if (scoped.pathForm) {
      if (options.path !== undefined)
        throw new WorkspaceError(`Give either a revision with a path ('${quote(revision)}') or path, not both.`);
      const content = await session.readFull([
        'show',
        '--no-ext-diff',
        '--no-textconv',
        '--end-of-options',
        scoped.revision,
        '--',
      ]);
      const text = content.text.trimEnd();
      return { kind: 'content', header: text, stat: [], files: [], untracked: [], truncated: content.truncated };
    }
    // One revision: the commit it names (a tag resolved), so the per-file summary and the header are
    // that commit's and never read from a tag's text, which may hold anything.
    const single = scoped.ends.length === 1 && !scoped.revision.includes('..');
    const commit = single ? await commitOf(session, scoped.ends[0]) : undefined;
    if (!commit) await verifyEnds(session, scoped.ends, 'commit', revision);
    const base = ['show', '--no-ext-diff', '--no-textconv', ...PREFIXES, '--relative'];
    const confined = session.location.prefix !== '' || options.path !== undefined;
    const pathArgs = confined ? await pathspecs(this.workspace, options.path) : [];
    const stat = parseNumstat(
      (
        await session.readFull([
          ...base,
          '--numstat',
          '-z',
          '--format=',
          '--end-of-options',
          commit ?? scoped.revision,
          '--',
          ...pathArgs,
        ])
      ).text,
    );
    const shown = await session.readFull([
      ...base,
      options.stat ? '--no-patch' : '--patch',
      '--format=fuller',
      '--end-of-options',
      scoped.revision,
      '--',
      ...pathArgs,
    ]);
    let { header, files } = splitPatch(shown.text, commit);
    if (shown.truncated && files.length) files = [...files.slice(0, -1), trimPartialSection(files[files.length - 1])];
    if (header === '' && files.length === 0 && scoped.ends.length <= 1) {
      // Below the top a commit with no change inside the root prints nothing: its header, and why.
      const whole = await session.read([
        'show',
        '--no-patch',
        '--format=fuller',
        '--end-of-options',
        scoped.revision,
        '--',
      ]);
      header = `${whole}\n\n(no changes inside ${options.path === undefined ? 'the workspace' : `'${quote(options.path)}'`})`;
    }
    return {
      kind: 'commit',
      header,
      stat,
      files,
      untracked: [],
      truncated: shown.truncated,
      ...(commit ? { commit } : {}),
    };
  }

  async describeAdd(
    options: { paths?: readonly string[]; all?: boolean },
    token?: CancellationToken,
  ): Promise<AddDescription> {
    const paths = await addPaths(this.workspace, options);
    return describeAddIn(await this.open(token), paths);
  }

  async add(
    options: { paths?: readonly string[]; all?: boolean; allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<GitWriteResult<AddDescription>> {
    const paths = await addPaths(this.workspace, options);
    return add(await this.open(token), paths, options.allowRepositoryPrograms);
  }

  async describeRestore(
    options: { paths: readonly string[]; staged?: boolean },
    token?: CancellationToken,
  ): Promise<RestoreDescription> {
    const paths = await pathList(this.workspace, options.paths, 'git_restore');
    return describeRestoreIn(await this.open(token), paths, options.staged === true);
  }

  async restore(
    options: { paths: readonly string[]; staged?: boolean; receipt?: GitWriteReceipt },
    token?: CancellationToken,
  ): Promise<GitWriteResult<RestoreDescription>> {
    const paths = await pathList(this.workspace, options.paths, 'git_restore');
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

  /** Tracked changes against the index and new files below `paths`: what `git add --all -- paths` stages. */
  private async changedBelow(session: GitSession, paths: readonly string[]): Promise<string[]> {
    const changed = await names(session, ['--relative', '--', ...paths]);
    const untracked = await untrackedNames(session, paths);
    return [...new Set([...changed, ...untracked])].sort();
  }

  private async untracked(
    session: GitSession,
    paths: readonly string[],
    content: boolean,
  ): Promise<GitUntrackedFile[]> {
    const found = await untrackedNames(session, paths);
    if (!content) return found.map((name) => ({ path: name }));
    const files: GitUntrackedFile[] = [];
    for (const [index, name] of found.entries()) {
      if (index >= UNTRACKED_CONTENT_FILES) {
        files.push({ path: name, skipped: `content shown for the first ${UNTRACKED_CONTENT_FILES} files only` });
        continue;
      }
      files.push(await this.untrackedContent(name));
    }
    return files;
  }

  private async untrackedContent(name: string): Promise<GitUntrackedFile> {
    try {
      const info = await fs.lstat(path.join(this.workspace.root, name));
      if (info.isSymbolicLink()) return { path: name, skipped: 'a symbolic link' };
      if (!info.isFile()) return { path: name, skipped: 'not a regular file' };
      if (info.size > UNTRACKED_CONTENT_BYTES)
        return { path: name, skipped: `${info.size} bytes, over the ${UNTRACKED_CONTENT_BYTES / 1024} KB shown` };
      const { bytes } = await this.workspace.readBytes(name, UNTRACKED_CONTENT_BYTES);
      if (bytes.subarray(0, 8000).includes(0)) return { path: name, skipped: `binary, ${bytes.length} bytes` };
      const text = Buffer.from(bytes).toString('utf8');
      return { path: name, patch: newFileDiff(name, text, (info.mode & 0o111) !== 0) };
    } catch (error) {
      return { path: name, skipped: `unreadable: ${error instanceof Error ? quote(error.message) : String(error)}` };
    }
  }

  private async describe(session: GitSession, all: boolean, toAdd?: readonly string[]): Promise<CommitDescription> {
    const changed = (args: string[]) => names(session, args);
    const staged = await changed(['--cached', '--relative', '--', '.']);
    let files = all ? [...new Set([...staged, ...(await changed(['--relative', '--', '.']))])].sort() : staged;
    let added: string[] | undefined;
    if (toAdd) {
      added = await this.changedBelow(session, toAdd);
      files = [...new Set([...files, ...added])].sort();
    }
    const { prefix } = session.location;
    const outsideStagedCount =
      prefix === ''
        ? 0
        : (await changed(['--cached', '--no-relative'])).filter((name) => !name.startsWith(prefix)).length;
    // The hooks folder as the commit will see it: core.hooksPath honoured (only reads turn it off).
    const plan = await planCommit({
      hooksDir: await hooksDir(session),
      config: session.config,
      trustRepositoryConfig: session.trustRepositoryConfig,
      files,
      outsideStagedCount,
    });
    return added ? { ...plan, added } : plan;
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
    const config = attempt.hit?.config ?? (await this.listConfig(exec, discoveryOverrides));
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
      const result = await exec(args, readOverrides);
      if (result.code !== 0) throw new GitCommandError(args[0], `${result.stderr}\n${result.stdout}`);
      return { text: result.stdout, truncated: result.truncated };
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

  /** The repository's config as git lists it, with the file each value came from. */
  private async listConfig(
    exec: (args: readonly string[], overrides: readonly ConfigOverride[]) => Promise<GitProcessResult>,
    overrides: readonly ConfigOverride[],
  ): Promise<ConfigEntry[]> {
    const listed = await exec(['config', '--show-origin', '--show-scope', '--null', '--list'], overrides);
    if (listed.code !== 0)
      throw new GitCommandError('config', listed.stderr || 'git could not read the repository config.');
    return parseConfigList(listed.stdout, true).filter((entry) => entry.scope !== 'command');
  }

  private spawn(
    args: readonly string[],
    overrides: readonly ConfigOverride[],
    pinned: Record<string, string>,
    stdin: string | undefined,
    token: CancellationToken | undefined,
    maxOutputBytes = this.maxOutputBytes,
  ) {
    return runGitProcess({
      git: this.git,
      args: ['--no-pager', ...args],
      cwd: this.workspace.root,
      env: gitEnvironment(process.env, overrides, pinned),
      stdin,
      timeoutMs: this.timeoutMs,
      maxOutputBytes,
      memoryLimitBytes: this.options.memoryLimitBytes,
      token,
    });
  }
}

/** `git config --show-scope [--show-origin] --null --list`: scope NUL [origin NUL] key LF value NUL (no LF for a bare key). */
export function parseConfigList(output: string, withOrigin = false): ConfigEntry[] {
  const fields = output.split('\0');
  const width = withOrigin ? 3 : 2;
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + width - 1 < fields.length; i += width) {
    const [key, ...value] = fields[i + width - 1].split('\n');
    entries.push({ scope: fields[i], key, value: value.join('\n'), ...(withOrigin ? { origin: fields[i + 1] } : {}) });
  }
  return entries;
}
