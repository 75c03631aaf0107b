// The flags of `toolpacks` as node:util's parseArgs reads them, and what each part of the parse
// (args.ts, requestArgs.ts) reads: the flags, the config file and whether it is trusted.
import { parseArgs } from 'node:util';
import type { CliOptions, Command } from './cliOptions';
import type { LoadedConfig } from './config';
import { UsageError } from './errors';

/** Options whose value may start with '-' (`--toolsets -git`), which parseArgs would read as a flag. */
const VALUE_OPTIONS = new Set(['--toolsets', '--tools']);

/** The flags and positional arguments; a flag parseArgs does not know is a UsageError. */
export function readFlags(argv: readonly string[]) {
  // `npx toolpacks -- --json`: npx parses the flags after a command as its own, so they come after
  // a `--` that, depending on how npx was called, may reach us. A leading one means nothing here.
  if (argv[0] === '--') argv = argv.slice(1);
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_OPTIONS.has(argv[i]) && i + 1 < argv.length) args.push(`${argv[i]}=${argv[++i]}`);
    else args.push(argv[i]);
  }
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        model: { type: 'string' },
        family: { type: 'string' },
        vendor: { type: 'string' },
        'model-version': { type: 'string' },
        compare: { type: 'string' },
        client: { type: 'string' },
        'serve-all': { type: 'boolean', default: false },
        version: { type: 'boolean', short: 'v', default: false },
        'max-tools': { type: 'string' },
        toolsets: { type: 'string' },
        tools: { type: 'string' },
        context: { type: 'string', multiple: true },
        reference: { type: 'string', multiple: true },
        threshold: { type: 'string' },
        'virtual-tools': { type: 'string' },
        json: { type: 'boolean', default: false },
        root: { type: 'string' },
        'trust-repository-config': { type: 'boolean', default: false },
        'trust-git-dir': { type: 'boolean', default: false },
        pack: { type: 'string', multiple: true },
        'no-default-packs': { type: 'boolean', default: false },
        config: { type: 'string' },
        yes: { type: 'boolean', short: 'y', default: false },
        allow: { type: 'string' },
        'always-ask': { type: 'string' },
        timeout: { type: 'string' },
        'answers-from-input': { type: 'boolean', default: false },
        http: { type: 'string' },
        token: { type: 'string' },
        'no-token': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export type Flags = ReturnType<typeof readFlags>['values'];

/** What each part of the parse reads: the flags, the config file and whether it is trusted, the user's folder. */
export interface ParseInput {
  readonly values: Flags;
  readonly positionals: readonly string[];
  readonly command: Command;
  /** The loaded config file, if any, and its contents (`{}` without one). */
  readonly config: LoadedConfig | undefined;
  readonly file: NonNullable<LoadedConfig['config']>;
  /** The config file may loosen things: named with --config, or the root's with --trust-repository-config. */
  readonly trusted: boolean;
  readonly trust: CliOptions['trust'];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** What the config file asked for and did not get: each part adds its own, in order. */
  readonly notices: string[];
}
