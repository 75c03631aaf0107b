// Command-line options of `toolpacks`, turned into a ResolveRequest. A config file (config.ts) fills
// in what the command line leaves out: flags always win. Paths the user types (--root, --pack,
// --config, invoke's @file) are relative to the folder the user ran the command in (userCwd).
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { ModelInfo, ResolveRequest, ToolSelection, VirtualToolMode } from '@toolpacks/registry/host';
import {
  COMMANDS,
  type Approvals,
  type CliOptions,
  type Command,
  type InvokeInputSource,
  type PackSpec,
} from './cliOptions';
import type { LoadedConfig } from './config';
import { CONFIG_FILE_NAME, DEFAULT_MODEL, VIRTUAL_TOOL_MODES } from './defaults';
import { UsageError } from './errors';
import { parseJsonInput } from './jsonInput';
import { didYouMean, type ChoiceSources } from './suggest';

/**
 * The folder the user ran the command in. npm runs a script (`npm start`) in its package's folder
 * and passes the user's folder as INIT_CWD: that one counts while the process still runs in the
 * package's folder (npm_package_json's). Elsewhere (`npx toolpacks`, the bin, node, a process that
 * changed folder since) it is the process's own.
 */
export function userCwd(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  if (!env.npm_lifecycle_event || !env.INIT_CWD) return cwd;
  if (env.npm_package_json && path.resolve(path.dirname(env.npm_package_json)) !== path.resolve(cwd)) return cwd;
  return path.resolve(env.INIT_CWD);
}

export { UsageError } from './errors';
export { HELP } from './help';
export { CONFIG_FILE_NAME, DEFAULT_MODEL } from './defaults';

/** Options whose value may start with '-' (`--toolsets -git`), which parseArgs would read as a flag. */
const VALUE_OPTIONS = new Set(['--toolsets', '--tools']);

