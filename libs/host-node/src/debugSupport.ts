// What both debug services (the Node inspector one here, the vscode.debug one in host-vscode)
// share: waiting for the program to stop with a deadline, and the errors the model acts on.
import { WorkspaceError } from '@toolpacks/services';

/** Callers waiting for the next stop or exit of the debuggee, each with its own deadline. */
export class StopWaiters {
  private readonly waiters = new Set<() => void>();

  /** Resolves at the next notify(), or after `ms` with the program still running. */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

export const DebugErrors = {
  notDebugging: () => new WorkspaceError('No program is being debugged. Start one with start_debugging.'),
  notStopped: () => new WorkspaceError('The program is running, not stopped. Set a breakpoint and continue, or wait for it to stop.'),
  noBreakpoint: (id: string) => new WorkspaceError(`There is no breakpoint '${id}'. Use list_breakpoints to see their ids.`),
  noProgram: (program: string) => new WorkspaceError(`Program '${program}' does not exist. Give the path of a .js file in the workspace.`),
};

/** The frame at `index` (0 is the top), or an error that says which frames exist. */
export function frameAt<T>(frames: readonly T[], index: number): T {
  if (!Number.isInteger(index) || index < 0 || index >= frames.length) throw new WorkspaceError(`Frame ${index} does not exist; the stack has frames 0 to ${frames.length - 1} (0 is the top).`);
  return frames[index];
}
