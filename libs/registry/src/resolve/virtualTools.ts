// Virtual tools: above the threshold, enabled tools are grouped behind `activate_<group>` tools —
// by toolset, then by pack, then in stable chunks — deterministically, with no model call.
// Invariants: never more than `limit` tools sent; every enabled tool is sent or in a listed group;
// with any one group expanded the request still fits, so every group can be activated.
// With `search` on (mode 'search' or 'both'), a `search_tools` tool takes one slot; the tools it found
// sit in the same most-recently-used list as expanded groups (as `found:<name>`), so the oldest
// groups and search results collapse first when the request would not fit.
import { ACTIVATE_PREFIX } from '../definitions';
import { Emitter } from '@toolpacks/base';
import type { Diagnostic } from '../definitions';
import type { VirtualToolMode, VirtualToolSession } from './resolutionTypes';

let nextSessionId = 1;

export class DefaultVirtualToolSession implements VirtualToolSession {
  readonly id = `vts-${nextSessionId++}`;
  private _version = 0;
  private expanded: string[] = [];
  private readonly emitter = new Emitter<void>();
  readonly onDidChange = this.emitter.event;

  get version(): number {
    return this._version;
  }

  get expandedGroups(): readonly string[] {
    return this.expanded;
  }

  expand(group: string): void {
    if (this.expanded[0] === group) return;
    this.expanded = [group, ...this.expanded.filter((g) => g !== group)];
    this.changed();
  }

  /** Expands several at once, the first most recent, with one change event. */
  expandAll(groups: readonly string[]): void {
    const unique = [...new Set(groups)];
    if (unique.length === 0 || unique.every((g, i) => this.expanded[i] === g)) return;
    const moved = new Set(unique);
    this.expanded = [...unique, ...this.expanded.filter((g) => !moved.has(g))];
    this.changed();
  }

  collapse(group: string): void {
    if (!this.expanded.includes(group)) return;
    this.expanded = this.expanded.filter((g) => g !== group);
    this.changed();
  }

  reset(): void {
    if (this.expanded.length === 0) return;
    this.expanded = [];
    this.changed();
  }

  /** Ends the session's event; the registry disposes the sessions it made when it is disposed. */
  dispose(): void {
    this.expanded = [];
    this.emitter.dispose();
  }

  private changed(): void {
    this._version++;
    this.emitter.fire();
  }
}

export interface GroupableTool {
  readonly name: string;
  /** Kept expanded: referenced in the prompt or tagged `core`. */
  readonly pinned: boolean;
  readonly toolSet?: string;
  readonly packId?: string;
}

export interface GroupingInput<T extends GroupableTool> {
  readonly tools: readonly T[];
  readonly threshold: number;
  readonly limit: number;
  readonly expandedGroups: readonly string[];
  /** 'groups' (default): activate_* tools; 'search': one search_tools tool; 'both'. */
  readonly mode?: VirtualToolMode;
  describeToolSet(set: string): string | undefined;
  describePack(packId: string): string | undefined;
}

export interface ToolGroup<T> {
  /** The activation tool's name, `activate_<group>`. */
  readonly name: string;
  readonly description: string;
  readonly tools: readonly T[];
  readonly expanded: boolean;
}

export interface GroupingResult<T> {
  /** In the order they are sent: pinned tools, then each group's tools or its activator. */
  readonly sent: readonly (T | ToolGroup<T>)[];
  readonly groups: readonly ToolGroup<T>[];
  /** Tools that do not fit in the limit even grouped: neither sent nor in a group. */
  readonly dropped: readonly T[];
  readonly diagnostics: readonly Diagnostic[];
  /** True when `search_tools` is sent (after `sent`). */
  readonly search: boolean;
  /** Tools sent because a search found them (also in `sent`). */
  readonly found: readonly T[];
  /**
   * Tools neither sent nor in a group, reachable only through `search_tools`: in mode 'search' every
   * tool not pinned or found; in mode 'both' those that fit in no group.
   */
  readonly hidden: readonly T[];
  /** How many found tools fit at once next to what is always sent (the most one search returns). */
  readonly searchSlots: number;
}

/** A search result's key in a session's expanded list. */
export const FOUND_PREFIX = 'found:';

export function foundKey(toolName: string): string {
  return `${FOUND_PREFIX}${toolName}`;
}

export function groupTools<T extends GroupableTool>(input: GroupingInput<T>): GroupingResult<T> {
  const limit = Math.max(1, input.limit);
  const threshold = Math.max(0, Math.min(input.threshold, limit));
  if (input.tools.length <= threshold)
    return {
      sent: input.tools,
      groups: [],
      dropped: [],
      diagnostics: [],
      search: false,
      found: [],
      hidden: [],
      searchSlots: 0,
    };
  const mode = input.mode ?? 'groups';
  if (mode === 'search' && limit >= 2) return searchOnly(input, limit);
  if (mode === 'both' && limit >= 3) return withGroups(input, limit - 1, true);
  return withGroups(input, limit, false);
}

