import { HELP, parseCliArgs, UsageError } from './args';
import { listCommand } from './commands/list';
import { resolveCommand } from './commands/resolve';
import { createRegistryWithPacks } from './packs';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`) };

/** Runs one CLI command; returns the exit code (0 ok, 1 failure, 2 usage error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let options;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`toolpacks: ${error.message}\nRun 'toolpacks --help' for the options.`);
    return 2;
  }
  if (options.command === 'help') {
    io.out(HELP);
    return 0;
  }
  const { registry, loaded } = await createRegistryWithPacks();
  for (const pack of loaded.filter((p) => !p.loaded)) io.err(`toolpacks: pack '${pack.id}' was not loaded:\n${pack.diagnostics.map((d) => `  ${d.message}`).join('\n')}`);
  io.out(options.command === 'list' ? listCommand(registry, options.json) : resolveCommand(registry, options.request, options.json));
  return 0;
}
