// Entry point: `toolpacks …` (bin/toolpacks.js in the repo, dist/apps/cli/cli.js when built).
import { installSignalHandlers } from './signals';
import { main } from './main';

// Without handlers, node dies at once on these signals and runs no 'exit' listener, so a debuggee
// (in a process group of its own) would outlive the CLI. Instead: kill every child process group
// the host started, synchronously, and exit with the shell's convention, 128 + the signal number
// (`toolpacks mcp` takes over to close its sessions and exit 0).
// stdin closing is not treated as a signal: `invoke … < /dev/null` and piped use are normal.
installSignalHandlers();

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Let stdout drain and exit on its own; a handle a pack left open must not keep the CLI alive.
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`toolpacks: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 2000).unref();
  },
);
