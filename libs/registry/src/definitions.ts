// What a pack writes: tool and toolset definitions, the tool shape (it mirrors
// `vscode.LanguageModelTool*`, so a tool written here is a valid VS Code tool; only types are imported from 'vscode'),
// packs, diagnostics. A leaf: it imports no other file of the registry.
import type * as vscode from 'vscode';
import type { ContainerModule, Newable } from 'inversify';
import type { CancellationToken, Disposable } from '@toolpacks/base';

export type { Newable };

/** Context-key values a request is resolved with. */
export type ContextKeys = Readonly<Record<string, unknown>>;

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
  /** The tool changes nothing (MCP's readOnlyHint). */
  readonly readOnly?: boolean;
  /** The tool can delete, overwrite, move or discard something (MCP's destructiveHint); false: it only adds. */
  readonly destructive?: boolean;
  readonly idempotent?: boolean;
  /** The tool reaches beyond the workspace (the network, other programs' state); false: confined to it. */
  readonly openWorld?: boolean;
  /**
   * Whether a call asks for a yes when its preparation sets no question of its own. Default: as
   * `destructive`. An editing tool whose changes are shown and undone in the editor (and whose
   * preparation asks where a write needs a yes) says `false`.
   */
  readonly asksByDefault?: boolean;
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
  /**
   * The JSON Schema (2020-12, `type: 'object'`) of the tool's structured result: what a successful
   * call returns as `structuredContent` beside its text (MCP's `outputSchema`). With it, the
   * implementation's result must carry a `structuredContent` of this type (defineTool checks it);
   * failed calls (`isError`) carry none.
   */
  readonly outputSchema?: JsonSchemaObject;
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
  /**
   * The jobs (toolReferenceNames, such as `read_file`, `create_file`, `edit_file`) this one tool does
   * for the models in `models`, taking the place of each job's general tool: a vendor's native tool
   * that reads, creates and edits. Needs `models`; `toolReferenceName`, when given, is one of them.
   * It is sent when any of its jobs is enabled and must win every one of them (a pack whose variant
   * fits the model better for one job takes the whole tool's place); the call is told which jobs are
   * enabled ({@link ToolInvocationOptions.enabledJobs}).
   */
  readonly replaces?: readonly string[];
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

export interface ToolInvocationOptions<T, R = unknown> {
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
   * What the question a person said yes to showed, as this call's preparation recorded it
   * (`PreparedToolInvocation.receipt`): given only with a person's yes to this very call's question
   * (`confirmed` for an always-ask one; an ordinary one's yes too), from the very preparation whose
   * question was asked — never with auto-approval or a remembered approval. A tool hands it to the write path, which
   * writes only while the world still
   * matches it (the paths shown, the bytes shown) — a yes is a receipt, never a bare flag.
   */
  readonly receipt?: R;
  /**
   * True when the call needed approval and got it: a person's yes, a remembered approval or
   * auto-approve (the user's policy). Tools whose confirmation covered a write-protected file pass
   * it on as `allowWriteProtected`.
   */
  readonly approved?: boolean;
  /**
   * For a tool that does several jobs (`replaces`): the jobs enabled for this request, in the
   * picker, by a toolset or by a reference. A call that needs another job should be refused with a
   * result that names the job to turn on. Undefined for every other tool.
   */
  readonly enabledJobs?: readonly string[];
  /**
   * Where a tool that waits (a program running to a breakpoint, a long search) says how it is
   * going; absent when the host shows no progress. MCP sends it as `notifications/progress` to a
   * client that asked with a `progressToken`.
   */
  readonly progress?: ToolProgress;
}

/** The shape of VS Code's `Progress<{ message?: string; increment?: number }>`. */
export interface ToolProgress {
  /** One step: what is happening now, and optionally how much of the work it adds (percent). */
  report(value: { readonly message?: string; readonly increment?: number }): void;
}

export interface ToolInvocationPrepareOptions<T> {
  readonly input: T;
}

export interface ConfirmationMessages {
  readonly title: string;
  readonly message: string | { readonly value: string };
}

export interface PreparedToolInvocation<R = unknown> {
  readonly invocationMessage?: string | { readonly value: string };
  readonly confirmationMessages?: ConfirmationMessages;
  /**
   * What the question shows, in the form the tool checks at the moment it writes: real paths, the
   * hashes of the bytes to be written, moved or deleted, the commit a switch lands on. Handed back
   * to `invoke` as `ToolInvocationOptions.receipt` when a person confirms this question; never shown.
   */
  readonly receipt?: R;
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

export type ToolResultPart =
  { readonly value: string } | { readonly value: unknown } | { readonly mimeType: string; readonly data: Uint8Array };

export interface ToolResultLike {
  readonly content: readonly ToolResultPart[] | readonly unknown[];
  /** The result as data, matching the tool's `outputSchema` (an extension of the VS Code shape, which ignores it). */
  readonly structuredContent?: StructuredContent;
}

/** A tool's structured result: a JSON object. */
export type StructuredContent = Readonly<Record<string, unknown>>;

export type ProviderResult<T> = T | undefined | null | Thenable<T | undefined | null>;

/** A language-model tool: the `vscode.LanguageModelTool` shape, constructed by the container. */
// A tool of any input type is a Tool, as with vscode.LanguageModelTool<T>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface Tool<T = any> {
  invoke(options: ToolInvocationOptions<T>, token: CancellationToken): ProviderResult<ToolResultLike>;
  prepareInvocation?(
    options: ToolInvocationPrepareOptions<T>,
    token: CancellationToken,
  ): ProviderResult<PreparedToolInvocation>;
}

// Compile-time proof that our shapes stay assignable to VS Code's.
type AssertAssignable<T, _U extends T> = true;
type _ToolIsVsCodeTool = AssertAssignable<Tool<object>, vscode.LanguageModelTool<object>>;
type _SelectorIsVsCodeSelector = AssertAssignable<vscode.LanguageModelChatSelector, ModelSelector>;

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
  /**
   * What the model is told to do after an error its services threw: by the error's `code`, the
   * sentence the registry adds after the error's own words (which name no tool: only the pack knows
   * which of its tools help). A table (`{ 'not-found': 'Use file_search or list_dir to find the
   * right path.' }`, read once at load), or a function of the code and the failing tool's name.
   */
  readonly errorHints?: ErrorHints;
}

/** A pack's sentences for its errors' codes: a table, or a function (undefined: nothing to add). */
export type ErrorHints = Readonly<Record<string, string>> | ((code: string, toolName: string) => string | undefined);

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

/** A tool as a model is sent it: name, description, input schema. */
export interface LanguageModelToolInformation {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: object;
}

/** What loading a pack left: its diagnostics, and how to unload it. */
export interface LoadedPack extends Disposable {
  readonly id: string;
  /** False when the pack was refused; `diagnostics` says why. */
  readonly loaded: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

// ---- A call and its result, as hosts pass them and the registry answers ----

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
  /**
   * The result as data, valid against the tool's `outputSchema`, for a successful call of a tool that
   * declares one (and for the registry's own `activate_*` and `search_tools`). Absent on errors.
   */
  readonly structuredContent?: StructuredContent;
}

// ---- Names the registry reserves for its own tools ----

export const ACTIVATE_PREFIX = 'activate_';
/**
 * The name of the tool the registry sends in 'search' and 'both' modes: `search_tools({ query,
 * limit? })` ranks the enabled tools not sent and makes the best ones available next round.
 */
export const SEARCH_TOOLS_NAME = 'search_tools';
