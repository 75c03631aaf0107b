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
  /** The program's exit code once it ended (null when a signal ended it). */
  readonly exitCode?: number | null;
  /** Program output since the last status (stdout and stderr). */
  readonly output: string;
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
  start(
    options: { readonly program: string; readonly args?: readonly string[]; readonly stopOnEntry?: boolean },
    token?: CancellationToken,
  ): Promise<DebugStatus>;
  /** Sets a breakpoint at a 1-based line of a workspace file, kept for later sessions. */
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
  /** The scopes and variables of a frame of the paused program (0: the top frame). */
  variables(frameIndex: number): Promise<readonly ScopeInfo[]>;
  /** Evaluates a JavaScript expression in a frame of the paused program; the result as text. */
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
