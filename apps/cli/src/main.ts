// One run of `toolpacks`: the options (command line, then the config file), invoke's input, and the
// command, looked up in a table of modules loaded on demand: `--help`, `--version` and usage errors
// load no command, host or pack.
import { configLocation, HELP, parseCliArgs, UsageError } from './args';
import type { CliOptions, Command } from './cliOptions';
import { ConfigError, loadConfig, type LoadedConfig } from './config';
import { VERSION } from './defaults';
import { processIo, type Io } from './io';
import { readJsonInput } from './jsonInput';

/** What a command module exports: the command, run with the options; its exit code. */
interface CommandModule {
  run(options: CliOptions, io: Io): Promise<number>;
}

/** Every command but help and version, each a module required only when it runs. */
const COMMAND_MODULES: Record<Exclude<Command, 'help' | 'version'>, () => CommandModule> = {
  resolve: () => require('./commands/resolve') as typeof import('./commands/resolve'),
  list: () => require('./commands/list') as typeof import('./commands/list'),
  describe: () => require('./commands/describe') as typeof import('./commands/describe'),
  invoke: () => require('./commands/invoke') as typeof import('./commands/invoke'),
  lint: () => require('./commands/lint') as typeof import('./commands/lint'),
  shell: () => require('./commands/shell') as typeof import('./commands/shell'),
  mcp: () => require('./commands/mcp') as typeof import('./commands/mcp'),
};

/** Runs one CLI command; returns the exit code (0 ok, 1 the tool failed or was declined, 2 usage or config error). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
    if (options.command === 'help') {
      io.out(HELP);
      return 0;
    }
    if (options.command === 'version') {
      io.out(options.json ? JSON.stringify({ name: 'toolpacks', version: VERSION }) : `toolpacks ${VERSION}`);
      return 0;
    }
    options = await withConfigAndInput(argv, options, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`toolpacks: ${error.message}\nRun 'toolpacks --help' for the options.`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`toolpacks: ${error.message}`);
      return 2;
    }
    throw error;
  }
  for (const notice of options.notices) io.err(`toolpacks: ${notice}`);
  // The host, the packs and the command load only now: --help and usage errors stay fast.
  return COMMAND_MODULES[options.command as keyof typeof COMMAND_MODULES]().run(options, io);
}

/**
 * The options again with the config file, if there is one, and invoke's input from stdin (`-`) or a
 * file (`@file`): read before any pack loads, so a bad input is a usage error at once.
 */
async function withConfigAndInput(argv: readonly string[], options: CliOptions, io: Io): Promise<CliOptions> {
  const location = configLocation(argv);
  const config: LoadedConfig | undefined = await loadConfig(location.path, location.explicit);
  if (config) options = parseCliArgs(argv, config);
  const invoke = options.invoke;
  const from = invoke?.inputFrom;
  if (!invoke || !from) return options;
  const stdin = io.stdin ?? process.stdin;
  if (from.kind === 'stdin' && stdin === process.stdin && process.stdin.isTTY)
    io.err(`toolpacks: reading the input of ${invoke.tool} from the terminal; end it with Ctrl-D.`);
  return { ...options, invoke: { ...invoke, input: await readJsonInput(invoke.tool, from, stdin) } };
}
