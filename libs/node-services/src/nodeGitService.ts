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
  type GitDiffOptions,
  type GitFilePatch,
  type GitPatch,
  type GitService,
  type GitUntrackedFile,
  type RepositoryPrograms,
  type RestoreDescription,
  type SensitiveFile,
  type SwitchBlocker,
  type SwitchDescription,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { checkBranchNameResult, checkBranchNameSyntax } from './gitBranch';
import {
  ADD_HOOKS,
  BRANCH_HOOKS,
  RESTORE_HOOKS,
  SWITCH_HOOKS,
  describePrograms,
  planCommit,
  planPrograms,
  runsPrograms,
} from './gitCommitPlan';
import { newFileDiff, parseNumstat, splitPatch, trimPartialSection } from './gitPatch';
import { runGitProcess, type GitProcessResult } from './gitProcess';
import { confinePathKeys, includeOutside } from './gitConfigPaths';
import { checkRepositoryLocation, findRepository, TRUST_GIT_DIR_HINT, type GitLocation } from './gitRepository';
import { checkRevision, quote, scopeRevision } from './gitRevision';
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
  /** Read-only, untrimmed, and whether git's output passed the cap. */
  readFull(args: readonly string[]): Promise<{ readonly text: string; readonly truncated: boolean }>;
  exec(args: readonly string[], overrides: readonly ConfigOverride[], stdin?: string): Promise<GitProcessResult>;
  readonly readOverrides: readonly ConfigOverride[];
  /** Path keys of the repository that lead outside the root, replaced (gitConfigPaths.ts): on every command. */
  readonly pathOverrides: readonly ConfigOverride[];
  /** blame's own ignore-revs files, when the repository's lead outside the root. */
  readonly blameArgs: readonly string[];
}