/** Pinned tools may take at most half the limit; the rest of them are grouped (or searched) like any other. */
function splitPinned<T extends GroupableTool>(tools: readonly T[], limit: number): { pinned: T[]; rest: T[] } {
  const maxPinned = Math.floor(limit / 2);
  const pinned: T[] = [];
  const rest: T[] = [];
  for (const tool of tools) (tool.pinned && pinned.length < maxPinned ? pinned : rest).push(tool);
  return { pinned, rest };
}

/** Mode 'search': pinned tools, then the found tools that fit (most recent first), then search_tools. */
function searchOnly<T extends GroupableTool>(input: GroupingInput<T>, fullLimit: number): GroupingResult<T> {
  const limit = Math.max(1, fullLimit - 1);
  const { pinned, rest } = splitPinned(input.tools, limit);
  const byName = new Map(rest.map((t) => [t.name, t]));
  const found: T[] = [];
  const isFound = new Set<T>();
  for (const key of input.expandedGroups) {
    if (pinned.length + found.length >= limit) break;
    const tool = key.startsWith(FOUND_PREFIX) ? byName.get(key.slice(FOUND_PREFIX.length)) : undefined;
    if (!tool || isFound.has(tool)) continue;
    found.push(tool);
    isFound.add(tool);
  }
  const hidden = rest.filter((t) => !isFound.has(t));
  return {
    sent: [...pinned, ...found],
    groups: [],
    dropped: [],
    diagnostics: [],
    search: true,
    found,
    hidden,
    searchSlots: limit - pinned.length,
  };
}

/**
 * Which groups open and which found tools are sent, the most recently used first while the request
 * fits (`used` of `limit` slots are taken); older ones stay collapsed. `unlisted` (tools in no group)
 * is given when search is on: only then are search results (`found:<name>`) sent. A found tool whose
 * group opens is sent with its group.
 */
function openRecent<T extends GroupableTool>(
  recent: readonly string[],
  grouped: readonly DraftGroup<T>[],
  names: readonly string[],
  unlisted: readonly T[] | undefined,
  slots: { used: number; readonly limit: number },
): { expanded: Set<number>; found: Set<T> } {
  const { limit } = slots;
  let { used } = slots;
  const expanded = new Set<number>();
  const groupIndexOf = new Map<T, number>();
  const groupedByName = new Map<string, T>();
  if (unlisted) {
    grouped.forEach((draft, i) =>
      draft.tools.forEach((t) => {
        groupIndexOf.set(t, i);
        groupedByName.set(t.name, t);
      }),
    );
    for (const t of unlisted) groupedByName.set(t.name, t);
  }
  const found = new Set<T>();
  for (const key of recent) {
    if (key.startsWith(FOUND_PREFIX)) {
      if (!unlisted) continue;
      const tool = groupedByName.get(key.slice(FOUND_PREFIX.length));
      if (!tool || found.has(tool) || used + 1 > limit) continue;
      const groupIndex = groupIndexOf.get(tool);
      if (groupIndex !== undefined && expanded.has(groupIndex)) continue;
      used += 1;
      found.add(tool);
      continue;
    }
    const index = names.indexOf(key);
    if (index < 0 || expanded.has(index)) continue;
    const alreadySent = grouped[index].tools.filter((t) => found.has(t));
    const extra = grouped[index].tools.length - 1 - alreadySent.length;
    if (used + extra > limit) continue;
    used += extra;
    expanded.add(index);
    for (const t of alreadySent) found.delete(t);
  }
  return { expanded, found };
}

