// Git through the real binary: argument arrays (never a shell), `--end-of-options` before
// revisions and `--` before paths, and model input that could be read as an option refused.
import { spawn } from 'node:child_process';
import { WorkspaceError, type GitService, type WorkspaceFileSystem } from '@toolpacks/services';

export interface NodeGitOptions {
  readonly git?: string;
  readonly timeoutMs?: number;
  /** Output beyond this is cut, and the cut is said (default 200 KB). */
  readonly maxOutputBytes?: number;
}

const REVISION = /^[A-Za-z0-9._/~^@{}:+-]+$/;

export function checkRevision(revision: unknown): string {
  if (typeof revision !== 'string' || revision === '') throw new WorkspaceError('A revision is required, e.g. HEAD, HEAD~2, main or a commit hash.');
  if (revision.startsWith('-')) throw new WorkspaceError(`Revision '${revision}' starts with '-', which git would read as an option; it is refused. Give a branch, tag or commit hash.`);
  if (revision.length > 256 || !REVISION.test(revision)) throw new WorkspaceError(`Revision '${revision}' is not a valid revision (letters, digits and . _ / ~ ^ @ { } : + - only).`);
  return revision;
}

/** git exited non-zero: the message keeps its first lines, `output` all of it. */
export class GitCommandError extends WorkspaceError {
  constructor(
    command: string,
    readonly output: string,
  ) {
    super(`git ${command} failed: ${output.trim().split('\n').slice(0, 5).join('\n')}`);
  }
}

export class NodeGitService implements GitService {
  private readonly git: string;
  private readonly timeoutMs: number;
  private readonly maxOutputBytes: number;

  constructor(
    private readonly workspace: WorkspaceFileSystem,
    options: NodeGitOptions = {},
  ) {
    this.git = options.git ?? 'git';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxOutputBytes = options.maxOutputBytes ?? 200 * 1024;
  }

  async isRepository(): Promise<boolean> {
    try {
      return (await this.run(['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
    } catch {
      return false;
    }
  }

  status(): Promise<string> {
    return this.run(['status', '--short', '--branch', '--untracked-files=all']).then((out) => out || 'Nothing to report.');
  }

  async diff(options: { staged?: boolean; revision?: string; path?: string }): Promise<string> {
    const args = ['diff', '--no-ext-diff'];
    if (options.staged) args.push('--cached');
    if (options.revision !== undefined) args.push('--end-of-options', checkRevision(options.revision));
    args.push('--', ...(await this.paths(options.path)));
    return (await this.run(args)) || 'No differences.';
  }

  async log(options: { count: number; path?: string }): Promise<string> {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > 500) throw new WorkspaceError('count must be a whole number from 1 to 500.');
    const args = ['log', `--max-count=${options.count}`, '--date=iso-strict', '--format=%h %ad %an%n    %s'];
    args.push('--', ...(await this.paths(options.path)));
    return (await this.run(args)) || 'No commits.';
  }

  async show(revision: string, options: { path?: string } = {}): Promise<string> {
    const args = ['show', '--no-ext-diff', '--stat', '--patch', '--format=fuller', '--end-of-options', checkRevision(revision)];
    if (options.path !== undefined) args.push('--', ...(await this.paths(options.path)));
    return this.run(args);
  }

  async blame(path: string, range?: { startLine: number; endLine: number }): Promise<string> {
    const args = ['blame', '--date=short'];
    if (range) {
      const { startLine, endLine } = range;
      if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine)
        throw new WorkspaceError('The line range must be whole numbers with 1 <= startLine <= endLine.');
      args.push(`-L${startLine},${endLine}`);
    }
    args.push('--', ...(await this.paths(path)));
    return this.run(args);
  }

  async commit(message: string, options: { all?: boolean } = {}): Promise<string> {
    if (typeof message !== 'string' || message.trim() === '') throw new WorkspaceError('A commit message is required.');
    // The message goes through stdin (-F -): nothing in it can become an argument.
    const args = ['commit', '--file=-', '--no-edit'];
    if (options.all) args.push('--all');
    try {
      return await this.run(args, message);
    } catch (error) {
      if (error instanceof GitCommandError && /nothing (added )?to commit|no changes added to commit/.test(error.output))
        throw new WorkspaceError('Nothing to commit: no changes are staged. Stage files first, or commit with all: true to include every tracked change.');
      throw error;
    }
  }

  private async paths(input: string | undefined): Promise<string[]> {
    if (input === undefined) return [];
    if (typeof input === 'string' && input.startsWith('-')) throw new WorkspaceError(`Path '${input}' starts with '-', which git could read as an option; it is refused.`);
    return [this.workspace.relative(await this.workspace.resolve(input))];
  }

  private run(args: string[], stdin?: string): Promise<string> {
    const fullArgs = ['-c', 'color.ui=false', '-c', 'core.quotepath=false', '--no-pager', ...args];
    return new Promise((resolve, reject) => {
      const child = spawn(this.git, fullArgs, {
        cwd: this.workspace.root,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
        stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let outBytes = 0;
      let truncated = false;
      let stderr = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), this.timeoutMs);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (outBytes >= this.maxOutputBytes) {
          truncated = true;
          return;
        }
        out.push(chunk);
        outBytes += chunk.length;
      });
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`git could not run: ${error.message}. Is git installed?`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        let text = Buffer.concat(out).toString('utf8');
        if (signal) return reject(new WorkspaceError(`git ${args[0]} did not finish within ${this.timeoutMs / 1000} s and was stopped.`));
        if (code !== 0) return reject(new GitCommandError(args[0], `${stderr}\n${text}`));
        if (truncated || text.length > this.maxOutputBytes) {
          text = `${text.slice(0, this.maxOutputBytes)}\n[output cut at ${Math.round(this.maxOutputBytes / 1024)} KB; narrow it with a path or a smaller range]`;
        }
        resolve(text.trimEnd());
      });
      if (stdin !== undefined) {
        // git may exit before reading (a bad option, no repository): that is reported on close, not EPIPE.
        child.stdin!.on('error', () => undefined);
        child.stdin!.end(stdin);
      }
    });
  }
}
