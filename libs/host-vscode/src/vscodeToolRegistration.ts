// Puts the registry's tools into vscode.lm so VS Code's agent mode, its tool picker and every other
// chat extension can use them. A tool its pack's extension contributes in package.json gets its
// implementation with registerTool. Every other tool (model-specific variants, and general tools
// whose job a variant does for some models) is registered with the registerToolDefinition
// proposal through the pack extension's own `vscode.lm`, so VS Code lists it under that pack (not
// under the runtime), inside its toolset, for exactly the models it serves (perModelTools.ts).
// Overrides are not registered: they replace their base inside the registry's own resolution (the
// @toolpacks participant), and on a VS Code call when VS Code names the model. Where VS Code grants
// no registerToolDefinition (the Marketplace flavour, or stable VS Code), the per-model tools are
// served by the participant only, which resolves per request for request.model (proposedApi.ts).
import * as vscode from 'vscode';
import type { Disposable } from '@toolpacks/base';
import type {
  ConfirmationAnswer,
  ConfirmationRequest,
  ModelInfo,
  ModelSelector,
  ToolDefinition,
  ToolRegistry,
  ToolSelection,
} from '@toolpacks/registry/host';
import { confirmInWindow } from './confirmDialog';
import { toModelInfo } from './modelInfo';
import { planPerModelTools, type PerModelPlan } from './perModelTools';
import { isProposalRefusal, readProposed } from './proposedApi';
import { vscodeToolAdapter } from './vscodeToolAdapter';

type RegisterToolDefinition = (
  definition: {
    name: string;
    displayName?: string;
    description: string;
    userDescription?: string;
    toolReferenceName?: string;
    inputSchema?: object;
    tags?: readonly string[];
    icon?: vscode.ThemeIcon;
    models?: readonly ModelSelector[];
    toolSet?: string;
  },
  tool: vscode.LanguageModelTool<object>,
) => vscode.Disposable;

/** How {@link registerToolsWithVsCode} registers a pack's tools. */
export interface VsCodeToolRegistrationOptions {
  /** Asks the person (default: a modal dialog); tests pass their own. */
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  /** The runtime's `vscode.lm`: implementations of contributed tools, the models VS Code offers. */
  readonly lm?: typeof vscode.lm;
  /** The pack extension's own `vscode.lm`: VS Code files what it registers under that extension. */
  readonly packLm?: typeof vscode.lm;
  /** The pack's id (the `toolpacks:<pack>` tag of what is registered at run time). */
  readonly packId?: string;
  /** The tools the pack's extension contributes in package.json; absent: every general tool. */
  readonly contributed?: ReadonlySet<string>;
  /** The name each of the pack's toolsets has in VS Code, by its registry name. */
  readonly toolSetNames?: ReadonlyMap<string, string>;
  /** VS Code's tool choices: a tool that does several jobs runs only those that are on. */
  readonly selection?: () => ToolSelection | undefined;
  /** Told when registering a per-model tool fails (VS Code refused it). */
  readonly onError?: (message: string) => void;
  /**
   * Whether the pack's extension may register per-model tools (its manifest declares
   * languageModelToolSupportsModel); false: they go to the participant only, with no proposed call.
   * Absent: tried, and the first refusal sends them there.
   */
  readonly perModelTools?: boolean;
  /** Told once when VS Code grants no registerToolDefinition here: the per-model tools are the participant's. */
  readonly onParticipantOnly?: (message: string) => void;
}

export type RegistrationKind = 'registerTool' | 'registerToolDefinition' | 'participant-only';

