// Command-line options of `toolpacks`, turned into a ResolveRequest. A config file (config.ts) fills
// in what the command line leaves out: flags always win. Paths the user types (--root, --pack,
// --config, invoke's @file) are relative to the folder the user ran the command in (userCwd).
import * as path from 'node:path';
import {
  COMMANDS,
  type Approvals,
  type CliOptions,
  type Command,
  type InvokeInputSource,
  type PackSpec,
} from './cliOptions';
import { readFlags, type Flags, type ParseInput } from './cliFlags';
import type { LoadedConfig } from './config';
import { CONFIG_FILE_NAME } from './defaults';
import { UsageError } from './errors';
import { isLoopback, parseHostPort, positiveInteger, splitList, unique } from './flagValues';
import { parseJsonInput } from './jsonInput';
import { readCompare, readRequest } from './requestArgs';
import { didYouMean } from './suggest';

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
export { isLoopback, parseChoices, parseContextEntry, parseHostPort } from './flagValues';

/** Where the options say the config file is: `--config`, else the root's (which may not exist). */
export function configLocation(argv: readonly string[], cwd = userCwd()): { path: string; explicit: boolean } {
  const { values } = readFlags(argv);
  if (values.config !== undefined) return { path: path.resolve(cwd, values.config), explicit: true };
  return { path: path.join(path.resolve(cwd, values.root ?? '.'), CONFIG_FILE_NAME), explicit: false };
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

/**
 * The command (`--help` and `--version` are commands of their own) and a check of the positional arguments it takes.
 */
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
      `--version prints the version of toolpacks and takes no value ('${positionals[0]}'); the model's version is ` +
        `--model-version.`,
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
      `${config!.path} asks to approve tools without asking (${untrustedApprovals.join('; ')}); skipped: a ` +
        `repository's config file cannot approve tools. Pass --trust-repository-config, or --config ${config!.path}, ` +
        `to use it.`,
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

/**
 * invoke's tool and input: JSON on the command line (parsed now), or `-` / `@file` (read by main before any pack
 * loads).
 */
function readInvoke(
  { positionals, cwd }: ParseInput,
  approvals: Approvals,
  timeoutMs: number | undefined,
): CliOptions['invoke'] {
  const [, tool, json] = positionals;
  if (!tool)
    throw new UsageError(
      'invoke needs a tool name and its input as JSON, e.g. invoke read_file \'{"filePath":"README.md"}\', - ' +
        '(stdin) or @input.json.',
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

/**
 * The packs to import (the config file's, when trusted, then --pack) and the config file's schema dialects (when
 * trusted).
 */
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
        `${config!.path} lists packs (${file.packs.join(', ')}); not loaded: a pack runs code, and this file came ` +
          `with the repository. Pass --trust-repository-config, or --config ${config!.path}, to load them.`,
      );
  }
  // Dialects change what models are sent, so a repository's own file gets no say without trust.
  if (file.schemaDialects?.length && !trusted)
    notices.push(
      `${config!.path} sets schemaDialects; skipped: this file came with the repository. Pass ` +
        `--trust-repository-config, or --config ${config!.path}, to use them.`,
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

/** mcp's transport: stdio, or --http with its token (`--http`, `--token`, `--no-token` belong to mcp alone). */
function readMcp({ values, command, env }: ParseInput): CliOptions['mcp'] {
  if (command !== 'mcp') {
    if (values['serve-all']) throw new UsageError("--serve-all is an option of 'toolpacks mcp'.");
    if (values.http !== undefined || values.token !== undefined || values['no-token'])
      throw new UsageError(
        `${values.http !== undefined ? '--http' : values.token !== undefined ? '--token' : '--no-token'} is an ` +
          `option of 'toolpacks mcp'.`,
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
      `--http ${values.http}: a host other than loopback needs a token (TOOLPACKS_MCP_TOKEN, or ` +
        `--token)${noToken ? '; --no-token is for loopback only' : ''}.`,
    );
  if (!http && values.token !== undefined) throw new UsageError('--token is for --http; stdio needs none.');
  if (!http && noToken) throw new UsageError('--no-token is for --http; stdio needs no token.');
  // Tools kept manual (--always-ask, any config file's alwaysAsk) go to the server, which keeps
  // them manual under --yes: never a reason to refuse to start.
  // --serve-all: also the tools whose job a known client's own tools do (clientProfiles.ts).
  const serveAll = values['serve-all'] === true;
  return { http, token, ...(noToken ? { noToken } : {}), ...(serveAll ? { serveAll } : {}) };
}
