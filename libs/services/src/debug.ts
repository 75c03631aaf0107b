import type { CancellationToken, Event } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

export type DebugState = 'inactive' | 'running' | 'stopped';

export interface BreakpointInfo {
  readonly id: string;
  /** Workspace-relative path. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly condition?: string;
  /** True once the debugger resolved it to code. */
  readonly verified: boolean;
}

export interface StackFrameInfo {
  /** 0 is the top frame. */
  readonly index: number;
  readonly name: string;
  readonly path?: string;
  readonly line: number;
  readonly column: number;
}

export interface VariableInfo {
  readonly name: string;
  readonly value: string;
  readonly type: string;
}

export interface ScopeInfo {
  readonly name: string;
  readonly variables: readonly VariableInfo[];
}

/** Where a program stopped, or that it is still running / has ended. */
export interface DebugStatus {
  readonly state: DebugState;
  readonly reason?: string;
  readonly frame?: StackFrameInfo;
  readonly exitCode?: number | null;
  /** Program output since the last status (stdout and stderr). */
  readonly output: string;
}

/** One debug session at a time over a Node program, breakpoints kept across sessions. */
export interface DebugService {
  readonly state: DebugState;
  readonly onDidChangeState: Event<DebugState>;
  /**
   * Ends a previous session, then runs the program. Concurrent starts run one after another.
   * Cancelled, it ends what it started (the program and its children) and rejects.
   */
  start(options: { readonly program: string; readonly args?: readonly string[]; readonly stopOnEntry?: boolean }, token?: CancellationToken): Promise<DebugStatus>;
  setBreakpoint(options: { readonly path: string; readonly line: number; readonly condition?: string }): Promise<BreakpointInfo>;
  removeBreakpoint(id: string): Promise<void>;
  listBreakpoints(): readonly BreakpointInfo[];
  callStack(): Promise<readonly StackFrameInfo[]>;
  variables(frameIndex: number): Promise<readonly ScopeInfo[]>;
  evaluate(expression: string, frameIndex: number): Promise<string>;
  /** Cancelled, continue and step stop waiting; the program keeps running and the state says so. */
  continue(token?: CancellationToken): Promise<DebugStatus>;
  step(kind: 'over' | 'into' | 'out', token?: CancellationToken): Promise<DebugStatus>;
  stop(): Promise<DebugStatus>;
}

export const DebugService: ServiceIdentifier<DebugService> = Symbol.for('toolpacks.DebugService');