/** Untracked files whose content `includeUntracked` shows: at most this many, each at most this large. */
const UNTRACKED_CONTENT_FILES = 200;
const UNTRACKED_CONTENT_BYTES = 256 * 1024;

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

  async describeCommit(
    options: { all?: boolean; paths?: readonly string[] } = {},
    token?: CancellationToken,
  ): Promise<CommitDescription> {
    const added = options.paths?.length ? await this.pathList(options.paths, 'git_commit') : undefined;
    return this.describe(await this.open(token), options.all === true, added);
  }

  async commit(
    message: string,
    options: { all?: boolean; paths?: readonly string[]; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<string> {
    if (typeof message !== 'string' || message.trim() === '') throw new WorkspaceError('A commit message is required.');
    const toAdd = options.paths?.length ? await this.pathList(options.paths, 'git_commit') : undefined;
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
    if (toAdd) await this.runAdd(session, toAdd, overrides);
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
        'Nothing to commit: no changes are staged in the workspace. Stage files with git_add (new files too), or call git_commit with paths: [...] to add the files and commit them in one call, or with all: true to include every change to tracked files.',
      );
    // stdout lists the repository's status (outside the root too); the reason is on stderr.
    throw new GitCommandError('commit', result.stderr || 'git exited with an error.');
  }

  async diffPatch(options: GitDiffOptions, token?: CancellationToken): Promise<GitPatch> {
    const session = await this.open(token);
    const common = ['--no-ext-diff', '--no-textconv', '--relative', '--ignore-submodules=dirty'];
    const selection: string[] = options.staged ? ['--cached'] : [];
    let range = false;
    if (options.revision !== undefined) {
      const scoped = scopeRevision(options.revision, session.location.prefix);
      if (scoped.pathForm)
        throw new WorkspaceError(
          `git_diff takes a revision or a range, not '${quote(options.revision)}'; give the file as path instead.`,
        );
      await this.verifyEnds(session, scoped.ends, 'tree', options.revision);
      range = scoped.revision.includes('..');
      selection.push('--end-of-options', scoped.revision);
    }
    const paths = await this.paths(options.path);
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
    await this.verifyEnds(session, scoped.ends, 'commit', revision);
    const base = ['show', '--no-ext-diff', '--no-textconv', '--relative'];
    const confined = session.location.prefix !== '' || options.path !== undefined;
    const pathArgs = confined ? await this.paths(options.path) : [];
    const stat = parseNumstat(
      (
        await session.readFull([
          ...base,
          '--numstat',
          '-z',
          '--format=',
          '--end-of-options',
          scoped.revision,
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
    let { header, files } = splitPatch(shown.text);
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
    return { kind: 'commit', header, stat, files, untracked: [], truncated: shown.truncated };
  }

  async describeAdd(
    options: { paths?: readonly string[]; all?: boolean },
    token?: CancellationToken,
  ): Promise<AddDescription> {
    const paths = await this.addPaths(options);
    return this.describeAddIn(await this.open(token), paths);
  }

  async add(
    options: { paths?: readonly string[]; all?: boolean; allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string> {
    const paths = await this.addPaths(options);
    const session = await this.open(token);
    const description = await this.describeAddIn(session, paths);
    if (description.files.length === 0)
      throw new WorkspaceError(
        `Nothing to stage in ${paths.map((p) => `'${quote(p)}'`).join(', ')}: no changed, deleted or new files there (ignored files are never staged; git_status shows what changed).`,
      );
    const overrides = this.programOverrides(session, description, options.allowRepositoryPrograms, 'git add');
    await this.runAdd(session, paths, overrides);
    const files = description.files;
    return `Staged ${files.length} file(s)${description.newCount ? ` (${description.newCount} new)` : ''}: ${boundedList(files, 50)}\nReview them with git_diff {staged: true}; commit with git_commit.`;
  }

  async describeRestore(
    options: { paths: readonly string[]; staged?: boolean },
    token?: CancellationToken,
  ): Promise<RestoreDescription> {
    const paths = await this.pathList(options.paths, 'git_restore');
    return this.describeRestoreIn(await this.open(token), paths, options.staged === true);
  }

  async restore(
    options: { paths: readonly string[]; staged?: boolean; allowRepositoryPrograms?: boolean },
    token?: CancellationToken,
  ): Promise<string> {
    const staged = options.staged === true;
    const paths = await this.pathList(options.paths, 'git_restore');
    const session = await this.open(token);
    const description = await this.describeRestoreIn(session, paths, staged);
    const where = paths.map((p) => `'${quote(p)}'`).join(', ');
    if (description.files.length === 0)
      throw new WorkspaceError(
        staged
          ? `Nothing is staged in ${where}, so there is nothing to unstage (git_status shows what is staged).`
          : `No unstaged changes to tracked files in ${where}, so there is nothing to discard. New (untracked) files are not restored: delete them with delete_file. To unstage staged changes, call git_restore with staged: true.`,
      );
    if (description.sensitive.length > 0 && !options.allowRepositoryPrograms)
      throw new WorkspaceError(
        `Discarding the changes of ${boundedList(description.sensitive.map((f) => `${f.path} (${f.reason})`))} needs a person's confirmation of this very call, so nothing was changed.`,
      );
    const overrides = this.programOverrides(session, description, options.allowRepositoryPrograms, 'git restore');
    const result = await session.exec(['restore', staged ? '--staged' : '--worktree', '--', ...paths], overrides);
    if (result.code !== 0) throw new GitCommandError('restore', result.stderr || result.stdout);
    const files = boundedList(description.files, 50);
    return staged
      ? `Unstaged ${description.files.length} file(s): ${files}. Their changes stay in the working tree.`
      : `Discarded the working-tree changes of ${description.files.length} file(s): ${files}.`;
  }

  async branches(token?: CancellationToken): Promise<string> {
    const session = await this.open(token);
    const out = await session.read([
      'branch',
      '--list',
      '--no-color',
      '--format=%(HEAD) %(refname:short) %(objectname:short)%(if)%(upstream)%(then) [%(upstream:short)]%(end) %(subject)',
    ]);
    if (out !== '') return out;
    const current = await session.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], session.readOverrides);
    return `No branches yet: ${current.stdout.trim() || 'HEAD'} has no commit.`;
  }

  async describeCreateBranch(name: string, startPoint?: string, token?: CancellationToken): Promise<BranchDescription> {
    return this.describeCreateBranchIn(await this.open(token), name, startPoint);
  }

  async createBranch(
    name: string,
    options: { startPoint?: string; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<string> {
    const session = await this.open(token);
    const description = await this.describeCreateBranchIn(session, name, options.startPoint);
    const overrides = this.programOverrides(session, description, options.allowRepositoryPrograms, 'git branch');
    const args = [
      'branch',
      '--end-of-options',
      name,
      ...(options.startPoint !== undefined ? [options.startPoint] : []),
    ];
    const result = await session.exec(args, overrides);
    if (result.code !== 0) throw new GitCommandError('branch', result.stderr || result.stdout);
    return `Created branch '${name}' at ${description.startsAt}. The current branch did not change; switch to it with git_switch.`;
  }

  async describeSwitch(
    branch: string,
    options: { create?: boolean; startPoint?: string } = {},
    token?: CancellationToken,
  ): Promise<SwitchDescription> {
    return this.describeSwitchIn(await this.open(token), branch, options);
  }

  async switchBranch(
    branch: string,
    options: { create?: boolean; startPoint?: string; allowRepositoryPrograms?: boolean } = {},
    token?: CancellationToken,
  ): Promise<string> {
    const session = await this.open(token);
    const d = await this.describeSwitchIn(session, branch, options);
    if (d.blocked.length > 0)
      throw new WorkspaceError(
        `git_switch to '${branch}' was refused: ${d.blocked.length} file(s) would stop it or be lost:\n${d.blocked
          .slice(0, 20)
          .map((b) => `- ${b.path}: ${b.reason}`)
          .join(
            '\n',
          )}${d.blocked.length > 20 ? `\n… (${d.blocked.length - 20} more)` : ''}\nCommit them (git_add, git_commit), discard them (git_restore) or move them away, then switch again.`,
      );
    const overrides = this.programOverrides(session, d, options.allowRepositoryPrograms, 'git switch');
    const args = options.create
      ? [
          'switch',
          '--no-guess',
          '--create',
          branch,
          ...(options.startPoint !== undefined ? ['--end-of-options', options.startPoint] : []),
        ]
      : ['switch', '--no-guess', '--end-of-options', branch];
    const result = await session.exec(args, overrides);
    if (result.code !== 0) {
      if (/would be overwritten|untracked working tree files/.test(result.stderr))
        throw new WorkspaceError(
          `git refused to switch to '${branch}': local changes or untracked files would be overwritten. Commit them (git_add, git_commit) or discard them (git_restore), then switch again.\n${quote(result.stderr.trim(), 1000)}`,
        );
      throw new GitCommandError('switch', result.stderr || result.stdout);
    }
    const carried = d.carried.length ? `\nUncommitted changes carried along: ${boundedList(d.carried, 50)}` : '';
    return `Switched to ${d.create ? 'a new branch' : 'branch'} '${branch}' at ${d.target} (was on ${d.from}).${carried}`;
  }

  /** Names of changed files from `git diff --name-only -z <args>`. */
  private async names(session: Session, args: readonly string[]): Promise<string[]> {
    return (await session.read(['diff', '--no-ext-diff', '--name-only', '-z', '--ignore-submodules=dirty', ...args]))
      .split('\0')
      .filter(Boolean);
  }

  /** Untracked files (not ignored) below `paths`, relative to the root. */
  private async untrackedNames(session: Session, paths: readonly string[]): Promise<string[]> {
    return (await session.read(['ls-files', '--others', '--exclude-standard', '-z', '--', ...paths]))
      .split('\0')
      .filter(Boolean);
  }

  /** Tracked changes against the index and new files below `paths`: what `git add --all -- paths` stages. */
  private async changedBelow(session: Session, paths: readonly string[]): Promise<string[]> {
    const changed = await this.names(session, ['--relative', '--', ...paths]);
    const untracked = await this.untrackedNames(session, paths);
    return [...new Set([...changed, ...untracked])].sort();
  }

  private async untracked(session: Session, paths: readonly string[], content: boolean): Promise<GitUntrackedFile[]> {
    const names = await this.untrackedNames(session, paths);
    if (!content) return names.map((name) => ({ path: name }));
    const files: GitUntrackedFile[] = [];
    for (const [index, name] of names.entries()) {
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

  /** The hooks folder as a write will see it: core.hooksPath honoured (only reads turn it off). */
  private async hooksDir(session: Session): Promise<string> {
    const hooks = await session.exec(['rev-parse', '--git-path', 'hooks'], ALWAYS_OVERRIDES);
    return path.resolve(this.workspace.root, hooks.stdout.trim() || path.join(session.location.gitDir, 'hooks'));
  }

  private async programs(session: Session, hooks: readonly string[], filters: boolean): Promise<RepositoryPrograms> {
    return planPrograms({
      hooksDir: await this.hooksDir(session),
      config: session.config,
      trustRepositoryConfig: this.options.trustRepositoryConfig === true,
      hooks,
      filters,
    });
  }

  /** The overrides a write runs with: confirmed programs run as git would run them; else nothing of the repository runs. */
  private programOverrides(
    session: Session,
    programs: RepositoryPrograms,
    allowed: boolean | undefined,
    command: string,
  ): readonly ConfigOverride[] {
    if (!runsPrograms(programs)) return session.readOverrides;
    if (!allowed)
      throw new WorkspaceError(
        `This ${command} would run ${boundedList(describePrograms(programs))}; that needs a person's confirmation of this very call, so nothing was changed.`,
      );
    return [...ALWAYS_OVERRIDES, ...session.pathOverrides];
  }

  /** Stages `paths` (relative to the root, confined): `--all` stages deletions and new files below them too. */
  private async runAdd(
    session: Session,
    paths: readonly string[],
    overrides: readonly ConfigOverride[],
  ): Promise<void> {
    const result = await session.exec(['add', '--all', '--', ...paths], overrides);
    if (result.code === 0) return;
    if (/ignored by one of your \.gitignore files/.test(result.stderr))
      throw new WorkspaceError(
        `Some of the paths are ignored by .gitignore and were not staged; nothing was staged. Give only files that are not ignored.\n${quote(result.stderr.trim(), 1000)}`,
      );
    throw new GitCommandError('add', result.stderr || result.stdout);
  }

  /** Model paths as root-relative pathspecs: required, confined, never option-like, never inside .git. */
  private async pathList(input: readonly string[] | undefined, tool: string): Promise<string[]> {
    if (!Array.isArray(input) || input.length === 0)
      throw new WorkspaceError(`${tool} needs paths: the files or folders (workspace-relative), e.g. ["src/app.ts"].`);
    if (input.length > 1000) throw new WorkspaceError(`${tool} takes at most 1000 paths; give their folder instead.`);
    const out: string[] = [];
    for (const item of input) {
      if (typeof item !== 'string' || item === '')
        throw new WorkspaceError(`${tool}: every path must be a non-empty string.`);
      const [relative] = await this.paths(item);
      if (relative.split('/').some((segment) => segment.toLowerCase() === '.git'))
        throw new WorkspaceError(`Path '${quote(item)}' is inside .git, which git does not track; it is refused.`);
      out.push(relative);
    }
    return [...new Set(out)];
  }

  private async addPaths(options: { paths?: readonly string[]; all?: boolean }): Promise<string[]> {
    if (options.all && options.paths?.length)
      throw new WorkspaceError('Give either paths or all: true to git_add, not both.');
    if (options.all) return ['.'];
    if (!options.paths?.length)
      throw new WorkspaceError(
        'git_add needs paths (files or folders to stage, new files included), or all: true to stage every change in the workspace.',
      );
    return this.pathList(options.paths, 'git_add');
  }

  private async describeAddIn(session: Session, paths: readonly string[]): Promise<AddDescription> {
    const changed = await this.names(session, ['--relative', '--', ...paths]);
    const untracked = await this.untrackedNames(session, paths);
    const files = [...new Set([...changed, ...untracked])].sort();
    const programs = await this.programs(session, ADD_HOOKS, files.length > 0);
    return { ...programs, files, newCount: untracked.length };
  }

  private async describeRestoreIn(
    session: Session,
    paths: readonly string[],
    staged: boolean,
  ): Promise<RestoreDescription> {
    const selection = staged ? ['--cached'] : [];
    const files = await this.names(session, [...selection, '--relative', '--', ...paths]);
    const diff = files.length
      ? await session.read(['diff', '--no-ext-diff', '--no-textconv', '--relative', ...selection, '--', ...paths])
      : '';
    const sensitive: SensitiveFile[] = [];
    if (!staged)
      for (const file of files) {
        const reason = await this.workspace.sensitiveReason(file).catch(() => undefined);
        if (reason) sensitive.push({ path: file, reason });
      }
    const programs = await this.programs(session, RESTORE_HOOKS, files.length > 0);
    return { ...programs, files, diff, sensitive };
  }

  /** A branch name git accepts as it is (check-ref-format runs no program of the repository). */
  private async branchName(session: Session, name: unknown): Promise<string> {
    const checked = checkBranchNameSyntax(name);
    const result = await session.exec(['check-ref-format', '--branch', checked], session.readOverrides);
    return checkBranchNameResult(checked, result.code, result.stdout);
  }

  private async branchExists(session: Session, name: string): Promise<boolean> {
    const result = await session.exec(
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `refs/heads/${name}`],
      session.readOverrides,
    );
    return result.code === 0;
  }

  /** `<short hash> <subject>` of a commit, or a message that says the revision is none. */
  private async commitLine(session: Session, revision: string, label: string): Promise<{ hash: string; line: string }> {
    const resolved = await session.exec(
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
      session.readOverrides,
    );
    const hash = resolved.stdout.trim();
    if (resolved.code !== 0 || !/^[0-9a-f]{40,64}$/.test(hash))
      throw new WorkspaceError(
        `${label} '${quote(revision)}' is not a commit of this repository. Give a branch, tag or commit hash (git_branch lists branches, git_log commits).`,
      );
    const line = await session.read(['log', '-1', '--format=%h %s', hash, '--']);
    return { hash, line };
  }

  private async describeCreateBranchIn(
    session: Session,
    name: string,
    startPoint: string | undefined,
  ): Promise<BranchDescription> {
    const branch = await this.branchName(session, name);
    if (startPoint !== undefined) checkStartPoint(startPoint);
    if (await this.branchExists(session, branch))
      throw new WorkspaceError(
        `Branch '${branch}' already exists. Switch to it with git_switch, or pick another name.`,
      );
    const start = await this.commitLine(session, startPoint ?? 'HEAD', 'Start point');
    const programs = await this.programs(session, BRANCH_HOOKS, false);
    return { ...programs, name: branch, startsAt: start.line };
  }

  private async describeSwitchIn(
    session: Session,
    name: string,
    options: { create?: boolean; startPoint?: string },
  ): Promise<SwitchDescription> {
    const { top, prefix } = session.location;
    if (prefix !== '')
      throw new WorkspaceError(
        `git_switch changes the whole working tree of the repository at ${top}, which reaches outside the workspace root (${prefix.replace(/\/$/, '')} is a folder of it); it is refused. Switch branches yourself.`,
      );
    const branch = await this.branchName(session, name);
    const create = options.create === true;
    if (options.startPoint !== undefined) {
      if (!create) throw new WorkspaceError('startPoint is only for a new branch: give create: true with it.');
      checkStartPoint(options.startPoint);
    }
    const exists = await this.branchExists(session, branch);
    if (create && exists)
      throw new WorkspaceError(`Branch '${branch}' already exists; switch to it without create: true.`);
    if (!create && !exists)
      throw new WorkspaceError(
        `There is no local branch '${branch}'. git_branch lists the branches; to make a new one, call git_switch with create: true (and startPoint, e.g. origin/${branch}, to start it elsewhere).`,
      );
    const symbolic = await session.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], session.readOverrides);
    const headResult = await session.exec(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], session.readOverrides);
    const head = headResult.code === 0 ? headResult.stdout.trim() : undefined;
    const from = symbolic.stdout.trim() || (head ? head.slice(0, 12) : 'an unborn branch');
    const target = await this.commitLine(
      session,
      create ? (options.startPoint ?? 'HEAD') : `refs/heads/${branch}`,
      create ? 'Start point' : 'Branch',
    );
    const names = (args: string[]) => this.names(session, args);
    const changed = head
      ? [...new Set([...(await names(['HEAD', '--', '.'])), ...(await names(['--cached', '--', '.']))])].sort()
      : [];
    const blocked: SwitchBlocker[] = [];
    const moves = head !== undefined && head !== target.hash;
    if (moves) {
      const differing = new Set(await names(['--no-renames', head, target.hash, '--', '.']));
      for (const file of changed)
        if (differing.has(file))
          blocked.push({ path: file, reason: `has uncommitted changes and differs on ${branch}` });
      const changedSet = new Set(changed);
      for (const file of await names(['--no-renames', '--diff-filter=A', head, target.hash, '--', '.'])) {
        if (changedSet.has(file)) continue;
        const present = await fs.lstat(path.join(top, file)).then(
          () => true,
          () => false,
        );
        if (present)
          blocked.push({
            path: file,
            reason: `is untracked (or ignored) here and ${branch} has its own version: the switch would overwrite it`,
          });
      }
    }
    const blockedSet = new Set(blocked.map((b) => b.path));
    const untrackedCount = (await this.untrackedNames(session, ['.'])).length;
    const programs = await this.programs(session, SWITCH_HOOKS, moves);
    return {
      ...programs,
      from,
      branch,
      create,
      target: target.line,
      carried: changed.filter((file) => !blockedSet.has(file)),
      untrackedCount,
      blocked,
    };
  }

  private async describe(session: Session, all: boolean, toAdd?: readonly string[]): Promise<CommitDescription> {
    const names = (args: string[]) => this.names(session, args);
    const staged = await names(['--cached', '--relative', '--', '.']);
    let files = all ? [...new Set([...staged, ...(await names(['--relative', '--', '.']))])].sort() : staged;
    let added: string[] | undefined;
    if (toAdd) {
      added = await this.changedBelow(session, toAdd);
      files = [...new Set([...files, ...added])].sort();
    }
    const { prefix } = session.location;
    const outsideStagedCount =
      prefix === ''
        ? 0
        : (await names(['--cached', '--no-relative'])).filter((name) => !name.startsWith(prefix)).length;
    // The hooks folder as the commit will see it: core.hooksPath honoured (only reads turn it off).
    const hooksDir = await this.hooksDir(session);
    const plan = await planCommit({
      hooksDir,
      config: session.config,
      trustRepositoryConfig: this.options.trustRepositoryConfig === true,
      files,
      outsideStagedCount,
    });
    return added ? { ...plan, added } : plan;
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
    return {
      location,
      config,
      read,
      readFull,
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

/** A start point from the model: a revision (never option-like), not a `<rev>:<path>` or range. */
function checkStartPoint(startPoint: string): void {
  checkRevision(startPoint);
  if (startPoint.includes(':') || startPoint.includes('..'))
    throw new WorkspaceError(
      `startPoint '${quote(startPoint)}' must be one commit: a branch, tag or commit hash such as main or origin/main.`,
    );
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
