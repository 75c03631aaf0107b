// The "Tool Packs" view: for a model the person picks (one VS Code offers, or a family typed in),
// every tool sent and not sent, by pack and toolset, each with its reason as an icon and in words,
// its token cost, and a link to its definition (a read-only document, opened only when asked). It
// follows VS Code's tool selection, the context keys and the packs as they change; it creates no
// document of its own.
import * as vscode from 'vscode';
import type { Event } from '@toolpacks/base';
import type { ContextKeys, ModelInfo, ToolRegistry } from '@toolpacks/registry/host';
import { toModelInfo } from './modelInfo';
import {
  REASON_ICONS,
  resolvedRows,
  type PackRow,
  type ResolvedRows,
  type ToolRow,
  type ToolSetRow,
} from './resolvedRows';
import type { VsCodeToolSelection } from './vscodeToolSelection';

/** The view's id in package.json (`contributes.views`). */
export const RESOLVED_VIEW_ID = 'toolpacks.resolvedTools';
/** The scheme of the read-only documents that show a tool's definition. */
export const DEFINITION_SCHEME = 'toolpacks-tool';
/** Commands the view's rows run. */
export const RESOLVED_VIEW_COMMANDS = {
  /** Asks which model's tools to show (argument: a family, to skip the question). */
  chooseModel: 'toolpacks.resolvedTools.chooseModel',
  /** Opens a tool's definition read-only (argument: the tool's name). */
  openDefinition: 'toolpacks.openToolDefinition',
  /** Opens VS Code's own tool picker. */
  configureTools: 'toolpacks.configureTools',
} as const;

const MODEL_KEY = 'toolpacks.resolvedTools.model';

/** A model as the view shows it: what the registry resolves for, and what a person reads. */
export interface ChosenModel {
  /** What the registry resolves for. */
  readonly model: ModelInfo;
  /** The model's name as VS Code shows it, or the family typed in. */
  readonly label: string;
}

/** What the view reads from. */
export interface ResolvedViewSources {
  /** The registry whose tools are shown. */
  readonly registry: ToolRegistry;
  /** The context keys now (when clauses). */
  readonly contextKeys: () => ContextKeys;
  /** Fires when the context keys change. */
  readonly onDidChangeContext: Event<unknown>;
  /** VS Code's tool selection as chat requests carry it. */
  readonly selection: VsCodeToolSelection;
  /** The name a pack's toolset has in VS Code, when it has one. */
  readonly toolSetName: (packId: string | undefined, set: string) => string | undefined;
  /** Where the chosen model is remembered (view state, not a tool selection). */
  readonly state: vscode.Memento;
  /** The `vscode.lm` whose models are offered (tests pass their own). */
  readonly lm?: typeof vscode.lm;
}

type Node =
  | { readonly kind: 'model' }
  | { readonly kind: 'selection' }
  | { readonly kind: 'pack'; readonly pack: PackRow }
  | { readonly kind: 'set'; readonly set: ToolSetRow }
  | { readonly kind: 'tool'; readonly tool: ToolRow }
  | { readonly kind: 'virtual'; readonly rows: ResolvedRows['virtualTools'] }
  | { readonly kind: 'diagnostics'; readonly lines: readonly string[] }
  | { readonly kind: 'line'; readonly text: string; readonly detail?: string };