function readFlags(argv: readonly string[]) {
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

/** Where the options say the config file is: `--config`, else the root's (which may not exist). */
export function configLocation(argv: readonly string[], cwd = userCwd()): { path: string; explicit: boolean } {
  const { values } = readFlags(argv);
  if (values.config !== undefined) return { path: path.resolve(cwd, values.config), explicit: true };
  return { path: path.join(path.resolve(cwd, values.root ?? '.'), CONFIG_FILE_NAME), explicit: false };
}

type Flags = ReturnType<typeof readFlags>['values'];

/** What each part of the parse reads: the flags, the config file and whether it is trusted, the user's folder. */
interface ParseInput {
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

/**
 * The options of one run. `config` (already validated) fills in what the flags leave out; from an
 * untrusted config (the root's file without --trust-repository-config) packs and approvals that
 * loosen anything are skipped and listed in `notices`. Each part is read in turn, so the first
 * mistake on the command line is the one reported.
 */
export function parseCliArgs(
  argv: readonly string[],
  config?: LoadedConfig,
  env: NodeJS.ProcessEnv = process.env,
): CliOptions {
  const { values, positionals } = readFlags(argv);
  const command = readCommand(values, positionals);
  const trust = {
    repositoryConfig: values['trust-repository-config'] ?? false,
    gitDirOutsideRoot: values['trust-git-dir'] ?? false,
  };
  const cwd = userCwd(env);
  const input: ParseInput = {
    values,
    positionals,
    command,
    config,
    file: config?.config ?? {},
    trusted: config ? config.explicit || trust.repositoryConfig : false,
    trust,
    cwd,
    env,
    notices: [],
  };
  const approvals = readApprovals(input);
  const timeoutMs = values.timeout !== undefined ? positiveInteger('--timeout', values.timeout) : undefined;
  const invoke = command === 'invoke' ? readInvoke(input, approvals, timeoutMs) : undefined;
  const describe = command === 'describe' ? readDescribe(positionals) : undefined;
  const root = values.root !== undefined ? path.resolve(cwd, values.root) : cwd;
  const { packs, schemaDialects } = readPacks(input, root);
  const { request, choiceSources, modelChosenBy } = readRequest(input);
  const compare = readCompare(input);
  if (values.client !== undefined && command !== 'resolve')
    throw new UsageError("--client is an option of 'toolpacks resolve' (toolpacks mcp learns the client from it).");
  const client = values.client?.trim() || undefined;
  const mcp = readMcp(input);
  if (values['answers-from-input'] && command !== 'shell')
    throw new UsageError("--answers-from-input is an option of 'toolpacks shell'.");
  return {
    command,
    json: values.json ?? false,
    root,
    trust,
    invoke,
    describe,
    choiceSources,
    packs,
    defaultPacks: !values['no-default-packs'],
    ...(schemaDialects?.length ? { schemaDialects } : {}),
    configPath: values.config !== undefined ? path.resolve(cwd, values.config) : undefined,
    approvals,
    timeoutMs,
    mcp,
    ...(command === 'shell' ? { shell: { answersFromInput: values['answers-from-input'] ?? false } } : {}),
    notices: input.notices,
    request,
    ...(modelChosenBy !== undefined ? { modelChosenBy } : {}),
    ...(compare ? { compare } : {}),
    ...(client ? { client } : {}),
  };
}

/** The command (`--help` and `--version` are commands of their own) and a check of the positional arguments it takes. */
function readCommand(values: Flags, positionals: readonly string[]): Command {
  const command = values.help ? 'help' : values.version ? 'version' : ((positionals[0] ?? 'resolve') as Command);
  if (!COMMANDS.includes(command)) {
    const hint = didYouMean(positionals[0], COMMANDS);
    throw new UsageError(
      `Unknown command '${positionals[0]}'${hint || '.'} Commands: resolve, list, describe, invoke, lint, shell, mcp.`,
    );
  }
  // `--version <v>` once set the model's version: a value after it is refused, never taken for one.
  if (command === 'version' && positionals.length)
    throw new UsageError(
      `--version prints the version of toolpacks and takes no value ('${positionals[0]}'); the model's version is --model-version.`,
    );
  const expected = command === 'invoke' ? 3 : command === 'describe' ? 2 : 1;
  if (positionals.length > expected) throw new UsageError(`Unexpected argument '${positionals[expected]}'.`);
  return command;
}

/** --yes, --allow, --always-ask and the config file's approvals (only a trusted file may approve anything). */
function readApprovals({ values, config, file, trusted, notices }: ParseInput): Approvals {
  const fileApprovals = file.approvals ?? {};
  const untrustedApprovals: string[] = [];
  if (!trusted && fileApprovals.yes) untrustedApprovals.push('"yes": true');
  if (!trusted && fileApprovals.allow?.length) untrustedApprovals.push(`"allow": ${fileApprovals.allow.join(', ')}`);
  if (untrustedApprovals.length)
    notices.push(
      `${config!.path} asks to approve tools without asking (${untrustedApprovals.join('; ')}); skipped: a repository's config file cannot approve tools. Pass --trust-repository-config, or --config ${config!.path}, to use it.`,
    );
  // Keeping a tool manual only ever asks more: honoured from any config file, and it beats allow.
  const alwaysAsk = unique([...(fileApprovals.alwaysAsk ?? []), ...splitList(values['always-ask'])]);
  return {
    yes: (values.yes ?? false) || (trusted && fileApprovals.yes === true),
    allow: unique([...(trusted ? (fileApprovals.allow ?? []) : []), ...splitList(values.allow)]).filter(
      (name) => !alwaysAsk.includes(name),
    ),
    alwaysAsk,
  };
}

/** invoke's tool and input: JSON on the command line (parsed now), or `-` / `@file` (read by main before any pack loads). */
function readInvoke(
  { positionals, cwd }: ParseInput,
  approvals: Approvals,
  timeoutMs: number | undefined,
): CliOptions['invoke'] {
  const [, tool, json] = positionals;
  if (!tool)
    throw new UsageError(
      'invoke needs a tool name and its input as JSON, e.g. invoke read_file \'{"filePath":"README.md"}\', - (stdin) or @input.json.',
    );
  let input: unknown = {};
  let inputFrom: InvokeInputSource | undefined;
  if (json === '-') inputFrom = { kind: 'stdin' };
  else if (json?.startsWith('@')) {
    if (json.length === 1) throw new UsageError('invoke: write the input file after the @, e.g. @input.json.');
    inputFrom = { kind: 'file', path: path.resolve(cwd, json.slice(1)), written: json.slice(1) };
  } else if (json !== undefined) {
    input = parseJsonInput(json, tool, 'the command line');
  }
  return {
    tool,
    input,
    ...(inputFrom ? { inputFrom } : {}),
    yes: approvals.yes,
    alwaysAsk: approvals.alwaysAsk,
    ...(approvals.allow.length ? { allow: approvals.allow } : {}),
    timeoutMs,
  };
}

function readDescribe(positionals: readonly string[]): CliOptions['describe'] {
  if (!positionals[1])
    throw new UsageError("describe needs a tool name, e.g. describe grep_search ('toolpacks list' names them all).");
  return { tool: positionals[1] };
}

/** The packs to import (the config file's, when trusted, then --pack) and the config file's schema dialects (when trusted). */
function readPacks(
  { values, config, file, trusted, trust, cwd, notices }: ParseInput,
  root: string,
): { packs: PackSpec[]; schemaDialects?: CliOptions['schemaDialects'] } {
  const rootPath = path.resolve(cwd, root);
  const packs: PackSpec[] = [];
  if (file.packs?.length) {
    if (trusted)
      for (const spec of file.packs)
        packs.push({ spec, base: config!.dir, searchPaths: unique([config!.dir, rootPath]), from: config!.path });
    else
      notices.push(
        `${config!.path} lists packs (${file.packs.join(', ')}); not loaded: a pack runs code, and this file came with the repository. Pass --trust-repository-config, or --config ${config!.path}, to load them.`,
      );
  }
  // Dialects change what models are sent, so a repository's own file gets no say without trust.
  if (file.schemaDialects?.length && !trusted)
    notices.push(
      `${config!.path} sets schemaDialects; skipped: this file came with the repository. Pass --trust-repository-config, or --config ${config!.path}, to use them.`,
    );
  // A module name is the user's: looked up from the folder they ran the command in, and from the
  // root (a cloned repository's node_modules) only when they trust the repository.
  for (const spec of values.pack ?? [])
    packs.push({
      spec,
      base: cwd,
      searchPaths: unique(trust.repositoryConfig ? [cwd, rootPath] : [cwd]),
      from: 'the command line',
    });
  return { packs, schemaDialects: trusted ? file.schemaDialects : undefined };
}

/** The request: model, tool and toolset choices (and where each came from), context keys, references, virtual tools. */
function readRequest({ values, config, file }: ParseInput): {
  request: ResolveRequest;
  choiceSources: ChoiceSources;
  modelChosenBy?: string;
} {
  const model = readModel(values, file);
  const modelChosenBy =
    values.model !== undefined && values.family !== undefined
      ? '--model and --family'
      : values.model !== undefined
        ? '--model'
        : values.family !== undefined
          ? '--family'
          : file.model?.id !== undefined || file.model?.family !== undefined
            ? `the "model" of ${config?.path ?? 'the config file'}`
            : undefined;
  const toolChoices = parseChoices('--tools', values.tools);
  const setChoices = parseChoices('--toolsets', values.toolsets);
  const selection: ToolSelection = {
    tools: { ...file.selection?.tools, ...toolChoices },
    toolSets: { ...file.selection?.toolSets, ...setChoices },
  };
  const sourceOf = (
    flag: string,
    field: string,
    choices: Record<string, boolean>,
    fromFile: Readonly<Record<string, boolean>> | undefined,
  ) =>
    Object.fromEntries([
      ...Object.keys(fromFile ?? {}).map((name) => [name, `${config?.path} ${field}`]),
      ...Object.keys(choices).map((name) => [name, flag]),
    ]);
  const choiceSources: ChoiceSources = {
    tools: sourceOf('--tools', 'selection.tools', toolChoices, file.selection?.tools),
    toolSets: sourceOf('--toolsets', 'selection.toolSets', setChoices, file.selection?.toolSets),
  };
  const context = { ...file.context, ...Object.fromEntries((values.context ?? []).map(parseContextEntry)) };
  const threshold = values.threshold !== undefined ? positiveInteger('--threshold', values.threshold) : file.threshold;
  const mode = values['virtual-tools'] !== undefined ? virtualToolMode(values['virtual-tools']) : file.virtualTools;
  const virtualTools = { ...(threshold !== undefined ? { threshold } : {}), ...(mode !== undefined ? { mode } : {}) };
  return {
    request: {
      model,
      selection,
      context,
      referencedTools: values.reference ?? [],
      ...(threshold !== undefined || mode !== undefined ? { virtualTools } : {}),
    },
    choiceSources,
    ...(modelChosenBy !== undefined ? { modelChosenBy } : {}),
  };
}

/** `resolve --compare a,b,c`: the families to compare (two at least, each once). */
function readCompare({ values, command }: ParseInput): readonly string[] | undefined {
  if (values.compare === undefined) return undefined;
  if (command !== 'resolve') throw new UsageError("--compare is an option of 'toolpacks resolve'.");
  const families = unique(splitList(values.compare));
  if (families.length < 2)
    throw new UsageError(
      `--compare needs two model families or more, comma-separated, e.g. --compare claude-sonnet-4.5,gpt-5,gemini-2.5-pro.`,
    );
  if (values.model !== undefined || values.family !== undefined)
    throw new UsageError('--compare names the families itself; leave out --model and --family.');
  return families;
}

/** mcp's transport: stdio, or --http with its token (`--http`, `--token`, `--no-token` belong to mcp alone). */
function readMcp({ values, command, env }: ParseInput): CliOptions['mcp'] {
  if (command !== 'mcp') {
    if (values['serve-all']) throw new UsageError("--serve-all is an option of 'toolpacks mcp'.");
    if (values.http !== undefined || values.token !== undefined || values['no-token'])
      throw new UsageError(
        `${values.http !== undefined ? '--http' : values.token !== undefined ? '--token' : '--no-token'} is an option of 'toolpacks mcp'.`,
      );
    return undefined;
  }
  const noToken = values['no-token'] ?? false;
  const token = noToken ? undefined : (values.token ?? (env.TOOLPACKS_MCP_TOKEN || undefined));
  const http = values.http !== undefined ? parseHostPort(values.http) : undefined;
  if (noToken && values.token !== undefined)
    throw new UsageError('--no-token and --token contradict each other; give one.');
  if (http && !isLoopback(http.host) && !token)
    throw new UsageError(
      `--http ${values.http}: a host other than loopback needs a token (TOOLPACKS_MCP_TOKEN, or --token)${noToken ? '; --no-token is for loopback only' : ''}.`,
    );
  if (!http && values.token !== undefined) throw new UsageError('--token is for --http; stdio needs none.');
  if (!http && noToken) throw new UsageError('--no-token is for --http; stdio needs no token.');
  // Tools kept manual (--always-ask, any config file's alwaysAsk) go to the server, which keeps
  // them manual under --yes: never a reason to refuse to start.
  // --serve-all: also the tools whose job a known client's own tools do (clientProfiles.ts).
  const serveAll = values['serve-all'] === true;
  return { http, token, ...(noToken ? { noToken } : {}), ...(serveAll ? { serveAll } : {}) };
}

/**
 * The model: `--model`/`--family` name a model of their own (the file's id, family and version are
 * then ignored, never mixed in); `--vendor`, `--model-version` and `--max-tools` override one field each.
 */
function readModel(values: Flags, file: NonNullable<LoadedConfig['config']>): ModelInfo {
  const fromFile = file.model ?? {};
  const named = values.model !== undefined || values.family !== undefined;
  const idFlag = named ? values.model : fromFile.id;
  const familyFlag = named ? values.family : fromFile.family;
  const versionFromFile = named ? undefined : fromFile.version;
  const id = idFlag ?? familyFlag ?? DEFAULT_MODEL.id;
  const maxTools =
    values['max-tools'] !== undefined
      ? positiveInteger('--max-tools', values['max-tools'])
      : (file.maxTools ?? fromFile.maxTools);
  return {
    id,
    family: familyFlag ?? idFlag ?? DEFAULT_MODEL.family,
    vendor: values.vendor ?? fromFile.vendor ?? DEFAULT_MODEL.vendor,
    version: values['model-version'] ?? versionFromFile ?? (idFlag || familyFlag ? id : DEFAULT_MODEL.version),
    ...(maxTools !== undefined ? { maxTools } : {}),
  };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** `a, b,,c` → ['a', 'b', 'c']. */
function splitList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function parseChoices(flag: string, list: string | undefined): Record<string, boolean> {
  const choices: Record<string, boolean> = {};
  for (const raw of (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([+-]?)([\w.-]+)(?:=(on|off|true|false))?$/.exec(raw);
    if (!match) throw new UsageError(`${flag}: cannot read '${raw}'; write name, -name, name=on or name=off.`);
    const [, sign, name, value] = match;
    choices[name] = value ? value === 'on' || value === 'true' : sign !== '-';
  }
  return choices;
}

export function parseContextEntry(entry: string): [string, unknown] {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new UsageError(`--context: '${entry}' must be key=value, e.g. debugState=stopped.`);
  const key = entry.slice(0, eq);
  const raw = entry.slice(eq + 1);
  if (raw === 'true' || raw === 'false') return [key, raw === 'true'];
  if (raw !== '' && !Number.isNaN(Number(raw))) return [key, Number(raw)];
  if (/^[[{]/.test(raw)) {
    try {
      return [key, JSON.parse(raw)];
    } catch {
      throw new UsageError(`--context ${key}: '${raw}' looks like JSON but does not parse.`);
    }
  }
  return [key, raw];
}

function virtualToolMode(raw: string): VirtualToolMode {
  if ((VIRTUAL_TOOL_MODES as readonly string[]).includes(raw)) return raw as VirtualToolMode;
  throw new UsageError(`--virtual-tools ${JSON.stringify(raw)}: use one of ${VIRTUAL_TOOL_MODES.join(', ')}.`);
}

function positiveInteger(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} needs a positive whole number, got '${raw}'.`);
  return n;
}

/** `8080`, `127.0.0.1:8080`, `[::1]:8080`, `localhost:0` (0: any free port). */
export function parseHostPort(raw: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[\w.-]+):)?(\d{1,5})$/.exec(raw.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--http: cannot read '${raw}'; write a port (8080) or host:port (127.0.0.1:8080).`);
  const host = match[1] ? match[1].replace(/^\[(.*)\]$/, '$1') : '127.0.0.1';
  return { host, port };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
