// The toolset graph of one registry version: nested sets, cycles reported and cut (never a hang),
// and the tri-state selection rule: a tool's own choice beats any set's, a nearer set beats an
// outer one, and among sets at the same distance an enabled one wins.
import { boundedList, MAX_LISTED_ITEMS } from '@toolpacks/base';
import type { Diagnostic, ToolSetDefinition } from '../definitions';

/** What the picker enabled and disabled: tools by toolReferenceName, toolsets by name (a request carries it). */
export interface ToolSelection {
  /** Keyed by toolReferenceName (or name when it has none). */
  readonly tools?: Readonly<Record<string, boolean>>;
  /** Keyed by toolset name. */
  readonly toolSets?: Readonly<Record<string, boolean>>;
}

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
  /** Problems found per pack (undefined: direct registrations); only the first few become diagnostics. */
  private readonly reported = new Map<string | undefined, number>();

  constructor(
    private readonly sets: ReadonlyMap<string, ToolSetRecord>,
    toolReferenceNames: { has(referenceName: string): boolean },
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
          this.report(record.packId, () => ({
            severity: 'warning',
            code: 'toolset-member-missing',
            message: `Toolset '${name}' lists '${member}', which is neither a tool's toolReferenceName nor a toolset; it is ignored.`,
            packId: record.packId,
          }));
      }
      this.memberTools.set(name, tools);
      this.memberSets.set(name, children);
    }
    const listed = new Map<string, Set<string>>();
    for (const [tool, set] of declaredMemberships) {
      const members = this.memberTools.get(set);
      if (!members) {
        this.report(undefined, () => ({
          severity: 'warning',
          code: 'toolset-missing',
          message: `Tool '${tool}' declares toolSet '${set}', which is not registered.`,
          toolName: tool,
        }));
      } else {
        let known = listed.get(set);
        if (!known) listed.set(set, (known = new Set(members)));
        if (!known.has(tool)) {
          known.add(tool);
          members.push(tool);
        }
      }
    }
    this.cutCycles();
    for (const [packId, count] of this.reported)
      if (count > MAX_LISTED_ITEMS)
        this.diagnostics.push({
          severity: 'warning',
          code: 'toolset-problems-omitted',
          message: `… and ${count - MAX_LISTED_ITEMS} more toolset problems${packId ? ` in pack '${packId}'` : ''}.`,
          packId,
        });
    for (const [set, tools] of this.memberTools) for (const tool of tools) push(this.directSets, tool, set);
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

  /** Every tool referenceName inside a set, nested sets included (depth-first, pre-order). */
  expand(set: string): string[] {
    const tools = new Set<string>();
    const seen = new Set<string>();
    // An explicit stack: nesting depth is the pack's choice and must never reach the call stack.
    const stack = [set];
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      for (const tool of this.memberTools.get(name) ?? []) tools.add(tool);
      const children = this.memberSets.get(name) ?? [];
      for (let i = children.length - 1; i >= 0; i--) if (!seen.has(children[i])) stack.push(children[i]);
    }
    return [...tools];
  }

  isEnabled(referenceName: string, enabledByDefault: boolean, selection: ToolSelection | undefined): boolean {
    return this.selectionView(selection)(referenceName, enabledByDefault);
  }

  /**
   * Whether tools are enabled under one selection: build it once per request and ask it per tool.
   * The toolset part is one breadth-first pass down from every chosen set at once — each set under
   * a choice learns its distance to the nearest chosen ancestor (itself = 0) and whether an enabled
   * choice sits at that distance — so deep nesting costs O(sets + edges) per selection, not a walk
   * up per tool. Nothing is cached across calls: a host may mutate its selection object.
   */
  selectionView(selection: ToolSelection | undefined): (referenceName: string, enabledByDefault: boolean) => boolean {
    const toolChoices = selection?.tools;
    const setChoices = selection?.toolSets;
    const decisions = setChoices ? this.setDecisions(setChoices) : undefined;
    return (referenceName, enabledByDefault) => {
      const own = toolChoices?.[referenceName];
      if (own !== undefined) return own;
      if (decisions?.size) {
        let nearest = Infinity;
        let decided: boolean | undefined;
        for (const set of this.directSets.get(referenceName) ?? []) {
          const decision = decisions.get(set);
          if (!decision) continue;
          if (decision.distance < nearest) [nearest, decided] = [decision.distance, decision.enabled];
          else if (decision.distance === nearest && decision.enabled) decided = true;
        }
        if (decided !== undefined) return decided;
      }
      return enabledByDefault;
    };
  }

  private setDecisions(choices: Readonly<Record<string, boolean>>): ReadonlyMap<string, SetDecision> {
    const result = new Map<string, SetDecision>();
    let frontier: string[] = [];
    for (const set of Object.keys(choices)) {
      const choice = choices[set];
      if ((choice === true || choice === false) && this.sets.has(set)) {
        result.set(set, { distance: 0, enabled: choice });
        frontier.push(set);
      }
    }
    for (let distance = 1; frontier.length; distance++) {
      const next: string[] = [];
      for (const set of frontier) {
        const enabled = result.get(set)!.enabled;
        for (const child of this.memberSets.get(set) ?? []) {
          const known = result.get(child);
          if (!known) {
            result.set(child, { distance, enabled });
            next.push(child);
          } else if (known.distance === distance && enabled) known.enabled = true;
        }
      }
      frontier = next;
    }
    return result;
  }

  /** Depth-first with an explicit stack; an edge back into the current path is reported and removed. */
  private cutCycles(): void {
    const state = new Map<string, 'visiting' | 'done'>();
    const path: string[] = [];
    const pathIndex = new Map<string, number>();
    const cut = new Map<string, Set<string>>();
    for (const root of this.sets.keys()) {
      if (state.has(root)) continue;
      const stack: { set: string; children: readonly string[]; next: number }[] = [];
      const enter = (set: string) => {
        state.set(set, 'visiting');
        pathIndex.set(set, path.length);
        path.push(set);
        stack.push({ set, children: this.memberSets.get(set) ?? [], next: 0 });
      };
      enter(root);
      while (stack.length) {
        const frame = stack[stack.length - 1];
        if (frame.next < frame.children.length) {
          const child = frame.children[frame.next++];
          const childState = state.get(child);
          if (childState === undefined) enter(child);
          else if (childState === 'visiting' && !cut.get(frame.set)?.has(child)) {
            const cutHere = cut.get(frame.set) ?? new Set<string>();
            cut.set(frame.set, cutHere.add(child));
            this.reportCycle(path, pathIndex.get(child)!, frame.set, child);
          }
          continue;
        }
        stack.pop();
        path.pop();
        pathIndex.delete(frame.set);
        state.set(frame.set, 'done');
      }
    }
    for (const [set, children] of cut)
      this.memberSets.set(
        set,
        this.memberSets.get(set)!.filter((c) => !children.has(c)),
      );
  }

  private reportCycle(path: readonly string[], start: number, from: string, to: string): void {
    const packId = this.sets.get(from)?.packId;
    if (!this.shouldReport(packId)) return;
    // A cycle can run through every set of a pack: the message names the first few only.
    this.diagnostics.push({
      severity: 'error',
      code: 'toolset-cycle',
      message: `Toolsets form a cycle: ${boundedList(path.slice(start), MAX_LISTED_ITEMS, ' → ')} → ${to}. The edge '${from}' → '${to}' is ignored.`,
      packId,
    });
  }

  private report(packId: string | undefined, diagnostic: () => Diagnostic): void {
    if (this.shouldReport(packId)) this.diagnostics.push(diagnostic());
  }

  /**
   * One pack's graph must not flood every resolved set's diagnostics (they are copied into each):
   * the first few problems per pack are reported, then a count.
   */
  private shouldReport(packId: string | undefined): boolean {
    const count = (this.reported.get(packId) ?? 0) + 1;
    this.reported.set(packId, count);
    return count <= MAX_LISTED_ITEMS;
  }
}

interface SetDecision {
  readonly distance: number;
  enabled: boolean;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
