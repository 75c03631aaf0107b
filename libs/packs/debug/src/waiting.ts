// While the debugger waits for a program to stop or end (up to the service's wait, 10 s by
// default), the host hears every second how long it has waited: a client that shows progress
// shows the call is alive, not hung.
import type { ToolProgress } from '@toolpacks/registry';

/** Runs `work`, reporting "what (N s)" to `progress` every second until it settles. */
export async function reportWhileWaiting<T>(
  progress: ToolProgress | undefined,
  what: string,
  work: Promise<T>,
): Promise<T> {
  if (!progress) return work;
  const started = Date.now();
  const timer = setInterval(() => {
    progress.report({ message: `${what} (${Math.round((Date.now() - started) / 1000)} s)` });
  }, 1000);
  timer.unref();
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
