// `toolpacks shell`: one registry and one host for as long as the person likes. Tools are called by
// hand with the same confirmations as `invoke`, asked on the same terminal; the virtual-tool
// session, the model, the selection and the context keys persist between commands, so a whole
// debug session (set_breakpoint, start_debugging, get_call_stack, get_variables,
// continue_execution) runs in one shell. Ctrl-D or `exit` ends every debuggee. Without a terminal
// (input piped from a script) a call that asks is declined, as `invoke` does, unless
// --answers-from-input lets the next input line answer it: a script's commands never answer
// questions they did not expect.
import { CancellationTokenSource } from '@toolpacks/base';
import {
  ACTIVATE_PREFIX,
  contentToText,
  type ModelInfo,
  type ResolveRequest,
  type ToolSelection,
  type VirtualToolMode,
  type VirtualToolSession,
} from '@toolpacks/registry/host';
import { parseChoices, positiveInteger } from '../flagValues';
import type { CliOptions } from '../cliOptions';
import { UsageError } from '../errors';
import type { Io } from '../io';
import { describeRefusedPacks, openCliSession, type WorkspaceSession } from '../session';
import { selectionDiagnostics } from '../suggest';
import { describeText, describeTool } from './describe';
import { questionConfirm } from './invoke';
import { listCommand } from './list';
import { resolveCommand } from './resolve';
import { ShellInput } from './shellInput';
import { applyContextWords, describeContext, describeModel, modelFromWords } from './shellSettings';

export const SHELL_HELP = `Commands:
  tools                       the tools the model gets now (names), and the collapsed groups
  resolve [--json]            what the model gets, as \`toolpacks resolve\` prints it
  list                        every pack, toolset and tool
  describe <tool> [--json]    a tool's description, schema, variants, overrides and toolsets
  call <tool> [json]          runs a tool (input defaults to {}); \`<tool> [json]\` works too
  activate <group>            expands a group of virtual tools (same as calling activate_<group>)
  context [key=value …]       shows the context keys, or sets some (\`context -key\` removes yours)
  model [id | key=value …]    shows the model, or sets it: \`model gpt-5\`, \`model family=gemini-2.5-pro vendor=copilot\`
  toolsets <choices>          toolset choices as --toolsets takes them: git,-debug,search=off
  select <choices>            tool choices as --tools takes them
  threshold <n>               group tools behind activate_* tools above n
  help                        this list
  exit                        ends the session and every program it started (or Ctrl-D)`;

const COMMANDS = [
  'tools',
  'resolve',
  'list',
  'describe',
  'call',
  'activate',
  'context',
  'model',
  'toolsets',
  'select',
  'threshold',
  'help',
  'exit',
  'quit',
];

/** `toolpacks shell`: runs until `exit` or the end of its input; the exit code. */
export async function run(options: CliOptions, io: Io): Promise<number> {
  let session: WorkspaceSession;
  try {
    session = await openCliSession(options);
  } catch (error) {
    io.err(`toolpacks: ${(error as Error).message}`);
    return 2;
  }
  for (const text of describeRefusedPacks(session.loaded)) io.err(`toolpacks: ${text}`);
  for (const d of selectionDiagnostics(session.registry, options.request.selection, options.choiceSources))
    io.err(`toolpacks: ${d.severity}: ${d.message}`);
  const shell = new Shell(session, options, io);
  try {
    await shell.run();
    return 0;
  } finally {
    await session.dispose();
  }
}

class Shell {
  private model: ModelInfo;
  private selection: { tools: Record<string, boolean>; toolSets: Record<string, boolean> };
  private context: Record<string, unknown>;
  private threshold: number | undefined;
  private mode: VirtualToolMode | undefined;
  private readonly virtual: VirtualToolSession;
  private readonly input: ShellInput;
  /** Questions can be answered: on the terminal, or from input with --answers-from-input. */
  private readonly canAsk: boolean;
  private calls = 0;
  private running: { cancel(): void } | undefined;

  constructor(
    private readonly session: WorkspaceSession,
    private readonly options: CliOptions,
    private readonly io: Io,
  ) {
    const request = options.request;
    this.model = { ...request.model };
    this.selection = { tools: { ...request.selection?.tools }, toolSets: { ...request.selection?.toolSets } };
    this.context = { ...request.context };
    this.threshold = request.virtualTools?.threshold;
    this.mode = request.virtualTools?.mode;
    this.virtual = session.registry.createVirtualToolSession();
    this.input = new ShellInput(io.stdin ?? process.stdin, io.interactive?.output ?? process.stderr, {
      complete: (line) => this.complete(line),
      interrupt: () => {
        this.running?.cancel();
        return this.running !== undefined;
      },
    });
    this.canAsk = this.input.tty || options.shell?.answersFromInput === true;
  }

