// What a signal does. By default (cli.ts): end every child process group the host started,
// synchronously, and exit 128 + the signal's number. A long-running command (mcp) may take over to
// close cleanly. Kept free of heavy imports: `toolpacks --help` loads no host.
import { constants } from 'node:os';

let reaper: (() => void) | undefined;
let override: ((signal: NodeJS.Signals) => void) | undefined;

/** Set when the host is loaded: ends its tracked process groups. */
export function setProcessReaper(fn: () => void): void {
  reaper = fn;
}

export function endChildProcesses(): void {
  reaper?.();
}

/** A command's own signal handling, until the returned function is called. */
export function overrideSignals(handler: (signal: NodeJS.Signals) => void): () => void {
  override = handler;
  return () => {
    if (override === handler) override = undefined;
  };
}

export function installSignalHandlers(): void {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (override) return override(signal);
      endChildProcesses();
      process.exit(128 + constants.signals[signal]);
    });
  }
}
