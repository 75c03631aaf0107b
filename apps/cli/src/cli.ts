// Entry point: `toolpacks …` (bin/toolpacks.js in the repo, dist/apps/cli/cli.js when built).
import { constants } from 'node:os';
import { endTrackedProcessGroups } from '@toolpacks/host-node';
import { main } from './main';

// Without handlers, node dies at once on these signals and runs no 'exit' listener, so a debuggee
// (in a process group of its own) would outlive the CLI. Instead: kill every child process group
// the host started, synchronously, and exit with the shell's convention, 128 + the signal number.
// stdin closing is not treated as a signal: `invoke … < /dev/null` and piped use are normal.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.once(signal, () => {
    endTrackedProcessGroups();
    process.exit(128 + constants.signals[signal]);
  });
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`toolpacks: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