  request(): ResolveRequest {
    const selection: ToolSelection = this.selection;
    return this.session.request({
      model: this.model,
      selection,
      context: { ...this.session.host.contextKeys.values, ...this.context },
      virtualTools: {
        session: this.virtual,
        ...(this.threshold !== undefined ? { threshold: this.threshold } : {}),
        ...(this.mode !== undefined ? { mode: this.mode } : {}),
      },
    });
  }

  async run(): Promise<void> {
    if (this.input.tty)
      this.io.err(
        `toolpacks shell on ${this.session.host.workspace.root}: ${this.session.registry.tools.length} tools from ` +
          `${this.session.registry.packs.length} packs. Type help for the commands.`,
      );
    for (;;) {
      const line = await this.input.next('toolpacks> ');
      if (line === undefined) break;
      const text = line.trim();
      if (!text || text.startsWith('#')) continue;
      if (text === 'exit' || text === 'quit') break;
      try {
        await this.handle(text);
      } catch (error) {
        if (error instanceof UsageError) this.io.err(`error: ${error.message}`);
        else this.io.err(`error: ${(error as Error)?.message ?? error}`);
      }
    }
    this.input.close();
  }

  private complete(line: string): [string[], string] {
    const words = line.split(/\s+/);
    const tools = () => [
      ...this.session.registry.tools.map((t) => t.definition.name),
      ...this.groups().map((g) => g.name),
    ];
    let candidates: string[];
    if (words.length <= 1) candidates = [...COMMANDS, ...tools()];
    else if (words.length === 2 && (words[0] === 'call' || words[0] === 'describe')) candidates = tools();
    else if (words.length === 2 && words[0] === 'activate')
      candidates = this.groups().map((g) => shortGroupName(g.name));
    else return [[], line];
    const last = words[words.length - 1];
    return [candidates.filter((c) => c.startsWith(last)), last];
  }

  /** The resolution now; undefined when it cannot be made (completion and name lookups go on without it). */
  private resolve() {
    try {
      return this.session.registry.resolve(this.request());
    } catch {
      return undefined;
    }
  }

  private groups() {
    return this.resolve()?.groups ?? [];
  }

  /** The activator of the group `activate <group>` names, by its short name or its own. */
  private groupNamed(name: string): string {
    const groups = this.groups();
    const group = groups.find((g) => g.name === name || shortGroupName(g.name) === name);
    if (group) return group.name;
    const known = groups.map((g) => shortGroupName(g.name)).join(', ') || 'there are none now';
    if (!name) throw new UsageError(`activate needs a group: ${known}.`);
    throw new UsageError(`no group is named '${name}'; the groups now: ${known}.`);
  }

