// One debuggee process: `node --inspect-brk=127.0.0.1:0 program …` in a process group of its own
// (detached), so killing the group ends the program and every process it started. The group is
// killed when the program ends by itself too: a program's own children never outlive it.
//
// The inspector has no authentication: whoever opens a WebSocket to its path (a random UUID) runs
// code in the program. Any local process can find the port (/proc/net/tcp), so the path is the
// secret: `--inspect-publish-uid=stderr` prints it on our pipe only, and the HTTP discovery
// endpoints (/json, /json/list, /json/version) answer 404 instead of publishing it.
//
// The debuggee starts under a bound on its private memory (childLimits.ts): `/bin/sh` sets it
// and execs node, so the pid (and the process group) is node's.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Disposable } from '@toolpacks/base';
import { DEFAULT_MEMORY_LIMITS, withMemoryLimit } from './childLimits';
import { killProcessGroup, trackProcessGroup } from './processGroup';

/** Why the debugger ended the debuggee: the first reason given wins. */
export type KillReason = 'stopped' | 'cancelled' | 'disposed' | 'failed';

export interface DebuggeeOptions {
  readonly node: string;
  readonly program: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Arguments for node before the program (after the inspector's flags). */
  readonly runtimeArgs?: readonly string[];
  /** Variables over the inherited environment (NODE_OPTIONS is emptied unless given here). */
  readonly env?: Readonly<Record<string, string>>;
  /** The program's own output (stdout, and stderr without the inspector's notices). */
  readonly onOutput: (text: string, stream: 'stdout' | 'stderr') => void;
  /** How long the inspector may take to open (default 10 s). */
  readonly inspectorTimeoutMs?: number;
  /** Bytes of private memory the program may take (default DEFAULT_MEMORY_LIMITS.debuggee); 0 or Infinity: unbounded. */
  readonly memoryLimitBytes?: number;
}

/** Node's flags for a debuggee: stop on the first line, listen on loopback, publish the address on stderr only. */
export const INSPECTOR_FLAGS = ['--inspect-brk=127.0.0.1:0', '--inspect-publish-uid=stderr'] as const;

const INSPECTOR_NOTICES =
  /^(Debugger listening on|Debugger ending on|For help, see|Debugger attached|Waiting for the debugger).*\n?/gm;

export class Debuggee {
  private readonly child: ChildProcess;
  private readonly tracking?: Disposable;
  private _killReason?: KillReason;
  private _exitCode: number | null = null;
  private _exited = false;
  /** Resolves once the process has exited and its group was killed (its output is all read). */
  readonly exited: Promise<void>;
  /** The inspector's WebSocket address, read from stderr; rejects if the process ends or stays silent. */
  readonly inspectorUrl: Promise<string>;

  constructor(options: DebuggeeOptions) {
    const env: Record<string, string | undefined> = { ...process.env, NODE_OPTIONS: '', ...options.env };
    const limit = options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMITS.debuggee;
    const { command, args } = withMemoryLimit(
      options.node,
      [...INSPECTOR_FLAGS, ...(options.runtimeArgs ?? []), options.program, ...options.args],
      limit,
      env,
    );
    this.child = spawn(command, args, {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: kill(-pid) reaches everything the program starts
    });
    if (this.child.pid !== undefined) this.tracking = trackProcessGroup(this.child.pid);
    this.exited = new Promise((resolve) => {
      const finish = () => {
        if (this._exited) return;
        this._exited = true;
        this.tracking?.dispose();
        resolve();
      };
      // The program ended (or was killed): whatever it left in its group goes too, so the pipes
      // close and nothing outlives it.
      this.child.once('exit', (code) => {
        this._exitCode = code;
        killProcessGroup(this.child.pid);
      });
      this.child.once('close', finish);
      this.child.once('error', () => {
        if (this.child.pid === undefined) finish(); // never started (no such node binary)
      });
    });
    this.child.stdout!.on('data', (chunk: Buffer) => options.onOutput(String(chunk), 'stdout'));
    this.inspectorUrl = this.readInspectorUrl(options.node, options.onOutput, options.inspectorTimeoutMs ?? 10_000);
    this.inspectorUrl.catch(() => undefined); // a start that was already abandoned need not read it
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this._exited;
  }

  get exitCode(): number | null {
    return this._exitCode;
  }

  get killReason(): KillReason | undefined {
    return this._killReason;
  }

  /** Kills the whole process group now (synchronously); `exited` resolves once it is gone. */
  kill(reason: KillReason): void {
    this._killReason ??= reason;
    if (!this._exited) killProcessGroup(this.child.pid);
  }

  private readInspectorUrl(
    node: string,
    onOutput: (text: string, stream: 'stdout' | 'stderr') => void,
    timeoutMs: number,
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      let early = '';
      let url: string | undefined;
      const timer = setTimeout(() => {
        this.kill('failed');
        reject(
          new Error(
            `the program did not open an inspector within ${timeoutMs / 1000} s (its output: ${early.slice(0, 500)})`,
          ),
        );
      }, timeoutMs);
      this.child.stderr!.on('data', (chunk: Buffer) => {
        if (url) {
          const own = String(chunk).replace(INSPECTOR_NOTICES, '');
          if (own) onOutput(own, 'stderr');
          return;
        }
        early += String(chunk);
        const match = /Debugger listening on (ws:\/\/\S+)/.exec(early);
        if (!match) return;
        url = match[1];
        clearTimeout(timer);
        resolve(url);
      });
      this.child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`node could not run: ${error.message}`));
      });
      this.child.once('exit', (code) => {
        if (url) return;
        clearTimeout(timer);
        // 126/127 before any inspector output: the shell that sets the memory bound could not exec node.
        if (code === 126 || code === 127)
          reject(new Error(`node could not run: '${node}' was not found or is not executable`));
        else
          reject(new Error(`the program exited (code ${code}) before the debugger attached: ${early.slice(0, 500)}`));
      });
    });
  }
}
