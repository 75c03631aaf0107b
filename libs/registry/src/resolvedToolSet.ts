// The result of one resolution: what the model gets, plus the bindings invocation needs.
import type { ToolEntry } from './toolEntry';
import type {
  Diagnostic,
  LanguageModelToolInformation,
  ModelInfo,
  ResolvedGroup,
  ResolvedToolEntry,
  ResolvedToolSet,
  VirtualToolSession,
} from './types';

export interface Binding {
  readonly entry: ResolvedToolEntry;
  /** The tool whose implementation runs (the override's, when one applies). */
  readonly implementation: ToolEntry;
  /** The schema the model was given for this name. */
  readonly inputSchema?: object;
  readonly group?: string;
}

export class ResolvedToolSetImpl implements ResolvedToolSet {
  private readonly activators: ReadonlyMap<string, ResolvedGroup>;

  constructor(
    readonly tools: readonly LanguageModelToolInformation[],
    readonly groups: readonly ResolvedGroup[],
    readonly diagnostics: readonly Diagnostic[],
    readonly estimatedTokens: number,
    readonly entries: readonly ResolvedToolEntry[],
    readonly model: ModelInfo,
    readonly session: VirtualToolSession,
    readonly registryVersion: number,
    /** The registry that made this set; only it may invoke through it. */
    readonly owner: object,
    private readonly bindings: ReadonlyMap<string, Binding>,
  ) {
    this.activators = new Map(groups.map((g) => [g.name, g]));
  }

  binding(name: string): Binding | undefined {
    return this.bindings.get(name);
  }

  activator(name: string): ResolvedGroup | undefined {
    return this.activators.get(name);
  }
}
