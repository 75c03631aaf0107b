// Child processes the tools start (debuggees) run in a process group of their own, so one
// kill(-pgid) ends them and whatever they spawned. Every live group is tracked process-wide and
// killed when this process exits by any path that runs 'exit' listeners (a normal end,
// process.exit from a signal handler, an uncaught exception): a debuggee never outlives its host.
import type { Disposable } from '@toolpacks/base';

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Kills every process of the group led by `pid` (SIGKILL, synchronous); a group already gone is fine. */
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/**
 * Remembers the group led by `pid` until the returned disposable is disposed (after the group was
 * killed), so that endTrackedProcessGroups() and this process's exit kill it.
 */
export function trackProcessGroup(pid: number): Disposable {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', endTrackedProcessGroups);
  }
  liveGroups.add(pid);
  return { dispose: () => void liveGroups.delete(pid) };
}

/** Kills every tracked group now (synchronously): for shutdown paths that cannot wait. */
export function endTrackedProcessGroups(): void {
  for (const pid of [...liveGroups]) {
    killProcessGroup(pid);
    liveGroups.delete(pid);
  }
}

/** The groups tracked now (leaders' pids), for tests and diagnostics. */
export function trackedProcessGroups(): readonly number[] {
  return [...liveGroups];
}
