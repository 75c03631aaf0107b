// One git child process: argument array (never a shell parsing it), its own process group (so a
// hook's or fsmonitor's `sh`/`sleep` end with it), a memory bound (childLimits.ts), output capped,
// stopped on timeout or cancellation.
import { spawn } from 'node:child_process';
import type { CancellationToken } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';
import {
  DEFAULT_MEMORY_LIMITS,
  outOfMemoryMessage,
  ranOutOfMemory,
  withMemoryLimit,
  wrapperExecFailure,
} from './childLimits';
import { killProcessGroup, trackProcessGroup } from './processGroup';

/** The end of stderr kept apart from its capped start: where git says why it died. */
const STDERR_TAIL_CHARS = 4096;

export interface GitProcessOptions {
  readonly git: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stdin?: string;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly token?: CancellationToken;
  /** Private writable memory git (and all it starts) may take; default DEFAULT_MEMORY_LIMITS.git, 0 or Infinity: none. */
  readonly memoryLimitBytes?: number;
  /** Keep stdout's bytes too (`bytes`): for output whose bytes matter beyond their UTF-8 reading. */
  readonly keepBytes?: boolean;
}

export interface GitProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout went past maxOutputBytes; `stdout` holds the first part. */
  readonly truncated: boolean;
  /** With `keepBytes`: stdout as git wrote it. */
  readonly bytes?: Buffer;
}

export function runGitProcess(options: GitProcessOptions): Promise<GitProcessResult> {
  const command = options.args.find((a) => !a.startsWith('-')) ?? 'git';
  if (options.token?.isCancellationRequested)
    return Promise.reject(new WorkspaceError(`git ${command} was cancelled.`));
  const memoryLimit = options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMITS.git;
  // The caller's environment is shared (built once per service): copied only when the limit adds to it.
  const limitVariables: Record<string, string> = {};
  const limited = withMemoryLimit(options.git, options.args, memoryLimit, limitVariables);
  const env = Object.keys(limitVariables).length > 0 ? { ...options.env, ...limitVariables } : options.env;
  return new Promise((resolve, reject) => {
    const child = spawn(limited.command, limited.args, {
      cwd: options.cwd,
      env,
      detached: true, // a process group of its own: killing -pid ends git and everything it started
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    // Killed with the host process too (a signal to the CLI), not only on timeout and cancel.
    const tracked = child.pid !== undefined ? trackProcessGroup(child.pid) : undefined;
    const out: Buffer[] = [];
    let outBytes = 0;
    let truncated = false;
    let stderr = '';
    let stderrTail = '';
    let stopped: 'timeout' | 'cancelled' | undefined;
    const stop = (why: 'timeout' | 'cancelled') => {
      stopped ??= why;
      killProcessGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const cancellation = options.token?.onCancellationRequested(() => stop('cancelled'));
    const finish = () => {
      tracked?.dispose();
      clearTimeout(timer);
      cancellation?.dispose();
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      if (outBytes >= options.maxOutputBytes) {
        truncated = true;
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stderr.length < 64 * 1024) stderr += text;
      stderrTail = (stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    // git is done: whatever it left behind in its group (a hook's background job holding the
    // pipes open) goes too, so 'close' follows and nothing outlives the call.
    child.on('exit', () => killProcessGroup(child.pid));
    child.on('error', (error) => {
      finish();
      reject(new Error(`git could not run: ${error.message}. Is git installed?`));
    });
    child.on('close', (code) => {
      finish();
      if (stopped === 'cancelled') return reject(new WorkspaceError(`git ${command} was cancelled.`));
      if (stopped === 'timeout')
        return reject(
          new WorkspaceError(`git ${command} did not finish within ${options.timeoutMs / 1000} s and was stopped.`),
        );
      const notRun = wrapperExecFailure(code, stderrTail);
      if (notRun !== undefined) return reject(new Error(`git could not run: ${notRun}. Is git installed?`));
      // Over its bound git dies of a failed allocation: said as such, not as git's own crash.
      if (code !== 0 && ranOutOfMemory(stderrTail)) {
        return reject(
          new WorkspaceError(
            outOfMemoryMessage(
              `git ${command}`,
              memoryLimit,
              'Narrow the request (fewer paths, a shorter range of commits, a smaller file); if the repository itself makes git take this much, it cannot be read this way.',
            ),
          ),
        );
      }
      const bytes = Buffer.concat(out);
      resolve({
        code: code ?? 1,
        stdout: bytes.toString('utf8'),
        ...(options.keepBytes ? { bytes } : {}),
        stderr,
        truncated: truncated || outBytes > options.maxOutputBytes,
      });
    });
    if (options.stdin !== undefined) {
      // git may exit before reading (a bad option, no repository): that is reported on close, not EPIPE.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(options.stdin);
    }
  });
}