  private async handle(text: string): Promise<void> {
    const [, command, rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(text)!;
    const registry = this.session.registry;
    switch (command) {
      case 'help':
      case '?':
        return this.io.out(SHELL_HELP);
      case 'tools':
        return this.io.out(this.describeTools());
      case 'resolve':
        return this.io.out(resolveCommand(registry, this.request(), rest.trim() === '--json'));
      case 'list':
        return this.io.out(listCommand(registry, rest.trim() === '--json'));
      case 'describe': {
        const [tool, flag] = rest.trim().split(/\s+/);
        if (!tool) throw new UsageError('describe needs a tool name, e.g. describe grep_search');
        const description = describeTool(registry, this.request(), tool);
        return this.io.out(flag === '--json' ? JSON.stringify(description, null, 2) : describeText(description));
      }
      case 'call': {
        const [, tool, json = ''] = /^(\S+)?\s*([\s\S]*)$/.exec(rest)!;
        if (!tool)
          throw new UsageError(
            'call needs a tool name and its input as JSON, e.g. call read_file {"filePath":"README.md"}',
          );
        return this.call(tool, json);
      }
      case 'activate':
        return this.call(this.groupNamed(rest.trim()), '');
      case 'context':
        return this.setContext(rest);
      case 'model':
        return this.setModel(rest);
      case 'toolsets': {
        const choices = parseChoices('toolsets', rest);
        this.warnUnknown({ toolSets: choices }, 'toolsets');
        this.selection.toolSets = { ...this.selection.toolSets, ...choices };
        return this.io.out(this.describeTools());
      }
      case 'select': {
        const choices = parseChoices('select', rest);
        this.warnUnknown({ tools: choices }, 'select');
        this.selection.tools = { ...this.selection.tools, ...choices };
        return this.io.out(this.describeTools());
      }
      case 'threshold': {
        this.threshold = positiveInteger('threshold', rest.trim());
        return this.io.out(this.describeTools());
      }
      default:
        // `<tool> [json]`: the name of a registered tool, or of one the model gets now, works as a command.
        if (registry.tools.some((t) => t.definition.name === command) || this.resolve()?.toolKinds[command])
          return this.call(command, rest);
        throw new UsageError(`unknown command '${command}'. Type help for the commands.`);
    }
  }

  /** Choices that name no tool or toolset: a warning with the closest names (the choice is kept, and ignored). */
  private warnUnknown(selection: ToolSelection, command: string): void {
    const names = (choices: Readonly<Record<string, boolean>> | undefined) =>
      Object.fromEntries(Object.keys(choices ?? {}).map((name) => [name, command]));
    for (const d of selectionDiagnostics(this.session.registry, selection, {
      tools: names(selection.tools),
      toolSets: names(selection.toolSets),
    }))
      this.io.err(`warning: ${d.message}`);
  }

  private describeTools(): string {
    const resolved = this.session.registry.resolve(this.request());
    const m = resolved.model!;
    const collapsed = resolved.groups.filter((g) => !g.expanded);
    const lines = [
      `${resolved.tools.length} tool${resolved.tools.length === 1 ? '' : 's'} for ${m.vendor}/${m.family} (id ` +
        `${m.id}): ${resolved.tools.map((t) => t.name).join(', ') || '(none)'}`,
    ];
    for (const group of collapsed) lines.push(`  ${group.name}: ${group.tools.join(', ')}`);
    return lines.join('\n');
  }

  private async call(tool: string, json: string): Promise<void> {
    let input: unknown = {};
    if (json.trim()) {
      try {
        input = JSON.parse(json);
      } catch (error) {
        throw new UsageError(
          `the input of ${tool} is not valid JSON: ${(error as Error).message}. Write it as call ${tool} {"key": ` +
            `"value"}.`,
        );
      }
    }
    const approvals = this.options.approvals;
    const source = new CancellationTokenSource();
    this.running = { cancel: () => source.cancel() };
    try {
      const result = await this.session.registry.invoke(
        this.session.registry.resolve(this.request()),
        { callId: `shell-${++this.calls}`, name: tool, input },
        {
          // --yes in the shell is VS Code's global auto-approve: every call, except tools kept
          // manual (--always-ask), calls that run code (start_debugging, evaluate_expression: --allow
          // names them) and calls that can make code run (those always ask). A tool named in --allow
          // is approved by name, which the registry honours for code-running calls too.
          autoApprove:
            approvals.yes && !approvals.allow.includes(tool)
              ? true
              : Object.fromEntries(approvals.allow.map((name) => [name, true])),
          eligibleForAutoApproval: Object.fromEntries(approvals.alwaysAsk.map((name) => [name, false])),
          ...(this.canAsk
            ? { confirm: questionConfirm(async (prompt) => (await this.input.next(prompt, true)) ?? '') }
            : {}),
          timeoutMs: this.options.timeoutMs,
          chatSessionId: 'shell',
          token: source.token,
        },
      );
      const text = await contentToText(result.content);
      if (text) this.io.out(text);
      if (result.isError) {
        const hint =
          result.status === 'declined' && !this.canAsk
            ? ' — input is not a terminal, so nobody was asked; pass --answers-from-input to answer from the input'
            : '';
        this.io.err(`(${tool}: ${result.status}${hint})`);
      }
    } finally {
      this.running = undefined;
      source.dispose();
      // A call may have created or removed a repository: context keys the host cannot watch.
      await this.session.host.refresh().catch(() => undefined);
    }
  }

  private setContext(rest: string): void {
    applyContextWords(this.context, rest);
    this.io.out(describeContext(this.session.host.contextKeys.values, this.context));
  }

  private setModel(rest: string): void {
    this.model = modelFromWords(this.model, rest);
    this.io.out(describeModel(this.model));
  }
}

/** A group's name as `activate <group>` takes it: its activator's name without the activate_ every one has. */
function shortGroupName(activator: string): string {
  return activator.slice(ACTIVATE_PREFIX.length);
}
