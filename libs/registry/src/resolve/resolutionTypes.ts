// Public types of resolution: a request, what the model gets, and the record of what it does not.
import type { Event } from '@toolpacks/base';
import type { SchemaChange } from '../schema/schemaTypes';
import type { LanguageModelToolInformation } from '../definitions';
import type { Diagnostic, ModelInfo, ToolDefinition } from '../definitions';
import type { ToolSelection } from '../store/toolSetGraph';

export type { ToolSelection };

export interface VirtualToolSession {
  readonly id: string;
  /** Increments whenever the expanded groups change. */
  readonly version: number;
  /** Expanded group names, most recently used first. */
  readonly expandedGroups: readonly string[];
  expand(group: string): void;
  /**
   * Expands several at once, the first most recent, with one change event (search_tools uses it for
   * its results; a session without it gets one `expand` per result, last first).
   */
  expandAll?(groups: readonly string[]): void;
  collapse(group: string): void;
  reset(): void;
  readonly onDidChange: Event<void>;
}

/**
 * How enabled tools over the threshold reach the model: behind `activate_*` tools ('groups', the
 * default), through one `search_tools({ query, limit? })` tool ('search'), or both.
 */
export type VirtualToolMode = 'groups' | 'search' | 'both';

export interface ResolveRequest {
  readonly model: ModelInfo;
  readonly selection?: ToolSelection;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly referencedTools?: readonly string[];
  readonly virtualTools?: {
    readonly session?: VirtualToolSession;
    readonly threshold?: number;
    /** How tools over the threshold are reached; the registry's `virtualToolMode` when absent. */
    readonly mode?: VirtualToolMode;
  };
  /**
   * How definitions are sent: adapted to the dialect the model's API accepts (`model`, the default),
   * or as the packs wrote them (`canonical`, for a client that adapts them for its own model, as MCP
   * clients do). Input is always validated against the canonical schema.
   */
  readonly schemas?: 'model' | 'canonical';
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
  /**
   * The group this tool sits in when virtual tools are on (`search_tools` for a tool only a search
   * reaches); undefined when sent directly.
   */
  readonly group?: string;
  /** True when the tool's definition is in `tools` (sent to the model). */
  readonly sent: boolean;
  readonly definition: ToolDefinition;
  /** The name in `tools` when the model's API needs another one (a call by either name runs the tool). */
  readonly sentName?: string;
  /** How the sent definition was adapted to the model's API (see SchemaDialect); absent when sent as written. */
  readonly schemaChanges?: readonly SchemaChange[];
  /** For a tool that does several jobs (`replaces`): the jobs enabled in this request; the call is told them. */
  readonly enabledJobs?: readonly string[];
}

/**
 * Why a registered tool was considered and not sent; decided where the resolver decides.
 * - `model`: its model selectors exclude the model; `variant`: another tool with its
 *   toolReferenceName matches the model better; `override`: an override tool whose implementation
 *   does not replace its base here; `when`: its when clause is false; `when-invalid`: its when clause
 *   does not parse; `deselected`: off in the picker; `limit`: over the model's tool limit even grouped.
 */
export type NotSentReason = 'model' | 'variant' | 'override' | 'when' | 'when-invalid' | 'deselected' | 'limit';

export interface NotSentEntry {
  readonly name: string;
  readonly toolReferenceName: string;
  readonly packId?: string;
  readonly reason: NotSentReason;
  /** What a person reads: the selectors, the clause, the variant that won. */
  readonly detail: string;
}

export interface ResolvedGroup {
  readonly name: string;
  readonly description: string;
  readonly tools: readonly string[];
  readonly expanded: boolean;
}

/**
 * What a tool sent to the model is: one of the packs' tools (`tool`), the activator of a collapsed
 * group (`activate`, named in `groups`), or the registry's `search_tools` (`search`).
 */
export type ResolvedToolKind = 'tool' | 'activate' | 'search';

export interface ResolvedToolSet {
  /** Exactly what the model gets, `activate_*` tools included. */
  readonly tools: readonly LanguageModelToolInformation[];
  /**
   * What each tool in `tools` is, by the name it is sent under: hosts ask this, never a name's
   * prefix (a pack may name its own tool `search_tools`). A name not sent has no kind (no prototype).
   */
  readonly toolKinds: Readonly<Record<string, ResolvedToolKind>>;
  readonly groups: readonly ResolvedGroup[];
  readonly diagnostics: readonly Diagnostic[];
  readonly estimatedTokens: number;
  /** Every enabled tool for this request, sent or grouped, with the reason it is there. */
  readonly entries: readonly ResolvedToolEntry[];
  /** Every other registered tool, with the one reason it is not sent. */
  readonly notSent: readonly NotSentEntry[];
  /** Absent for a set from `bindTool()` without a model: the tool runs as itself. */
  readonly model?: ModelInfo;
  readonly session: VirtualToolSession;
  /** The registry version this set was resolved at. */
  readonly registryVersion: number;
}
