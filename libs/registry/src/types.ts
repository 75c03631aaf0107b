// Public types of the registry. The tool-facing shapes mirror `vscode.LanguageModelTool*` so that a
// tool written here is a valid VS Code tool; only types are imported from 'vscode', never code.
import type * as vscode from 'vscode';
import type { Container, ContainerModule, Newable, ServiceIdentifier } from 'inversify';
import type { CancellationToken, Disposable, Event } from '@toolpacks/base';
import type { InvokeOptions, ToolCall, ToolCallResult } from './invocationTypes';
import type { ResolvedToolSet, ResolveRequest, ToolSelection, VirtualToolMode, VirtualToolSession } from './resolutionTypes';
import type { SchemaDialect } from './schemaDialect';
import type { SchemaReport } from './schemaLint';

export type { Newable };

/** Context-key values a request is resolved with. */
export type ContextKeys = Readonly<Record<string, unknown>>;

export { CancellationToken, type Disposable, type Event } from '@toolpacks/base';

/** `{ id?, vendor?, family?, version? }`: fields ANDed, selectors ORed, trailing `*` is a prefix match. */
export interface ModelSelector {
  readonly id?: string;
  readonly vendor?: string;
  readonly family?: string;
  readonly version?: string;
}

export interface ModelInfo {
  readonly id: string;
  readonly vendor: string;
  readonly family: string;
  readonly version: string;
  /** How many tools the model accepts in one request; the registry's hard limit (128) when absent. */
  readonly maxTools?: number;
}

export interface ToolAnnotations {
  readonly readOnly?: boolean;
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
  /** `false`: the tool always asks, even under global auto-approve, and no approval is remembered. */
  readonly eligibleForAutoApproval?: boolean;
}

/** A JSON Schema describing an object (the tool's input). */
export type JsonSchemaObject = { readonly type?: 'object'; readonly [key: string]: unknown };

/** One source of truth per tool; package.json contributions are generated from it. */
export interface ToolDefinition {
  /** What the model sees: `{verb}_{noun}`, `[A-Za-z0-9_-]{1,64}`, not `copilot_`/`vscode_`/`activate_`. */
  readonly name: string;
  /** Picker identity, `#` reference and toolset member; variants of one tool share it. Defaults to `name`. */
  readonly toolReferenceName?: string;
  readonly displayName?: string;
  /** Tells the model what the tool does, what it returns, when to use it and when not. */
  readonly modelDescription: string;
  readonly userDescription?: string;
  readonly icon?: string;
  readonly inputSchema?: JsonSchemaObject;
  readonly tags?: readonly string[];
  /** A VS Code context-key expression; the tool is sent only while it holds. */
  readonly when?: string;
  /** A toolset this tool belongs to, in addition to the toolsets that list it. */
  readonly toolSet?: string;
  readonly canBeReferencedInPrompt?: boolean;
  /** Visible only to models that match one of these selectors; absent = every model. */
  readonly models?: readonly ModelSelector[];
  /** The `name` of the tool this one replaces for matching models. */
  readonly overridesTool?: string;
  readonly annotations?: ToolAnnotations;
  /** Whether the tool is enabled before the user touches the picker (default: the pack's default, else true). */
  readonly enabledByDefault?: boolean;
}

export interface ToolSetDefinition {
  /** Picker identity and `#` reference of the set. */
  readonly name: string;
  readonly description: string;
  readonly icon?: string;
  /** toolReferenceNames of tools, or names of other toolsets. */
  readonly tools: readonly string[];
}

// ---- Tool implementation (mirrors vscode.LanguageModelTool) ----

export interface ToolTokenizationOptions {
  readonly tokenBudget: number;
  countTokens(text: string, token?: CancellationToken): Thenable<number>;
}

export interface ToolInvocationOptions<T> {
  readonly input: T;
  readonly toolInvocationToken?: unknown;
  readonly tokenizationOptions?: ToolTokenizationOptions;
  /** Model of the request that made the call (an extension of the VS Code shape). */
  readonly model?: ModelInfo;
  /**
   * True when a person said yes to this very call's always-ask prompt (`alwaysConfirm`: the prompt
   * showed the sensitive change), never for an auto-approval, a remembered approval or a yes to an
   * ordinary prompt. Tools that write sensitive paths pass it on to the file system, which refuses
   * such writes without it.
   */
  readonly confirmed?: boolean;
  /**
   * True when the call needed approval and got it: a person's yes, a remembered approval or
   * auto-approve (the user's policy). Tools whose confirmation covered a write-protected file pass
   * it on as `allowWriteProtected`.
   */
  readonly approved?: boolean;
}

export interface ToolInvocationPrepareOptions<T> {
  readonly input: T;
}

export interface ConfirmationMessages {
  readonly title: string;
  readonly message: string | { readonly value: string };
}

