// The toolset graph of one registry version: nested sets, cycles reported and cut (never a hang),
// and the tri-state selection rule: a tool's own choice beats any set's, a nearer set beats an
// outer one, and among sets at the same distance an enabled one wins.
import type { Diagnostic, ToolSelection, ToolSetDefinition } from './types';

export interface ToolSetRecord {
  readonly definition: ToolSetDefinition;
  readonly packId?: string;
}

export class ToolSetGraph {
  readonly diagnostics: Diagnostic[] = [];
  /** set name → direct member tool referenceNames */
  private readonly memberTools = new Map<string, string[]>();
  /** set name → direct member set names (cycle edges removed) */
  private readonly memberSets = new Map<string, string[]>();
  /** tool referenceName → sets that list it directly, in registration order */
  private readonly directSets = new Map<string, string[]>();
  /** set name → sets that list it directly */
  private readonly parentSets = new Map<string, string[]>();
  private readonly ancestorCache = new Map<string, readonly (readonly string[])[]>();

  constructor(
    private readonly sets: ReadonlyMap<string, ToolSetRecord>,
    toolReferenceNames: ReadonlySet<string>,
    /** Extra memberships declared on tools (`ToolDefinition.toolSet`): [referenceName, set]. */
    declaredMemberships: Iterable<readonly [string, string]>,
  ) {
    for (const [name, record] of sets) {
      const tools: string[] = [];
      const children: string[] = [];
      for (const member of record.definition.tools) {
        if (sets.has(member)) children.push(member);
        else if (toolReferenceNames.has(member)) tools.push(member);
        else
          this.diagnostics.push({
            severity: 'warning',
            code: 'toolset-member-missing',
            message: `Toolset '${name}' lists '${member}', which is neither a tool's toolReferenceName nor a toolset; it is ignored.`,
            packId: record.packId,
          });
      }
      this.memberTools.set(name, tools);
      this.memberSets.set(name, children);
    }
    for (const [tool, set] of declaredMemberships) {
      const members = this.memberTools.get(set);
      if (!members) {
        this.diagnostics.push({ severity: 'warning', code: 'toolset-missing', message: `Tool '${tool}' declares toolSet '${set}', which is not registered.`, toolName: tool });
      } else if (!members.includes(tool)) members.push(tool);
    }
    this.cutCycles();
    for (const [set, tools] of this.memberTools) for (const tool of tools) push(this.directSets, tool, set);
    for (const [set, children] of this.memberSets) for (const child of children) push(this.parentSets, child, set);
  }

  has(set: string): boolean {
    return this.sets.has(set);
  }

  /** The set a tool is grouped under for virtual tools: the first set that lists it directly. */
  primarySet(referenceName: string): string | undefined {
    return this.directSets.get(referenceName)?.[0];
  }

  description(set: string): string | undefined {
    return this.sets.get(set)?.definition.description;
  }

  /** Every tool referenceName inside a set, nested sets included. */
  expand(set: string): string[] {
    const tools = new Set<string>();
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const tool of this.memberTools.get(name) ?? []) tools.add(tool);
      for (const child of this.memberSets.get(name) ?? []) visit(child);
    };
    visit(set);
    return [...tools];
  }

  isEnabled(referenceName: string, enabledByDefault: boolean, selection: ToolSelection | undefined): boolean {
    const own = selection?.tools?.[referenceName];
    if (own !== undefined) return own;
    const setChoices = selection?.toolSets;
    if (setChoices) {
      for (const level of this.ancestors(referenceName)) {
        let decided: boolean | undefined;
        for (const set of level) {
          const choice = setChoices[set];
          if (choice === true) return true;
          if (choice === false) decided = false;
        }
        if (decided !== undefined) return decided;
      }
    }
    return enabledByDefault;
  }

  /** Sets containing the tool, by distance: [direct sets, their parents, …]. */
  private ancestors(referenceName: string): readonly (readonly string[])[] {
    let levels = this.ancestorCache.get(referenceName);
    if (levels) return levels;
    const result: string[][] = [];
    const seen = new Set<string>();
    let frontier = (this.directSets.get(referenceName) ?? []).filter((s) => !seen.has(s) && seen.add(s));
    while (frontier.length) {
      result.push(frontier);
      const next: string[] = [];
      for (const set of frontier) for (const parent of this.parentSets.get(set) ?? []) if (!seen.has(parent)) (seen.add(parent), next.push(parent));
      frontier = next;
    }
    levels = result;
    this.ancestorCache.set(referenceName, levels);
    return levels;
  }

  private cutCycles(): void {
    const state = new Map<string, 'visiting' | 'done'>();
    const path: string[] = [];
    const visit = (set: string) => {
      state.set(set, 'visiting');
      path.push(set);
      const children = this.memberSets.get(set) ?? [];
      for (const child of [...children]) {
        const childState = state.get(child);
        if (childState === 'visiting') {
          const cycle = [...path.slice(path.indexOf(child)), child];
          this.diagnostics.push({
            severity: 'error',
            code: 'toolset-cycle',
            message: `Toolsets form a cycle: ${cycle.join(' → ')}. The edge '${set}' → '${child}' is ignored.`,
            packId: this.sets.get(set)?.packId,
          });
          children.splice(children.indexOf(child), 1);
        } else if (childState === undefined) visit(child);
      }
      path.pop();
      state.set(set, 'done');
    };
    for (const set of this.sets.keys()) if (!state.has(set)) visit(set);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
