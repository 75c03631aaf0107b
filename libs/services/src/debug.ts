import type { CancellationToken, Event } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

/** No session, a program running, or a program paused (at a breakpoint, a step, an exception). */
export type DebugState = 'inactive' | 'running' | 'stopped';

/** A breakpoint the service keeps. */
export interface BreakpointInfo {
  /** What {@link DebugService.removeBreakpoint} takes. */
  readonly id: string;
  /** Workspace-relative path. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** A JavaScript expression: the program stops only where it is true. */
  readonly condition?: string;
  /** True once the debugger resolved it to code. */
  readonly verified: boolean;
  /** The line asked for, when the breakpoint was moved from it (a blank or comment line) to `line`. */
  readonly requestedLine?: number;
}

/** One frame of a paused program's call stack. */
export interface StackFrameInfo {
  /** 0 is the top frame. */
  readonly index: number;
  /** The function's name. */
  readonly name: string;
  /** Workspace-relative when inside the workspace; absent for code without a file. */
  readonly path?: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** The text of that line of the source, when known (trimmed). */
  readonly text?: string;
}

/** Whether the program pauses when it throws: never, only when nothing catches it (the default), or always. */
export type PauseOnExceptions = 'none' | 'uncaught' | 'all';

/** How a program is run under the debugger. */
export interface DebugStartOptions {
  /** The file node runs: workspace-relative or absolute, inside the workspace. */
  readonly program: string;
  /** The program's command-line arguments. */
  readonly args?: readonly string[];
  /** Variables added to (or replacing) the environment the program inherits. */
  readonly env?: Readonly<Record<string, string>>;
  /** The working folder: inside the workspace (default: the workspace root). */
  readonly cwd?: string;
  /** Arguments for node itself, before the program (e.g. `["--import", "tsx"]`). */
  readonly runtimeArgs?: readonly string[];
  /** Stop on the program's first line. */
  readonly stopOnEntry?: boolean;
  /** When a thrown exception pauses the program (default `uncaught`). */
  readonly pauseOnExceptions?: PauseOnExceptions;
}

/** A place in the source, from an exception's stack trace (no live frame behind it). */
export interface SourceLocation {
  /** The function's name. */
  readonly name: string;
  /** Workspace-relative when inside the workspace. */
  readonly path?: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/** The exception a program paused on. */
export interface ExceptionInfo {
  /** The thrown value's class (`TypeError`), when it is an object. */
  readonly className?: string;
  /** Its message (`TypeError: bad input`), or the thrown value as text. */
  readonly message: string;
  /** True when nothing catches it: continuing ends the program. */
  readonly uncaught: boolean;
  /** Where it was thrown, innermost first, from its stack trace (the program's own frames). */
  readonly thrownAt: readonly SourceLocation[];
}

/** One variable of a scope, its value as text. */
export interface VariableInfo {
  /** The variable's name. */
  readonly name: string;
  /** Its value, rendered as text. */
  readonly value: string;
  /** Its type (`number`, `object`, a class name, …). */
  readonly type: string;
}

/** One scope of a frame (local, closure, global, …) and its variables. */
export interface ScopeInfo {
  /** The scope's kind or name. */
  readonly name: string;
  /** Its variables. */
  readonly variables: readonly VariableInfo[];
}

/** Where a program stopped, or that it is still running / has ended. */
export interface DebugStatus {
  /** The session's state now. */
  readonly state: DebugState;
  /** Why the program paused: `entry`, `breakpoint <ids>`, a step, an exception, …. */
  readonly reason?: string;
  /** Where it stopped: the top frame. */
  readonly frame?: StackFrameInfo;
  /** The exception it paused on, when it did. */
  readonly exception?: ExceptionInfo;
  /** The program's exit code once it ended (null when a signal ended it). */
  readonly exitCode?: number | null;
  /** The last lines the program wrote to stderr, once it ended with a non-zero exit code. */
  readonly stderrTail?: string;
  /** Program output since the last status (stdout and stderr), its latest part. */
  readonly output: string;
  /** Characters of output left out before `output` (the service keeps only the latest). */
  readonly outputOmitted?: number;
}

/** One debug session at a time over a Node program, breakpoints kept across sessions. */
export interface DebugService {
  /** The current state (also the `debugState` context key). */
  readonly state: DebugState;
  /** Fires with the new state on every change. */
  readonly onDidChangeState: Event<DebugState>;
  /**
   * Ends a previous session, then runs the program. Concurrent starts run one after another.
   * Cancelled, it ends what it started (the program and its children) and rejects.
   */
  start(options: DebugStartOptions, token?: CancellationToken): Promise<DebugStatus>;
  /**
   * Sets a breakpoint at a 1-based line of a workspace file, kept for later sessions. A line past
   * the file's end is refused; a blank or comment line moves to the next statement
   * (`requestedLine` says so).
   */
  setBreakpoint(options: {
    readonly path: string;
    readonly line: number;
    readonly condition?: string;
  }): Promise<BreakpointInfo>;
  /** Removes the breakpoint with this id. */
  removeBreakpoint(id: string): Promise<void>;
  /** Every breakpoint set. */
  listBreakpoints(): readonly BreakpointInfo[];
  /** The paused program's call stack, top frame first. */
  callStack(): Promise<readonly StackFrameInfo[]>;
  /** The exception the program is paused on, if it is. */
  pausedException(): ExceptionInfo | undefined;
  /** The scopes and variables of a frame of the paused program (0: the top frame). */
  variables(frameIndex: number): Promise<readonly ScopeInfo[]>;
  /**
   * Evaluates a JavaScript expression in a frame of the paused program; the result as text. A
   * program that exits during the evaluation ends the session, and the text says so.
   */
  evaluate(expression: string, frameIndex: number): Promise<string>;
  /** Cancelled, continue and step stop waiting; the program keeps running and the state says so. */
  continue(token?: CancellationToken): Promise<DebugStatus>;
  /** Steps over, into or out of the current line, and waits for the next stop. */
  step(kind: 'over' | 'into' | 'out', token?: CancellationToken): Promise<DebugStatus>;
  /** Ends the session: the program and the processes it started. */
  stop(): Promise<DebugStatus>;
}

/** The DI token of {@link DebugService}: `@inject(DebugService)`. */
export const DebugService: ServiceIdentifier<DebugService> = Symbol.for('toolpacks.DebugService');
