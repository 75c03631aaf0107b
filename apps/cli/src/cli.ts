// Entry point: `toolpacks …` (bin/toolpacks.js in the repo, dist/apps/cli/cli.js when built).
import { main } from './main';

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`toolpacks: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