/** The tree behind the view. */
export class ResolvedToolsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  private readonly subscriptions: { dispose(): unknown }[] = [];
  private chosen: ChosenModel | undefined;
  private rows: ResolvedRows | undefined;

  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly sources: ResolvedViewSources) {
    this.chosen = sources.state.get<ChosenModel>(MODEL_KEY);
    const lm = sources.lm ?? vscode.lm;
    this.subscriptions.push(
      this.changed,
      sources.registry.onDidChange(() => this.refresh()),
      sources.onDidChangeContext(() => this.refresh()),
      sources.selection.onDidChange(() => this.refresh()),
      lm.onDidChangeChatModels(() => this.refresh()),
    );
  }

  /** The model the view resolves for. */
  get model(): ChosenModel | undefined {
    return this.chosen;
  }

  /** Shows this model's tools (and remembers the choice). */
  async setModel(chosen: ChosenModel): Promise<void> {
    this.chosen = chosen;
    await this.sources.state.update(MODEL_KEY, chosen);
    this.refresh();
  }

  /**
   * Asks for a model: those VS Code offers, or a family typed in. With `family` (from a keybinding,
   * a test) the first offered model of that family is taken, else the family as typed.
   */
  async chooseModel(family?: string): Promise<ChosenModel | undefined> {
    const offered = await this.offeredModels();
    let chosen: ChosenModel | undefined;
    if (family !== undefined) {
      const model = offered.find((m) => m.model.family === family);
      chosen = model ?? typedFamily(family);
    } else {
      const typeIn = { label: '$(edit) Type a model family…', description: 'for a model VS Code does not offer here' };
      const items = [
        ...offered.map((m) => ({ label: m.label, description: `${m.model.vendor} · ${m.model.family}`, chosen: m })),
        typeIn,
      ];
      const pick = await vscode.window.showQuickPick(items, {
        title: 'Tool Packs: which model’s tools?',
        placeHolder: 'A model VS Code offers, or type a family',
        matchOnDescription: true,
      });
      if (!pick) return undefined;
      if ('chosen' in pick) chosen = pick.chosen as ChosenModel;
      else {
        const typed = await vscode.window.showInputBox({
          title: 'Tool Packs: model family',
          prompt: 'The family as VS Code reports it, e.g. gpt-5, claude-sonnet-4, gemini-2.5-pro',
          validateInput: (value) => (/^\S+$/.test(value) ? undefined : 'A family is one word, such as gpt-5.'),
        });
        if (!typed) return undefined;
        chosen = typedFamily(typed);
      }
    }
    await this.setModel(chosen);
    return chosen;
  }

  /** Resolves again and redraws (the sources' changes call it). */
  refresh(): void {
    this.rows = undefined;
    this.changed.fire(undefined);
  }

  /** The JSON shown for `toolpacks-tool:/<pack>/<name>.json`, or undefined for a tool not registered. */
  definitionText(uri: vscode.Uri): string | undefined {
    const name = /([^/]+)\.json$/.exec(uri.path)?.[1];
    const tool = this.sources.registry.tools.find((t) => t.definition.name === name);
    if (!tool) return undefined;
    return `${JSON.stringify({ pack: tool.packId ?? null, ...tool.definition }, null, 2)}\n`;
  }

  /** The read-only document of a tool's definition. */
  static definitionUri(tool: Pick<ToolRow, 'name' | 'packId'>): vscode.Uri {
    return vscode.Uri.from({ scheme: DEFINITION_SCHEME, path: `/${tool.packId ?? 'other'}/${tool.name}.json` });
  }

  /** The rows under a row: the model, the selection and the packs at the top; toolsets, then tools. */
  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      this.chosen ??= (await this.offeredModels())[0];
      if (!this.chosen) return [{ kind: 'model' }];
      const rows = (this.rows ??= this.compute(this.chosen.model));
      return [
        { kind: 'model' },
        { kind: 'selection' },
        ...rows.packs.map((pack) => ({ kind: 'pack' as const, pack })),
        ...(rows.virtualTools.length ? [{ kind: 'virtual' as const, rows: rows.virtualTools }] : []),
        ...(rows.diagnostics.length ? [{ kind: 'diagnostics' as const, lines: rows.diagnostics }] : []),
      ];
    }
    switch (node.kind) {
      case 'pack':
        return [
          ...node.pack.toolSets.filter((set) => set.tools.length).map((set) => ({ kind: 'set' as const, set })),
          ...node.pack.tools.map((tool) => ({ kind: 'tool' as const, tool })),
        ];
      case 'set':
        return node.set.tools.map((tool) => ({ kind: 'tool' as const, tool }));
      case 'virtual':
        return node.rows.map((r) => ({ kind: 'line' as const, text: r.name, detail: r.words }));
      case 'diagnostics':
        return node.lines.map((text) => ({ kind: 'line' as const, text }));
      default:
        return [];
    }
  }

  /** How a row reads: its label, reason, icon, token cost and what clicking it does. */
  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'model':
        return this.modelItem();
      case 'selection':
        return this.selectionItem();
      case 'pack': {
        const tools = [...node.pack.toolSets.flatMap((s) => s.tools), ...node.pack.tools];
        return item(node.pack.label, {
          id: `pack:${node.pack.id ?? ''}`,
          description: `${tools.filter((t) => t.sent).length} of ${tools.length} sent`,
          icon: 'package',
          expanded: true,
        });
      }
      case 'set':
        return item(node.set.name, {
          id: `set:${node.set.registryName}`,
          description:
            `${node.set.tools.filter((t) => t.sent).length} of ${node.set.tools.length} sent · ` +
            `${node.set.description}`,
          icon: node.set.icon?.replace(/^\$\((.*)\)$/, '$1') ?? 'tools',
          expanded: true,
        });
      case 'tool':
        return toolItem(node.tool);
      case 'virtual':
        return item('Virtual tools', {
          id: 'virtual',
          description: `${node.rows.length} sent in place of grouped tools`,
          icon: 'fold',
          expanded: true,
        });
      case 'diagnostics':
        return item('Diagnostics', {
          id: 'diagnostics',
          description: `${node.lines.length}`,
          icon: 'warning',
          expanded: false,
        });
      case 'line':
        return item(node.text, { description: node.detail, tooltip: node.detail ?? node.text });
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private compute(model: ModelInfo): ResolvedRows {
    const context = this.sources.contextKeys();
    const selection = this.sources.selection.current?.selection;
    const resolved = this.sources.registry.resolve({ model, selection, context });
    return resolvedRows(this.sources.registry, resolved, { context, selection, toolSetName: this.sources.toolSetName });
  }

  private modelItem(): vscode.TreeItem {
    const command = { command: RESOLVED_VIEW_COMMANDS.chooseModel, title: 'Choose Model…' };
    if (!this.chosen)
      return item('Choose a model…', {
        description: 'no chat model offered yet; type a family',
        icon: 'hubot',
        command,
      });
    const { model, label } = this.chosen;
    const rows = this.rows;
    const cost = rows ? ` · ${rows.sentCount} sent · ≈${rows.estimatedTokens.toLocaleString('en-US')} tokens` : '';
    return item(`Model: ${label}`, {
      id: 'model',
      description: `${model.vendor}/${model.family}${cost}`,
      tooltip: `Tools resolved for ${model.vendor}/${model.family} (id ${model.id}). Click to choose another model.`,
      icon: 'hubot',
      command,
    });
  }

  private selectionItem(): vscode.TreeItem {
    const observed = this.sources.selection.current;
    return item("Selection: VS Code's tool picker", {
      id: 'selection',
      description: observed
        ? `as of the last chat request, ${observed.at.toLocaleTimeString('en-GB')}`
        : this.sources.selection.requestsCarryNoChoices
          ? 'defaults: this VS Code sends @toolpacks no picker choices (they need the proposal flavour)'
          : 'defaults: no chat request seen yet',
      tooltip:
        "VS Code's Configure Tools picker (and a custom agent's or prompt file's tools: list) decides which tools " +
        'are on. VS Code tells an extension on each chat request; this view shows the choice the last request ' +
        'carried. Click to open the picker.',
      icon: 'settings',
      command: { command: RESOLVED_VIEW_COMMANDS.configureTools, title: 'Configure Tools' },
    });
  }

  private async offeredModels(): Promise<ChosenModel[]> {
    try {
      const models = await (this.sources.lm ?? vscode.lm).selectChatModels();
      return models.map((m) => ({ model: toModelInfo(m), label: m.name }));
    } catch {
      return [];
    }
  }
}