function withGroups<T extends GroupableTool>(
  input: GroupingInput<T>,
  limit: number,
  search: boolean,
): GroupingResult<T> {
  const threshold = Math.max(0, Math.min(input.threshold, limit));
  const diagnostics: Diagnostic[] = [];
  const { pinned, rest } = splitPinned(input.tools, limit);

  const budget = limit - pinned.length;
  const chunkSize = Math.max(1, Math.min(threshold || 1, Math.floor(budget / 2)));
  const maxGroups = budget - chunkSize + 1;

  let drafts = splitIntoChunks(naturalGroups(rest, input), chunkSize);
  if (drafts.length > maxGroups) drafts = mergeSmallGroups(drafts, chunkSize, maxGroups);
  const overflow = drafts.length > maxGroups ? drafts.splice(maxGroups).flatMap((d) => d.tools) : [];
  // With search on, tools that fit in no group are still reached through search_tools.
  const dropped = search ? [] : overflow;
  const unlisted = search ? overflow : [];
  if (dropped.length)
    diagnostics.push({
      severity: 'warning',
      code: 'tool-limit',
      message:
        `${dropped.length} enabled tools do not fit in the model's limit of ${limit} tools even when grouped; they ` +
        `are not sent. Deselect toolsets you do not need.`,
    });
  // A group of one would cost the same slot as its tool and hide it: the tool is sent as itself.
  const grouped = drafts.filter((d) => d.tools.length > 1);

  const names = uniqueNames(grouped.map((d) => d.key));
  // Expand the most recently used groups (and search results) first while the request still fits;
  // older ones collapse.
  const minimum = pinned.length + drafts.length;
  const { expanded, found } = openRecent(input.expandedGroups, grouped, names, search ? unlisted : undefined, {
    used: minimum,
    limit,
  });

  const groupOf = new Map<DraftGroup<T>, ToolGroup<T>>();
  const groups = grouped.map<ToolGroup<T>>((draft, i) => {
    const group = { name: names[i], description: describeGroup(draft), tools: draft.tools, expanded: expanded.has(i) };
    groupOf.set(draft, group);
    return group;
  });
  const sent: (T | ToolGroup<T>)[] = [...pinned];
  for (const draft of drafts) {
    const group = groupOf.get(draft);
    if (!group) sent.push(draft.tools[0]);
    else if (group.expanded) sent.push(...group.tools);
    else sent.push(group);
  }
  const foundTools = [...found];
  sent.push(...foundTools);
  return {
    sent,
    groups,
    dropped,
    diagnostics,
    search,
    found: foundTools,
    hidden: unlisted.filter((t) => !found.has(t)),
    searchSlots: search ? Math.max(0, limit - minimum) : 0,
  };
}

interface DraftGroup<T> {
  key: string;
  label: string;
  tools: T[];
}

function naturalGroups<T extends GroupableTool>(tools: readonly T[], input: GroupingInput<T>): DraftGroup<T>[] {
  const byKey = new Map<string, DraftGroup<T>>();
  for (const tool of tools) {
    const key = tool.toolSet ? `set:${tool.toolSet}` : tool.packId ? `pack:${tool.packId}` : 'more';
    let group = byKey.get(key);
    if (!group) {
      const label = tool.toolSet
        ? `${tool.toolSet}: ${input.describeToolSet(tool.toolSet) ?? ''}`.replace(/: $/, '')
        : tool.packId
          ? `${input.describePack(tool.packId) ?? tool.packId}`
          : 'more tools';
      group = { key: tool.toolSet ?? (tool.packId ? `${tool.packId}_tools` : 'more_tools'), label, tools: [] };
      byKey.set(key, group);
    }
    group.tools.push(tool);
  }
  return [...byKey.values()];
}

function splitIntoChunks<T>(groups: DraftGroup<T>[], size: number): DraftGroup<T>[] {
  return groups.flatMap((group) => {
    if (group.tools.length <= size) return [group];
    const chunks: DraftGroup<T>[] = [];
    for (let i = 0; i < group.tools.length; i += size) {
      const n = chunks.length + 1;
      chunks.push({
        key: `${group.key}_${n}`,
        label: `${group.label} (part ${n})`,
        tools: group.tools.slice(i, i + size),
      });
    }
    return chunks;
  });
}

/** Too many small groups: merge neighbours (smallest pair first) while they fit in one chunk. */
function mergeSmallGroups<T>(groups: DraftGroup<T>[], size: number, maxGroups: number): DraftGroup<T>[] {
  const result = [...groups];
  while (result.length > maxGroups) {
    let best = -1;
    for (let i = 0; i + 1 < result.length; i++) {
      const combined = result[i].tools.length + result[i + 1].tools.length;
      if (combined <= size && (best < 0 || combined < result[best].tools.length + result[best + 1].tools.length))
        best = i;
    }
    if (best < 0) break;
    const [a, b] = [result[best], result[best + 1]];
    result.splice(best, 2, {
      key: `${a.key}_and_${b.key}`,
      label: `${a.label}; ${b.label}`,
      tools: [...a.tools, ...b.tools],
    });
  }
  return result;
}

function uniqueNames(keys: readonly string[]): string[] {
  const used = new Set<string>();
  return keys.map((key) => {
    const base = `${ACTIVATE_PREFIX}${key.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 60);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}

function describeGroup<T extends GroupableTool>(draft: DraftGroup<T>): string {
  const list = draft.tools.map((t) => t.name).join(', ');
  return (
    `Makes ${draft.tools.length} more tools available (${draft.label}): ${list}. Call this when you need one of ` +
    `them; they can be called from the next step on. Takes no input.`
  );
}
