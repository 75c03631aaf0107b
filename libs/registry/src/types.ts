// Public types of the registry. The tool-facing shapes mirror `vscode.LanguageModelTool*` so that a
// tool written here is a valid VS Code tool; only types are imported from 'vscode', never code.
import type * as vscode from 'vscode';
import type { Container, ContainerModule, Newable, ServiceIdentifier } from 'inversify';
import type { CancellationToken, Disposable, Event } from '@toolpacks/base';

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
   * Remembered approvals for this call are keyed by the tool and this key (an expression, a
   * breakpoint condition), so approving one expression never approves another.
   */
  readonly approvalKey?: string;
}

export type ToolResultPart = { readonly value: string } | { readonly value: unknown } | { readonly mimeType: string; readonly data: Uint8Array };

export interface ToolResultLike {
  readonly content: readonly ToolResultPart[] | readonly unknown[];
}

export type ProviderResult<T> = T | undefined | null | Thenable<T | undefined | null>;

/** A language-model tool: the `vscode.LanguageModelTool` shape, constructed by the container. */
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

// ---- Resolution ----

export interface ToolSelection {
  /** Keyed by toolReferenceName (or name when it has none). */
  readonly tools?: Readonly<Record<string, boolean>>;
  /** Keyed by toolset name. */
  readonly toolSets?: Readonly<Record<string, boolean>>;
}

export interface VirtualToolSession {
  readonly id: string;
  /** Increments whenever the expanded groups change. */
  readonly version: number;
  /** Expanded group names, most recently used first. */
  readonly expandedGroups: readonly string[];
  expand(group: string): void;
  collapse(group: string): void;
  reset(): void;
  readonly onDidChange: Event<void>;
}

export interface ResolveRequest {
  readonly model: ModelInfo;
  readonly selection?: ToolSelection;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly referencedTools?: readonly string[];
  readonly virtualTools?: { readonly session?: VirtualToolSession; readonly threshold?: number };
}

export interface LanguageModelToolInformation {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: object;
}

/** Why a tool is in the resolved set. */
export type ResolvedReason = 'general' | 'model-specific' | 'override' | 'referenced' | 'group';

export interface ResolvedToolEntry {
  /** The name the model sees. */
  readonly name: string;
  readonly toolReferenceName: string;
  readonly packId?: string;
  readonly reason: ResolvedReason;
  /** For overrides: the name of the tool whose implementation runs. */
  readonly implementationName: string;
  /** The group this tool sits in when virtual tools are on; undefined when sent directly. */
  readonly group?: string;
  /** True when the tool's definition is in `tools` (sent to the model). */
  readonly sent: boolean;
  readonly definition: ToolDefinition;
}

export interface ResolvedGroup {
  readonly name: string;
  readonly description: string;
  readonly tools: readonly string[];
  readonly expanded: boolean;
}

export interface ResolvedToolSet {
  /** Exactly what the model gets, `activate_*` tools included. */
  readonly tools: readonly LanguageModelToolInformation[];
  readonly groups: readonly ResolvedGroup[];
  readonly diagnostics: readonly Diagnostic[];
  readonly estimatedTokens: number;
  /** Every enabled tool for this request, sent or grouped, with the reason it is there. */
  readonly entries: readonly ResolvedToolEntry[];
  readonly model: ModelInfo;
  readonly session: VirtualToolSession;
  /** The registry version this set was resolved at. */
  readonly registryVersion: number;
}

// ---- Invocation ----

export type ApprovalScope = 'session' | 'workspace' | 'always';
/** A yes (for this call, or remembered at a scope), a no, or a no with what to do instead. */
export type ConfirmationAnswer = 'once' | ApprovalScope | 'decline' | { readonly decline: string };

export interface ConfirmationRequest {
  readonly toolName: string;
  readonly title: string;
  readonly message: string;
  readonly input: unknown;
  /** The call can make code run: the answer counts for this call only, whatever scope is chosen. */
  readonly alwaysConfirm?: boolean;
  /** False when no answer is remembered (alwaysConfirm, or a tool kept manual): offer no scopes. */
  readonly rememberable?: boolean;
}

export interface InvokeOptions {
  readonly token?: CancellationToken;
  readonly timeoutMs?: number;
  readonly tokenBudget?: number;
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  /**
   * `true`: every tool that asks is approved (VS Code's global auto-approve), except tools not
   * eligible for it; a record approves per tool. Never covers calls whose preparation says
   * `alwaysConfirm` (sensitive writes, code that runs).
   */
  readonly autoApprove?: boolean | Readonly<Record<string, boolean>>;
  /** The host's per-tool setting (VS Code's chat.tools.eligibleForAutoApproval): `false` keeps a tool manual. */
  readonly eligibleForAutoApproval?: Readonly<Record<string, boolean>>;
  /**
   * The host already showed this call's confirmation (from `prepare()`) and the person accepted it,
   * as VS Code does before it invokes a tool: the call is approved. Never enough for an
   * `alwaysConfirm` call (a host's auto-approve may skip its dialog): those ask through `confirm`.
   */
  readonly confirmedByHost?: boolean;
  /** The host's chat session; approvals at `session` scope are remembered per chat session. */
  readonly chatSessionId?: string;
  readonly toolInvocationToken?: unknown;
}

export interface ToolCall {
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
}

export type ToolCallStatus =
  | 'ok'
  | 'activated'
  | 'unknown-tool'
  | 'not-enabled'
  | 'invalid-input'
  | 'declined'
  | 'cancelled'
  | 'timeout'
  | 'error';

export type ToolCallContent =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'promptTsx'; readonly value: unknown }
  | { readonly kind: 'data'; readonly mimeType: string; readonly data: Uint8Array };

export interface ToolCallResult {
  readonly callId: string;
  readonly name: string;
  readonly isError: boolean;
  readonly status: ToolCallStatus;
  readonly content: ToolCallContent[];
}

/** DI token of the registry's options. */
export const ToolRegistryOptions: ServiceIdentifier<ToolRegistryOptions> = Symbol.for('toolpacks.ToolRegistryOptions');

export interface ToolRegistryOptions {
  readonly container?: Container;
  /** Enabled tools above this count are grouped behind `activate_*` tools (default 64). */
  readonly virtualToolThreshold?: number;
  /** Never send more tools than this when the model states no limit (default 128). */
  readonly hardToolLimit?: number;
  /** Default time a tool may run before it is cancelled (default 120 s). */
  readonly defaultTimeoutMs?: number;
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
  invoke(resolved: ResolvedToolSet, call: ToolCall, options?: InvokeOptions): Promise<ToolCallResult>;
  /**
   * What a host shows before running a call itself (VS Code's own confirmation UI): the tool's
   * prepareInvocation, with a confirmation for destructive tools that have none. Undefined for a
   * tool that is not in the set. Never runs the tool.
   */
  prepare(resolved: ResolvedToolSet, call: Omit<ToolCall, 'callId'>, token?: CancellationToken): Promise<PreparedToolInvocation | undefined>;
}
