// Git through the real binary: argument arrays (never a shell), `--end-of-options` before
// revisions and `--` before paths, model input that could be read as an option refused, every
// repository-configured program neutralised (gitSafety.ts), and everything confined to the
// workspace root, which may be a subfolder of the repository (gitRepository.ts, gitRevision.ts).
import * as path from 'node:path';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import { WorkspaceError, type CommitDescription, type GitService, type WorkspaceFileSystem } from '@toolpacks/services';
import { describePrograms, planCommit, runsPrograms } from './gitCommitPlan';
import { runGitProcess, type GitProcessResult } from './gitProcess';
import { confinePathKeys, includeOutside } from './gitConfigPaths';
import { checkRepositoryLocation, findRepository, TRUST_GIT_DIR_HINT, type GitLocation } from './gitRepository';
import { quote, scopeRevision } from './gitRevision';
import {
  ALWAYS_OVERRIDES,
  READ_ONLY_OVERRIDES,
  driverOverrides,
  gitEnvironment,
  type ConfigEntry,
  type ConfigOverride,
} from './gitSafety';

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
}

/** git exited non-zero: the message keeps its first lines, `output` all of it. */
export class GitCommandError extends WorkspaceError {
  constructor(
    command: string,
    readonly output: string,
  ) {
    // git's own lines quote model input (a path, a revision): each is cut.
    super(
      `git ${command} failed: ${output
        .trim()
        .split('\n')
        .slice(0, 5)
        .map((line) => quote(line, 300))
        .join('\n')}`,
    );
  }
}

/** One call's view of the repository: where it is, its config, and how to run git against it. */
interface Session {
  readonly location: GitLocation;
  readonly config: readonly ConfigEntry[];
  /** Read-only: every repository program off. */
  read(args: readonly string[], stdin?: string): Promise<string>;
  exec(args: readonly string[], overrides: readonly ConfigOverride[], stdin?: string): Promise<GitProcessResult>;
  readonly readOverrides: readonly ConfigOverride[];
  /** Path keys of the repository that lead outside the root, replaced (gitConfigPaths.ts): on every command. */
  readonly pathOverrides: readonly ConfigOverride[];
  /** blame's own ignore-revs files, when the repository's lead outside the root. */
  readonly blameArgs: readonly string[];
}

const NOTHING_TO_COMMIT =
  /nothing (added )?to commit|no changes added to commit|did not match any file\(s\) known to git/;