export interface PreparedToolInvocation {
  readonly invocationMessage?: string | { readonly value: string };
  readonly confirmationMessages?: ConfirmationMessages;
  /**
   * Ask on every call, whatever auto-approve or a remembered approval says: the call can make code
   * run (a write to a sensitive path, a git hook). Needs `confirmationMessages`.
   */
  readonly alwaysConfirm?: boolean;
  /**
   * The call runs code the model wrote (a program, an expression, a breakpoint condition): global
   * auto-approve (`autoApprove: true`, `--yes` over MCP) and a host's own dialog (which the host's
   * auto-approve may skip) do not cover it. A person's yes, an approval remembered for this exact
   * `approvalKey`, or auto-approve that names the tool (`autoApprove: { tool: true }`, `--allow`) do.
   * Without an `approvalKey` nothing is remembered: a yes covers this one call.
   */
  readonly runsCode?: boolean;
  /**
   * Remembered approvals for this call are keyed by the tool and this key (an expression, a
   * breakpoint condition, a program with its arguments): give everything that decides what runs, so
   * approving one expression or program never approves another.
   */
  readonly approvalKey?: string;
}

export type ToolResultPart = { readonly value: string } | { readonly value: unknown } | { readonly mimeType: string; readonly data: Uint8Array };

export interface ToolResultLike {
  readonly content: readonly ToolResultPart[] | readonly unknown[];
}

export type ProviderResult<T> = T | undefined | null | Thenable<T | undefined | null>;

/** A language-model tool: the `vscode.LanguageModelTool` shape, constructed by the container. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as vscode.LanguageModelTool<T>: a tool of any input type is a Tool
export interface Tool<T = any> {
  invoke(options: ToolInvocationOptions<T>, token: CancellationToken): ProviderResult<ToolResultLike>;
  prepareInvocation?(options: ToolInvocationPrepareOptions<T>, token: CancellationToken): ProviderResult<PreparedToolInvocation>;
}

// Compile-time proof that our shapes stay assignable to VS Code's.
type AssertAssignable<T, _U extends T> = true;
export type _ToolIsVsCodeTool = AssertAssignable<Tool<object>, vscode.LanguageModelTool<object>>;
export type _SelectorIsVsCodeSelector = AssertAssignable<vscode.LanguageModelChatSelector, ModelSelector>;

// ---- Packs ----

export interface PackTool {
  readonly definition: ToolDefinition;
  readonly implementation: Newable<Tool> | Tool;
}

export interface ToolPackInput {
  readonly id: string;
  readonly displayName: string;
  readonly version: string;
  readonly tools: readonly PackTool[];
  readonly toolSets?: readonly ToolSetDefinition[];
  /** Services the pack's tools `@inject`; loaded into the pack's child container. */
  readonly services?: ContainerModule;
  /** Default enabled state of the pack's tools (true unless said otherwise). */
  readonly enabledByDefault?: boolean;
}

export interface ToolPack extends ToolPackInput {
  readonly kind: 'toolpacks.pack';
}

export type DiagnosticSeverity = 'error' | 'warning';

export interface Diagnostic {
  readonly severity: DiagnosticSeverity;
  readonly code: string;
  readonly message: string;
  readonly toolName?: string;
  readonly packId?: string;
}

export interface LoadedPack extends Disposable {
  readonly id: string;
  /** False when the pack was refused; `diagnostics` says why. */
  readonly loaded: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

// Resolution and invocation have files of their own; every public type is still exported from here.
export * from './resolutionTypes';
export * from './invocationTypes';

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
}

/** DI token of the registry (the interface and its token share the name, as in VS Code's services). */
export const ToolRegistry: ServiceIdentifier<ToolRegistry> = Symbol.for('toolpacks.ToolRegistry');

export interface ToolRegistry {
  registerTool(definition: ToolDefinition, implementation: Newable<Tool> | Tool): Disposable;
  registerModelSpecificTool(definition: ToolDefinition & { models: readonly ModelSelector[] }, implementation: Newable<Tool> | Tool): Disposable;
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
   */
  bindTool(name: string, model?: ModelInfo): ResolvedToolSet | undefined;
  /**
   * Ends the registry: every pack unloaded, every registration's container unbound, caches,
   * sessions and emitters cleared. Afterwards resolve, bindTool and loadPack throw and invoke answers
   * with an error result. Idempotent.
   */
  dispose(): Promise<void>;
  invoke(resolved: ResolvedToolSet, call: ToolCall, options?: InvokeOptions): Promise<ToolCallResult>;
  /**
   * What a host shows before running a call itself (VS Code's own confirmation UI): the tool's
   * prepareInvocation, completed with the confirmation invoke() would ask for (one rule: a
   * destructive tool, confirmation messages or `alwaysConfirm`). Undefined for a tool that is not
   * in the set, or once the registry is disposed. Never runs the tool.
   */
  prepare(resolved: ResolvedToolSet, call: Omit<ToolCall, 'callId'>, token?: CancellationToken): Promise<PreparedToolInvocation | undefined>;
  /**
   * Every registered tool this model could be sent whose name, description or input schema its API
   * needs changed (the registry's schema dialects), with what each change loses. Input is validated
   * against the canonical schema either way.
   */
  schemaReport(model: ModelInfo): SchemaReport;
}
