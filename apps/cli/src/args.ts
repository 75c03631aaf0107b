// Command-line options of `toolpacks`, turned into a ResolveRequest.
import { parseArgs } from 'node:util';
import type { ModelInfo, ResolveRequest, ToolSelection } from '@toolpacks/registry';

export const DEFAULT_MODEL: ModelInfo = { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: 'gpt-4.1-2025-04-14' };

export const HELP = `toolpacks — what a language model gets from the installed tool packs

Usage:
  toolpacks [resolve] [options]          the tool list one request gets (default command)
  toolpacks list                         packs, toolsets and tools, with when clauses and model selectors
  toolpacks invoke <tool> <json> [--yes] runs one tool for real through the registry
  toolpacks --help

Workspace:
  --root <folder>       the folder the packs work on (default: the current folder)
  --trust-repository-config   let git run the filters and diff drivers this repository configures
                        (off: read-only git tools neutralise them; see SECURITY.md)
  --trust-git-dir       use a .git file or link in the root that points outside it

Model (default: ${DEFAULT_MODEL.vendor}/${DEFAULT_MODEL.family}, id ${DEFAULT_MODEL.id}):
  --model <id>          model id; the family defaults to it when --family is not given
  --family <family>     model family, e.g. gpt-5, gemini-2.5-pro, claude-sonnet-4
  --vendor <vendor>     model vendor (default: copilot)
  --version <version>   model version (default: the id)
  --max-tools <n>       the model's tool limit (default: 128)

Request:
  --toolsets <list>     toolset choices, comma-separated: name or name=on enables, -name or name=off disables
  --tools <list>        tool choices (by toolReferenceName), same syntax; a tool's choice beats its toolset's
  --context <key=value> a context key for when clauses; repeat it. Values: true, false, numbers, JSON, text
  --reference <name>    a #-referenced tool or toolset: sent even when deselected; repeat it
  --threshold <n>       group tools behind activate_* tools above this count (default: 64)

Invoke:
  --yes                 approve the call without asking (tools that change things ask on the terminal;
                        writes to sensitive files such as .git/config always ask)
  --always-ask <tools>  comma-separated tools that ask even with --yes (kept manual)
  --timeout <ms>        stop the tool after this long (default: 120000)

Output:
  --json                print the result as JSON instead of text

Examples:
  toolpacks --family gemini-2.5-pro
  toolpacks invoke grep_search '{"query":"ToolRegistry"}'
  toolpacks invoke git_commit '{"message":"Fix typo","all":true}' --yes
  toolpacks --model gpt-5 --toolsets -example --reference count_words
  toolpacks --context editorHasSelection=true --json
`;

export interface CliOptions {
  readonly command: 'resolve' | 'list' | 'invoke' | 'help';
  readonly request: ResolveRequest;
  readonly json: boolean;
  readonly root: string;
  /** What the user trusts of the repository (SECURITY.md): its configured programs, a .git outside the root. */
  readonly trust: { readonly repositoryConfig: boolean; readonly gitDirOutsideRoot: boolean };
  readonly invoke?: { readonly tool: string; readonly input: unknown; readonly yes: boolean; readonly alwaysAsk: readonly string[]; readonly timeoutMs?: number };
}

export class UsageError extends Error {}

/** Options whose value may start with '-' (`--toolsets -git`), which parseArgs would read as a flag. */
const VALUE_OPTIONS = new Set(['--toolsets', '--tools']);

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_OPTIONS.has(argv[i]) && i + 1 < argv.length) args.push(`${argv[i]}=${argv[++i]}`);
    else args.push(argv[i]);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        model: { type: 'string' },
        family: { type: 'string' },
        vendor: { type: 'string' },
        version: { type: 'string' },
        'max-tools': { type: 'string' },
        toolsets: { type: 'string' },
        tools: { type: 'string' },
        context: { type: 'string', multiple: true },
        reference: { type: 'string', multiple: true },
        threshold: { type: 'string' },
        json: { type: 'boolean', default: false },
        root: { type: 'string' },
        'trust-repository-config': { type: 'boolean', default: false },
        'trust-git-dir': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        'always-ask': { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = values.help ? 'help' : ((positionals[0] ?? 'resolve') as CliOptions['command']);
  if (!['resolve', 'list', 'invoke', 'help'].includes(command)) throw new UsageError(`Unknown command '${positionals[0]}'. Commands: resolve, list, invoke.`);
  const expected = command === 'invoke' ? 3 : 1;
  if (positionals.length > expected) throw new UsageError(`Unexpected argument '${positionals[expected]}'.`);
  let invoke: CliOptions['invoke'];
  if (command === 'invoke') {
    const [, tool, json] = positionals;
    if (!tool) throw new UsageError("invoke needs a tool name and its input as JSON, e.g. invoke read_file '{\"filePath\":\"README.md\"}'.");
    let input: unknown = {};
    if (json !== undefined) {
      try {
        input = JSON.parse(json);
      } catch (error) {
        throw new UsageError(`The input of ${tool} is not valid JSON: ${(error as Error).message}`);
      }
    }
    const alwaysAsk = (values['always-ask'] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
    invoke = { tool, input, yes: values.yes ?? false, alwaysAsk, timeoutMs: values.timeout !== undefined ? positiveInteger('--timeout', values.timeout) : undefined };
  }

  const id = values.model ?? values.family ?? DEFAULT_MODEL.id;
  const model: ModelInfo = {
    id,
    family: values.family ?? values.model ?? DEFAULT_MODEL.family,
    vendor: values.vendor ?? DEFAULT_MODEL.vendor,
    version: values.version ?? (values.model || values.family ? id : DEFAULT_MODEL.version),
    ...(values['max-tools'] !== undefined ? { maxTools: positiveInteger('--max-tools', values['max-tools']) } : {}),
  };
  const selection: ToolSelection = { tools: parseChoices('--tools', values.tools), toolSets: parseChoices('--toolsets', values.toolsets) };
  const context = Object.fromEntries((values.context ?? []).map(parseContextEntry));
  const threshold = values.threshold !== undefined ? positiveInteger('--threshold', values.threshold) : undefined;
  return {
    command,
    json: values.json ?? false,
    root: values.root ?? process.cwd(),
    trust: { repositoryConfig: values['trust-repository-config'] ?? false, gitDirOutsideRoot: values['trust-git-dir'] ?? false },
    invoke,
    request: {
      model,
      selection,
      context,
      referencedTools: values.reference ?? [],
      ...(threshold !== undefined ? { virtualTools: { threshold } } : {}),
    },
  };
}

function parseChoices(flag: string, list: string | undefined): Record<string, boolean> {
  const choices: Record<string, boolean> = {};
  for (const raw of (list ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([+-]?)([\w.-]+)(?:=(on|off|true|false))?$/.exec(raw);
    if (!match) throw new UsageError(`${flag}: cannot read '${raw}'; write name, -name, name=on or name=off.`);
    const [, sign, name, value] = match;
    choices[name] = value ? value === 'on' || value === 'true' : sign !== '-';
  }
  return choices;
}

function parseContextEntry(entry: string): [string, unknown] {
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

function positiveInteger(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} needs a positive whole number, got '${raw}'.`);
  return n;
}