export class NodeGitService implements GitService {
  private readonly git: string;
  private readonly timeoutMs: number;
  private readonly maxOutputBytes: number;

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    private readonly options: NodeGitOptions = {},
  ) {
    this.git = options.git ?? 'git';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxOutputBytes = options.maxOutputBytes ?? 200 * 1024;
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

  async diff(
    options: { staged?: boolean; revision?: string; path?: string },
    token?: CancellationToken,
  ): Promise<string> {
    const session = await this.open(token);
    const args = ['diff', '--no-ext-diff', '--no-textconv', '--relative', '--ignore-submodules=dirty'];
    if (options.staged) args.push('--cached');
    if (options.revision !== undefined) {
      const scoped = scopeRevision(options.revision, session.location.prefix);
      if (scoped.pathForm)
        throw new WorkspaceError(
          `git_diff takes a revision or a range, not '${quote(options.revision)}'; give the file as path instead.`,
        );
      await this.verifyEnds(session, scoped.ends, 'tree', options.revision);
      args.push('--end-of-options', scoped.revision);
    }
    args.push('--', ...(await this.paths(options.path)));
    return (await session.read(args)) || 'No differences.';
  }

  async log(options: { count: number; path?: string }, token?: CancellationToken): Promise<string> {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > 500)
      throw new WorkspaceError('count must be a whole number from 1 to 500.');
    const session = await this.open(token);
    const args = [
      'log',
      '--no-follow',
      `--max-count=${options.count}`,
      '--date=iso-strict',
      '--format=%h %ad %an%n    %s',
      '--',
    ];
    // Below the top, only commits that touch the root; at the top, the whole history (a `.`
    // pathspec would simplify it: merges and empty commits would disappear). --no-follow: a
    // repository's log.follow would list a file's history from before it moved into the root.
    if (options.path !== undefined || session.location.prefix !== '') args.push(...(await this.paths(options.path)));
    return (await session.read(args)) || 'No commits.';
  }

  async show(revision: string, options: { path?: string } = {}, token?: CancellationToken): Promise<string> {
    const session = await this.open(token);
    const scoped = scopeRevision(revision, session.location.prefix);
    if (scoped.pathForm) {
      if (options.path !== undefined)
        throw new WorkspaceError(`Give either a revision with a path ('${quote(revision)}') or path, not both.`);
      return session.read(['show', '--no-ext-diff', '--no-textconv', '--end-of-options', scoped.revision, '--']);
    }
    await this.verifyEnds(session, scoped.ends, 'commit', revision);
    const args = [
      'show',
      '--no-ext-diff',
      '--no-textconv',
      '--relative',
      '--stat',
      '--patch',
      '--format=fuller',
      '--end-of-options',
      scoped.revision,
    ];
    // At the repository's top a commit is shown whole (an empty or merge commit too); below it,
    // only its changes inside the root, and a commit with none there keeps its header.
    const confined = session.location.prefix !== '' || options.path !== undefined;
    if (!confined) return session.read([...args, '--']);
    const shown = await session.read([...args, '--', ...(await this.paths(options.path))]);
    if (shown !== '' || scoped.ends.length > 1) return shown;
    const header = await session.read([
      'show',
      '--no-patch',
      '--format=fuller',
      '--end-of-options',
      scoped.revision,
      '--',
    ]);
    return `${header}\n\n(no changes inside ${options.path === undefined ? 'the workspace' : `'${quote(options.path)}'`})`;
  }

  async blame(
    file: string,
    range?: { startLine: number; endLine: number },
    token?: CancellationToken,
  ): Promise<string> {
    const args = ['blame', '--no-textconv', '--date=short'];
    if (range) {
      const { startLine, endLine } = range;
      if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine)
        throw new WorkspaceError('The line range must be whole numbers with 1 <= startLine <= endLine.');
      args.push(`-L${startLine},${endLine}`);
    }
    const paths = await this.paths(file);
    const session = await this.open(token);
    return session.read([...args, ...session.blameArgs, '--', ...paths]);
  }

  async describeCommit(options: { all?: boolean } = {}, token?: CancellationToken): Promise<CommitDescription> {
    return this.describe(await this.open(token), options.all === true);
  }

  async commit(
    message: string,
    options: { all?: boolean; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<string> {
    if (typeof message !== 'string' || message.trim() === '') throw new WorkspaceError('A commit message is required.');
    const session = await this.open(token);
    const description = await this.describe(session, options.all === true);
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
    // The message goes through stdin (-F -): nothing in it can become an argument.
    // At the top `--all` (which also finishes a merge); below it `--only -- .`, which records the
    // root's tracked changes and leaves whatever is staged elsewhere staged.
    const args = [
      'commit',
      '--file=-',
      '--no-edit',
      ...(options.all ? (session.location.prefix === '' ? ['--all'] : ['--only', '--', '.']) : []),
    ];
    const result = await session.exec(args, overrides, message);
    if (result.code === 0) return result.stdout.trimEnd();
    if (NOTHING_TO_COMMIT.test(result.stdout + result.stderr))
      throw new WorkspaceError(
        'Nothing to commit: no changes are staged in the workspace. Stage files first, or commit with all: true to include every tracked change.',
      );
    // stdout lists the repository's status (outside the root too); the reason is on stderr.
    throw new GitCommandError('commit', result.stderr || 'git exited with an error.');
  }

  private async describe(session: Session, all: boolean): Promise<CommitDescription> {
    const names = async (args: string[]) =>
      (await session.read(['diff', '--no-ext-diff', '--name-only', '-z', '--ignore-submodules=dirty', ...args]))
        .split('\0')
        .filter(Boolean);
    const staged = await names(['--cached', '--relative', '--', '.']);
    const files = all ? [...new Set([...staged, ...(await names(['--relative', '--', '.']))])].sort() : staged;
    const { prefix } = session.location;
    const outsideStagedCount =
      prefix === ''
        ? 0
        : (await names(['--cached', '--no-relative'])).filter((name) => !name.startsWith(prefix)).length;
    // The hooks folder as the commit will see it: core.hooksPath honoured (only reads turn it off).
    const hooks = await session.exec(['rev-parse', '--git-path', 'hooks'], ALWAYS_OVERRIDES);
    const hooksDir = path.resolve(
      this.workspace.root,
      hooks.stdout.trim() || path.join(session.location.gitDir, 'hooks'),
    );
    return planCommit({
      hooksDir,
      config: session.config,
      trustRepositoryConfig: this.options.trustRepositoryConfig === true,
      files,
      outsideStagedCount,
    });
  }

  /** Outside the top-level case every end must be a commit (show) or tree-ish (diff): a blob by hash could be any file. */
  private async verifyEnds(
    session: Session,
    ends: readonly string[],
    type: 'commit' | 'tree',
    revision: string,
  ): Promise<void> {
    if (session.location.prefix === '') return;
    for (const end of ends) {
      const result = await session.exec(
        ['rev-parse', '--quiet', '--verify', '--end-of-options', `${end}^{${type}}`],
        session.readOverrides,
      );
      if (result.code !== 0)
        throw new WorkspaceError(
          `Revision '${quote(revision)}' is not a ${type === 'commit' ? 'commit' : 'commit or tree'} of this repository. Give a branch, tag or commit hash, or <commit>:<path> for a file in the workspace.`,
        );
    }
  }

  private async open(token: CancellationToken | undefined): Promise<Session> {
    const root = this.workspace.root;
    const discoveryOverrides = [...ALWAYS_OVERRIDES, ...READ_ONLY_OVERRIDES];
    const location = await findRepository((args) => this.spawn(args, discoveryOverrides, {}, undefined, token), root);
    if (!location)
      throw new WorkspaceError(
        'The workspace is not a git repository (or git does not trust its owner: see safe.directory).',
      );
    await checkRepositoryLocation(
      (args) => this.spawn(args, discoveryOverrides, {}, undefined, token),
      location,
      root,
      this.options.trustGitDirOutsideRoot === true,
    );
    // Pinned: a `.git` created meanwhile, core.worktree or the caller's env cannot redirect git.
    const pinned = { GIT_DIR: location.gitDir, GIT_WORK_TREE: location.top };
    const exec = (args: readonly string[], overrides: readonly ConfigOverride[], stdin?: string) =>
      this.spawn(args, overrides, pinned, stdin, token);
    const listed = await exec(['config', '--show-origin', '--show-scope', '--null', '--list'], discoveryOverrides);
    if (listed.code !== 0)
      throw new GitCommandError('config', listed.stderr || 'git could not read the repository config.');
    const config = parseConfigList(listed.stdout, true).filter((entry) => entry.scope !== 'command');
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
    const read = async (args: readonly string[], stdin?: string) => {
      const result = await exec(args, readOverrides, stdin);
      if (result.code !== 0) throw new GitCommandError(args[0], `${result.stderr}\n${result.stdout}`);
      let text = result.stdout;
      if (result.truncated)
        text = `${text}\n[output cut at ${Math.round(this.maxOutputBytes / 1024)} KB; narrow it with a path or a smaller range]`;
      return text.trimEnd();
    };
    return {
      location,
      config,
      read,
      exec,
      readOverrides,
      pathOverrides: confined.overrides,
      blameArgs: confined.blameArgs,
    };
  }

  private async paths(input: string | undefined): Promise<string[]> {
    if (input === undefined) return ['.'];
    if (typeof input === 'string' && input.startsWith('-'))
      throw new WorkspaceError(
        `Path '${quote(input)}' starts with '-', which git could read as an option; it is refused.`,
      );
    return [this.workspace.relative(await this.workspace.resolve(input)) || '.'];
  }

  private spawn(
    args: readonly string[],
    overrides: readonly ConfigOverride[],
    pinned: Record<string, string>,
    stdin: string | undefined,
    token: CancellationToken | undefined,
  ) {
    return runGitProcess({
      git: this.git,
      args: ['--no-pager', ...args],
      cwd: this.workspace.root,
      env: gitEnvironment(process.env, overrides, pinned),
      stdin,
      timeoutMs: this.timeoutMs,
      maxOutputBytes: this.maxOutputBytes,
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
