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
  notDebugging: () => new WorkspaceError('No program is being debugged. Start one with start_debugging.'),
  notStopped: () =>
    new WorkspaceError('The program is running, not stopped. Set a breakpoint and continue, or wait for it to stop.'),
  noBreakpoint: (id: string) =>
    new WorkspaceError(`There is no breakpoint '${id}'. Use list_breakpoints to see their ids.`),
  noProgram: (program: string) =>
    new WorkspaceError(`Program '${program}' does not exist. Give the path of a .js file in the workspace.`),
  stillStarting: () =>
    new WorkspaceError(
      'The program is still starting under the debugger. Wait for start_debugging to return, or call stop_debugging.',
    ),
  startCancelled: () =>
    new WorkspaceError(
      'Starting the debugger was cancelled: the program and every process it started were stopped. Call start_debugging again if you still need it.',
    ),
  cancelled: () => new WorkspaceError('The call was cancelled before it did anything; the program was left as it was.'),
  disposed: () =>
    new WorkspaceError(
      'The debugger has shut down (its host was disposed); the program was stopped. Nothing more can be debugged in this session.',
    ),
  noInspector: (detail: string) =>
    new WorkspaceError(
      `The debugger could not attach to the program (${detail}); the program and every process it started were stopped. Try start_debugging again, or run the program without the debugger.`,
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
