// The result of one resolution (or of bindTool): what the model gets, the record of what it does
// not get and why, plus the bindings invocation needs.
import type { ToolEntry } from '../store/toolEntry';
import type { ToolSearchHit } from './searchIndex';
import type { ResolvedGroup, ResolvedToolEntry, ResolvedToolSet } from './resolutionTypes';

export interface Binding {
  /** `entry.group`: the group a call to this tool opens for the next round. */
  readonly entry: ResolvedToolEntry;
  /** The tool whose implementation runs (the override's, when one applies). */
  readonly implementation: ToolEntry;
  /** The schema the model was given for this name. */
  readonly inputSchema?: object;
  /** The session key a call refreshes or opens for the next round: its group, or `found:<name>`. */
  readonly activates?: string;
  /** Turns the model's input into the canonical form before it is validated (the model's dialect). */
  readonly restoreInput?: (input: unknown) => unknown;
}

/** `search_tools` of one resolved set: ranks the enabled tools this set does not send. */
export interface ToolSearcher {
  readonly name: string;
  /** At most this many found tools fit in a request next to what is always sent. */
  readonly slots: number;
  search(query: string, limit: number): ToolSearchHit[];
}

/**
 * A set's public fields, copied from the resolver's value: their one list is ResolvedToolSet
 * (resolutionTypes.ts), typed here by the constructor's type, not written out again.
 */
const ResolvedFields = class {
  constructor(set: ResolvedToolSet) {
    Object.assign(this, set);
  }
} as new (set: ResolvedToolSet) => ResolvedToolSet;

export class ResolvedToolSetImpl extends ResolvedFields {
  private readonly activators: ReadonlyMap<string, ResolvedGroup>;

  constructor(
    set: ResolvedToolSet,
    /** The registry that made this set; only it may invoke through it. */
    readonly owner: object,
    private readonly bindings: ReadonlyMap<string, Binding>,
    /** Present when `search_tools` is sent. */
    readonly searcher?: ToolSearcher,
  ) {
    super(set);
    this.activators = new Map(set.groups.map((g) => [g.name, g]));
  }

  binding(name: string): Binding | undefined {
    return this.bindings.get(name);
  }

  activator(name: string): ResolvedGroup | undefined {
    return this.activators.get(name);
  }
}
