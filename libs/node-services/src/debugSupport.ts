// What both debug services (the Node inspector one here, the vscode.debug one in host-vscode)
// share: waiting for the program to stop with a deadline, and the errors the model acts on.
import type { CancellationToken } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';

/** Callers waiting for the next stop or exit of the debuggee, each with its own deadline. */
export class StopWaiters {
  private readonly waiters = new Set<() => void>();

  /** Resolves at the next notify(), after `ms` with the program still running, or when `token` is cancelled. */
  next(ms: number, token?: CancellationToken): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cancellation?.dispose();
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const cancellation = token?.onCancellationRequested(done);
      this.waiters.add(done);
    });
  }

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

export const DebugErrors = {
  notDebugging: () => new WorkspaceError('No program is being debugged.', 'not-debugging'),
  notStopped: () =>
    new WorkspaceError('The program is running, not stopped. Set a breakpoint and continue, or wait for it to stop.'),
  noBreakpoint: (id: string) => new WorkspaceError(`There is no breakpoint '${id}'.`, 'no-breakpoint', { id }),
  noProgram: (program: string) =>
    new WorkspaceError(`Program '${program}' does not exist. Give the path of a .js file in the workspace.`),
  stillStarting: () => new WorkspaceError('The program is still starting under the debugger.', 'still-starting'),
  startCancelled: () =>
    new WorkspaceError(
      'Starting the debugger was cancelled: the program and every process it started were stopped.',
      'start-cancelled',
    ),
  cancelled: () =>
    new WorkspaceError('The call was cancelled before it did anything; the program was left as it was.', 'cancelled'),
  disposed: () =>
    new WorkspaceError(
      'The debugger has shut down (its host was disposed); the program was stopped. ' +
        'Nothing more can be debugged in this session.',
    ),
  noInspector: (detail: string) =>
    new WorkspaceError(
      `The debugger could not attach to the program (${detail}); ` +
        'the program and every process it started were stopped.',
      'no-inspector',
    ),
  /** A breakpoint asked for past the last line of its file. */
  lineBeyondEnd: (file: string, line: number, lineCount: number) =>
    new WorkspaceError(
      `Line ${line} is past the end of '${file}', which has ${lineCount} line${lineCount === 1 ? '' : 's'}. ` +
        `Give a line from 1 to ${lineCount}.`,
    ),
  /** A breakpoint asked for where only blank lines and comments follow. */
  noCodeFrom: (file: string, line: number) =>
    new WorkspaceError(
      `There is no code at or after line ${line} of '${file}' (only blank lines and comments), ` +
        'so a breakpoint there would never be hit. Choose a line with a statement.',
    ),
  /** A `cwd` that is not a folder inside the workspace. */
  cwdNotFolder: (cwd: string) =>
    new WorkspaceError(
      `The working folder '${cwd}' is not a folder of the workspace. Give a workspace folder, or leave cwd out.`,
    ),
  /** A runtime argument that would take the inspector from the debugger (`--inspect…`, `--debug…`). */
  badRuntimeArg: (arg: string) =>
    new WorkspaceError(
      `The runtime argument ${JSON.stringify(arg)} would take the inspector away from the debugger; ` +
        'leave the --inspect and --debug flags out (the debugger sets them).',
    ),
  /** An environment variable whose name or value the system cannot take. */
  badEnv: (name: string) =>
    new WorkspaceError(
      `The environment variable name ${JSON.stringify(name)} is not valid ` +
        "(it must be non-empty, without '=' or NUL, and its value a string without NUL).",
    ),
  startFailed: (detail: string) =>
    new WorkspaceError(
      `The program could not be started under the debugger: ${detail}. Nothing of it is left running.`,
    ),
};

/** Throws DebugErrors.cancelled() once `token` is cancelled: for calls that have done nothing yet. */
export function throwIfCancelled(
  token: CancellationToken | undefined,
  error: () => Error = DebugErrors.cancelled,
): void {
  if (token?.isCancellationRequested) throw error();
}

/** The frame at `index` (0 is the top), or an error that says which frames exist. */
export function frameAt<T>(frames: readonly T[], index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= frames.length)
    throw new WorkspaceError(
      `Frame ${index} does not exist; the stack has frames 0 to ${frames.length - 1} (0 is the top).`,
    );
  return frames[index];
}

/** Runtime arguments the debugger sets itself: a program given them would escape the debugger (or hang). */
export function checkRuntimeArgs(runtimeArgs: readonly string[]): void {
  for (const arg of runtimeArgs)
    if (/^--(inspect|debug)(-|=|$)/.test(arg) || /^--(inspect-brk|inspect-port|inspect-publish-uid)/.test(arg))
      throw DebugErrors.badRuntimeArg(arg);
}

/** Checks the names and values of extra environment variables. */
export function checkEnv(env: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(env))
    if (!name || name.includes('=') || name.includes('\u0000') || typeof value !== 'string' || value.includes('\u0000'))
      throw DebugErrors.badEnv(name);
}

/**
 * Where a breakpoint asked for at `line` (1-based) of `text` lands before the debugger knows the
 * file: past the end is an error; a blank or comment line moves to the next line with code.
 * A light scan (comments, not strings): the debugger's own answer wins once the file is loaded.
 */
export function breakpointLine(text: string, line: number, file: string): number {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (line > lines.length) throw DebugErrors.lineBeyondEnd(file, line, lines.length);
  const code = codeLines(lines);
  for (let i = line - 1; i < lines.length; i++) if (code[i]) return i + 1;
  throw DebugErrors.noCodeFrom(file, line);
}

/** For each line: does it hold anything but whitespace and comments (a shebang counts as none)? */
function codeLines(lines: readonly string[]): boolean[] {
  let inBlock = false;
  return lines.map((raw, index) => {
    let rest = index === 0 && raw.startsWith('#!') ? '' : raw;
    let hasCode = false;
    while (rest.length) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        if (end < 0) return hasCode;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      rest = rest.trimStart();
      if (!rest || rest.startsWith('//')) break;
      if (rest.startsWith('/*')) {
        inBlock = true;
        rest = rest.slice(2);
        continue;
      }
      hasCode = true;
      // A comment opened after code and left open; a line with quotes is not scanned (a "/*" in a string).
      if (!/['"`]/.test(rest)) {
        const open = rest.lastIndexOf('/*');
        if (open >= 0 && rest.indexOf('*/', open) < 0 && rest.lastIndexOf('//', open) < 0) inBlock = true;
      }
      break;
    }
    return hasCode;
  });
}

/** One frame of a V8 stack trace (`    at fn (file:line:col)`): the location as written. */
export interface StackTraceFrame {
  /** The function's name, or `(anonymous)`. */
  readonly name: string;
  /** A path or URL as V8 wrote it. */
  readonly url: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
}

/** The frames of a V8 stack trace text (an Error's `stack`), innermost first. */
export function parseStackTrace(stack: string): StackTraceFrame[] {
  const frames: StackTraceFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = /^\s+at (?:(.*?) \()?(?:async )?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (match)
      frames.push({ name: match[1] || '(anonymous)', url: match[2], line: Number(match[3]), column: Number(match[4]) });
  }
  return frames;
}
