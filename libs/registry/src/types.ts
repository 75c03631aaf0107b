// The registry's contract for hosts: its options and the ToolRegistry interface, each with a DI token
// of the same name (as VS Code's services).
import type { Container, Newable, ServiceIdentifier } from 'inversify';
import type { CancellationToken, Disposable, Event } from '@toolpacks/base';
import type {
  Diagnostic,
  LoadedPack,
  ModelInfo,
  ModelSelector,
  PreparedToolInvocation,
  Tool,
  ToolDefinition,
  ToolPack,
  ToolSetDefinition,
} from './definitions';
import type { InvokeOptions } from './invoke/invocationTypes';
import type { ToolCall, ToolCallResult } from './definitions';
import type {
  ResolvedToolSet,
  ResolveRequest,
  ToolSelection,
  VirtualToolMode,
  VirtualToolSession,
} from './resolve/resolutionTypes';
import type { SchemaDialect } from './schema/schemaTypes';
import type { SchemaReport } from './schema/schemaReport';

/** DI token of the registry's options. */
export const ToolRegistryOptions: ServiceIdentifier<ToolRegistryOptions> = Symbol.for('toolpacks.ToolRegistryOptions');

export interface ToolRegistryOptions {
  readonly container?: Container;
  /** Enabled tools above this count are grouped behind `activate_*` tools (default 64). */
  readonly virtualToolThreshold?: number;
  /** How tools over the threshold are reached when a request does not say (default 'groups'). */
  readonly virtualToolMode?: VirtualToolMode;
  /** Never send more tools than this when the model states no limit (default 128). */
  readonly hardToolLimit?: number;
  /** Default time a tool may run before it is cancelled (default 120 s). */
  readonly defaultTimeoutMs?: number;
  /** Schema dialects applied after the built-in ones (DEFAULT_SCHEMA_DIALECTS) to the models they select. */
  readonly schemaDialects?: readonly SchemaDialect[];
  /**
   * What a false condition on a context key means, in words a model can act on, by key (e.g.
   * gitOpenRepositoryCount: "the workspace folder is not a git repository …"): added to the reason
   * a tool whose when clause is false is not sent, and to the answer to a call of it.
   */
  readonly contextKeyHints?: Readonly<Record<string, string>>;
  /**
   * Told when a tool with an `outputSchema` returns no structured result, or one that does not match
   * it: the call's text is passed on without structured content (a pack's bug, for tests and logs).
   */
  readonly onStructuredContentProblem?: (tool: string, problems: readonly string[]) => void;
}

/** DI token of the registry (the interface and its token share the name, as in VS Code's services). */
export const ToolRegistry: ServiceIdentifier<ToolRegistry> = Symbol.for('toolpacks.ToolRegistry');

export interface ToolRegistry {
  registerTool(definition: ToolDefinition, implementation: Newable<Tool> | Tool): Disposable;
  registerModelSpecificTool(
    definition: ToolDefinition & { models: readonly ModelSelector[] },
    implementation: Newable<Tool> | Tool,
  ): Disposable;
  registerToolSet(set: ToolSetDefinition): Disposable;
  loadPack(pack: ToolPack): Promise<LoadedPack>;
  readonly onDidChange: Event<void>;
  readonly diagnostics: readonly Diagnostic[];
  /** Increments on every change to tools, toolsets or packs. */
  readonly version: number;
  readonly packs: readonly { readonly id: string; readonly displayName: string; readonly version: string }[];
  /** Every registered tool definition, with its pack. */
  readonly tools: readonly { readonly definition: ToolDefinition; readonly packId?: string }[];
  readonly toolSets: readonly { readonly definition: ToolSetDefinition; readonly packId?: string }[];
  createVirtualToolSession(): VirtualToolSession;
  /** Whether a picker entry (toolReferenceName) is enabled under a selection, toolsets considered. */
  isSelected(toolReferenceName: string, selection?: ToolSelection): boolean;
  /** Every toolReferenceName inside a toolset, nested toolsets included. */
  toolSetMembers(name: string): readonly string[];
  resolve(request: ResolveRequest): ResolvedToolSet;
  /**
   * One registered tool bound as itself, for a host whose own picker already chose it (VS Code
   * invoking a tool it registered by name): no selection, no when clause, no grouping. With a model,
   * the override that best matches it replaces the implementation as in `resolve()` (its when clause
   * is not evaluated either; one that does not parse never runs); without one the tool runs as
   * itself and `model` is absent. Undefined when no tool of that name is registered, or when the
   * name is an override's (an override runs only in place of its base). The set goes to `prepare()`
   * and `invoke()` like a resolution; it is cached per registry version and model.
   * `selection` (the host's picker choices) only tells a tool that does several jobs (`replaces`)
   * which of them are on (`enabledJobs` of its invocation); without it, all of them are.
   */
  bindTool(name: string, model?: ModelInfo, selection?: ToolSelection): ResolvedToolSet | undefined;
  /**
   * Ends the registry: every pack unloaded, every registration's container unbound, caches,
   * sessions and emitters cleared. Afterwards resolve, bindTool and loadPack throw and invoke answers
   * with an error result. Idempotent.
   */
  dispose(): Promise<void>;
  invoke(resolved: ResolvedToolSet, call: ToolCall, options?: InvokeOptions): Promise<ToolCallResult>;
  /**
   * What a host shows before running a call itself (VS Code's own confirmation UI): the tool's
   * prepareInvocation, completed with the confirmation invoke() would ask for (one rule: a tool
   * that asks by default — `asksByDefault`, else `destructive` —, confirmation messages or
   * `alwaysConfirm`). Undefined for a tool that is not
   * in the set, or once the registry is disposed. Never runs the tool.
   */
  prepare(
    resolved: ResolvedToolSet,
    call: Omit<ToolCall, 'callId'>,
    token?: CancellationToken,
  ): Promise<PreparedToolInvocation | undefined>;
  /**
   * Every registered tool this model could be sent whose name, description or input schema its API
   * needs changed (the registry's schema dialects), with what each change loses. Input is validated
   * against the canonical schema either way.
   */
  schemaReport(model: ModelInfo): SchemaReport;
}