function typedFamily(family: string): ChosenModel {
  return { model: { id: family, vendor: '', family, version: '' }, label: `${family} (typed)` };
}

function toolItem(tool: ToolRow): vscode.TreeItem {
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.isTrusted = { enabledCommands: [RESOLVED_VIEW_COMMANDS.openDefinition] };
  tooltip.appendMarkdown(`$(${REASON_ICONS[tool.reason]}) **${tool.name}** — ${tool.words}\n\n`);
  tooltip.appendText(`${tool.detail}\n\n${tool.definition.userDescription ?? ''}`);
  const args = encodeURIComponent(JSON.stringify([tool.name]));
  tooltip.appendMarkdown(
    `\n\n≈${tool.tokens} tokens · [Open definition](command:${RESOLVED_VIEW_COMMANDS.openDefinition}?${args})`,
  );
  const made = item(tool.sentName ? `${tool.name} (sent as ${tool.sentName})` : tool.name, {
    id: `tool:${tool.name}`,
    description: `${tool.words} · ≈${tool.tokens} tokens`,
    tooltip,
    icon: REASON_ICONS[tool.reason],
    command: { command: RESOLVED_VIEW_COMMANDS.openDefinition, title: 'Open Definition', arguments: [tool.name] },
  });
  made.contextValue = tool.sent ? 'tool.sent' : 'tool.notSent';
  made.accessibilityInformation = { label: `${tool.name}, ${tool.words}, about ${tool.tokens} tokens` };
  return made;
}

function item(
  label: string,
  options: {
    id?: string;
    description?: string;
    tooltip?: string | vscode.MarkdownString;
    icon?: string;
    expanded?: boolean;
    command?: vscode.Command;
  },
): vscode.TreeItem {
  const made = new vscode.TreeItem(
    label,
    options.expanded === undefined
      ? vscode.TreeItemCollapsibleState.None
      : options.expanded
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
  );
  made.id = options.id;
  made.description = options.description;
  made.tooltip = options.tooltip;
  made.iconPath = options.icon ? new vscode.ThemeIcon(options.icon) : undefined;
  made.command = options.command;
  return made;
}