/** Registers one pack's tools; the result lists how each tool was registered. */
export function registerToolsWithVsCode(
  registry: ToolRegistry,
  definitions: readonly ToolDefinition[],
  options: VsCodeToolRegistrationOptions = {},
): Disposable & {
  readonly kinds: ReadonlyMap<string, RegistrationKind>;
  /** Settles once the per-model tools are registered for the models VS Code offers now. */
  readonly ready: Promise<void>;
} {
  const lm = options.lm ?? vscode.lm;
  const packLm = options.packLm ?? lm;
  const registerToolDefinition =
    options.perModelTools === false
      ? undefined
      : readProposed(
          () => (packLm as unknown as { registerToolDefinition?: RegisterToolDefinition }).registerToolDefinition,
        );
  const disposables: vscode.Disposable[] = [];
  const kinds = new Map<string, RegistrationKind>();
  const perModel: ToolDefinition[] = [];
  const adapter = (definition: ToolDefinition) =>
    vscodeToolAdapter(registry, definition, options.confirm ?? confirmInWindow, options.selection);
  for (const definition of definitions) {
    const contributed = options.contributed
      ? options.contributed.has(definition.name)
      : !definition.models?.length && !definition.overridesTool;
    if (definition.overridesTool) kinds.set(definition.name, 'participant-only');
    else if (contributed) {
      disposables.push(lm.registerTool(definition.name, adapter(definition)));
      kinds.set(definition.name, 'registerTool');
    } else if (typeof registerToolDefinition === 'function') {
      perModel.push(definition);
      kinds.set(definition.name, 'registerToolDefinition');
    } else kinds.set(definition.name, 'participant-only');
  }
  const participantOnly = definitions.filter((d) => !d.overridesTool && kinds.get(d.name) === 'participant-only');
  if (participantOnly.length) options.onParticipantOnly?.(participantOnlyNote(participantOnly.map((d) => d.name)));
  if (!perModel.length)
    return { kinds, ready: Promise.resolve(), dispose: () => disposables.forEach((d) => d.dispose()) };

  // Each tool joins the first of its pack's toolsets that lists it itself (VS Code nests sets the same way).
  const setOf = new Map<string, string>();
  for (const { definition: set, packId } of registry.toolSets) {
    const name = packId === options.packId ? options.toolSetNames?.get(set.name) : undefined;
    if (!name) continue;
    const declared = definitions.filter((d) => d.toolSet === set.name).map((d) => d.toolReferenceName ?? d.name);
    for (const member of [...set.tools, ...declared]) if (!setOf.has(member)) setOf.set(member, name);
  }
  const registered = new Map<string, { key: string; disposable: vscode.Disposable }>();
  const register = (definition: ToolDefinition, plan: PerModelPlan) => {
    const reference = definition.toolReferenceName ?? definition.name;
    return registerToolDefinition!.call(
      packLm,
      {
        name: definition.name,
        displayName: definition.displayName ?? definition.name,
        description: definition.modelDescription,
        userDescription: definition.userDescription,
        toolReferenceName: reference,
        inputSchema: definition.inputSchema,
        tags: [...(definition.tags ?? []), ...(options.packId ? [`toolpacks:${options.packId}`] : [])],
        icon: definition.icon ? new vscode.ThemeIcon(definition.icon.replace(/^\$\((.*)\)$/, '$1')) : undefined,
        models: plan.selectors,
        toolSet: setOf.get(reference),
      },
      adapter(definition),
    );
  };
  // One update at a time, in order: VS Code refuses a name that is still registered.
  let queue = Promise.resolve();
  let disposed = false;
  let refused = false;
  const update = () =>
    (queue = queue.then(async () => {
      if (disposed || refused) return;
      const models = await offeredModels(lm);
      if (disposed) return;
      const plans = planPerModelTools(
        registry,
        perModel.map((d) => ({ name: d.name, modelSpecific: !!d.models?.length })),
        models,
      );
      for (const definition of perModel) {
        const plan = plans.get(definition.name);
        const key = plan ? JSON.stringify(plan.selectors ?? 'every model') : '';
        const current = registered.get(definition.name);
        if (current?.key === key) continue;
        current?.disposable.dispose();
        registered.delete(definition.name);
        if (!plan) continue;
        try {
          registered.set(definition.name, { key, disposable: register(definition, plan) });
        } catch (error) {
          if (isProposalRefusal(error)) {
            // This VS Code does not grant the proposal: every per-model tool is the participant's.
            refused = true;
            for (const d of perModel) kinds.set(d.name, 'participant-only');
            options.onParticipantOnly?.(participantOnlyNote(perModel.map((d) => d.name)));
            return;
          }
          options.onError?.(
            `Tool '${definition.name}' could not be registered with VS Code: ${(error as Error).message}`,
          );
        }
      }
    }));
  const ready = update();
  // Another pack's tool for one of these jobs may now fit a model better (the assignment is the
  // registry's); any other change leaves it as it is, and costs no resolution.
  let competitors = competitorsOf(registry, perModel);
  disposables.push(
    lm.onDidChangeChatModels(() => void update()),
    registry.onDidChange(() => {
      const now = competitorsOf(registry, perModel);
      if (now === competitors) return;
      competitors = now;
      void update();
    }),
  );
  return {
    kinds,
    ready,
    dispose: () => {
      disposed = true;
      disposables.forEach((d) => d.dispose());
      for (const { disposable } of registered.values()) disposable.dispose();
      registered.clear();
    },
  };
}

function participantOnlyNote(names: readonly string[]): string {
  return (
    'VS Code grants no per-model tool registration here (proposal languageModelToolSupportsModel): ' +
    `${names.join(', ')} reach models through @toolpacks, which picks them per request for its ` +
    'model.'
  );
}

/** The registered tools that compete for the jobs of these tools, as one comparable string. */
function competitorsOf(registry: ToolRegistry, tools: readonly ToolDefinition[]): string {
  const jobsOf = (d: ToolDefinition) => [d.toolReferenceName ?? d.name, ...(d.replaces ?? [])];
  const jobs = new Set(tools.flatMap(jobsOf));
  return JSON.stringify(
    registry.tools
      .filter((t) => !t.definition.overridesTool && jobsOf(t.definition).some((j) => jobs.has(j)))
      .map((t) => [t.packId, t.definition.name, t.definition.models ?? null, t.definition.replaces ?? null]),
  );
}

/** The chat models VS Code offers now, as the registry sees them. */
async function offeredModels(lm: typeof vscode.lm): Promise<ModelInfo[]> {
  try {
    return (await lm.selectChatModels()).map(toModelInfo);
  } catch {
    return [];
  }
}
