// What goes to the model and what each name runs: the tools in the order the grouping gives, in the
// dialect the model's API accepts (input is checked against the canonical schema), with what each sent
// tool is (toolKinds); and every enabled tool's record and binding (sent, grouped or found).
import { dialectFor, renameApart, sentForm } from '../schema/adaptTool';
import type { AdaptedTool, SchemaDialect } from '../schema/schemaTypes';
import { definitionTokens } from '../store/toolEntry';
import type { LanguageModelToolInformation } from '../definitions';
import { SEARCH_TOOLS_NAME } from '../definitions';
import type { EnabledTool, Selection } from './enabledTools';
import type { Binding } from './resolvedToolSet';
import type { ResolvedGroup, ResolvedToolEntry, ResolvedToolKind, ResolveRequest } from './resolutionTypes';
import { SEARCH_TOOL_INFO } from './searchToolsTool';
import { foundKey, type groupTools, type ToolGroup } from './virtualTools';

export type Grouping = ReturnType<typeof groupTools<EnabledTool>>;

/**
 * What the model is sent, in the order the grouping gives, in the dialect its API accepts (input is checked against
 * the canonical schema).
 */
export function sendTools(
  request: ResolveRequest,
  dialects: readonly SchemaDialect[],
  enabled: readonly EnabledTool[],
  grouping: Grouping,
): {
  tools: LanguageModelToolInformation[];
  toolKinds: Readonly<Record<string, ResolvedToolKind>>;
  sentNames: Set<string>;
  estimatedTokens: number;
} {
  const dialect = request.schemas === 'canonical' ? undefined : dialectFor(request.model, dialects);
  const tools: LanguageModelToolInformation[] = [];
  const kinds: [string, ResolvedToolKind][] = [];
  /** Canonical names of what is sent (search_tools ranks the rest). */
  const sentNames = new Set<string>();
  /** Every name a renamed tool must not take; built on the first rename. */
  let taken: Set<string> | undefined;
  let estimatedTokens = 0;
  const send = (info: LanguageModelToolInformation, cost: number, kind: ResolvedToolKind, tool?: EnabledTool) => {
    sentNames.add(info.name);
    estimatedTokens += cost;
    let asSent = dialect ? sentForm(info, dialect) : undefined;
    if (asSent && asSent.info.name !== info.name)
      asSent = renameApart(asSent, (taken ??= new Set(enabled.map((t) => t.name))), dialect!);
    if (asSent?.changes.length && tool) tool.asSent = asSent;
    const sent = asSent ? asSent.info : info;
    tools.push(sent);
    kinds.push([sent.name, kind]);
  };
  for (const item of grouping.sent) {
    if (!isGroup(item)) send(item.info, item.cost, 'tool', item);
    else {
      const info = activatorInfo(item);
      send(info, definitionTokens(info), 'activate');
    }
  }
  if (grouping.search) send(SEARCH_TOOL_INFO, definitionTokens(SEARCH_TOOL_INFO), 'search');
  return { tools, toolKinds: toolKinds(kinds), sentNames, estimatedTokens };
}

/**
 * Every enabled tool's record (sent, grouped or found), its name bound to what runs, and the groups; a tool dropped
 * over the limit is not sent.
 */
export function bindTools(
  { enabled, exclude }: Selection,
  grouping: Grouping,
  limit: number,
): { entries: ResolvedToolEntry[]; bindings: Map<string, Binding>; groups: ResolvedGroup[] } {
  const groupOf = new Map<EnabledTool, ToolGroup<EnabledTool>>();
  for (const group of grouping.groups) for (const tool of group.tools) groupOf.set(tool, group);
  const dropped = new Set(grouping.dropped);
  const hidden = new Set(grouping.hidden);
  const found = new Set(grouping.found);
  const overLimit = `over the model's limit of ${limit} tools, even with tools grouped`;
  const bindings = new Map<string, Binding>();
  const entries: ResolvedToolEntry[] = [];
  for (const tool of enabled) {
    if (dropped.has(tool)) {
      exclude(tool.base, 'limit', overLimit, tool.implementation !== tool.base ? tool.implementation : undefined);
      continue;
    }
    const group = groupOf.get(tool);
    const isHidden = hidden.has(tool);
    const sent = !isHidden && (!group || group.expanded || found.has(tool));
    const asSent = sent ? tool.asSent : undefined;
    const entry = resolvedEntry(tool, isHidden ? SEARCH_TOOLS_NAME : group?.name, sent, asSent);
    entries.push(entry);
    // A call refreshes (or opens) what sends the tool: its search result, else its group.
    const activates = isHidden || (found.has(tool) && !group?.expanded) ? foundKey(tool.name) : group?.name;
    const binding: Binding = {
      entry,
      implementation: tool.implementation,
      inputSchema: tool.info.inputSchema,
      activates,
      restoreInput: asSent?.restoreInput,
    };
    bindings.set(tool.name, binding);
    if (entry.sentName) bindings.set(entry.sentName, binding);
  }
  const groups: ResolvedGroup[] = grouping.groups.map((g) => ({
    name: g.name,
    description: g.description,
    tools: g.tools.map((t) => t.name),
    expanded: g.expanded,
  }));
  return { entries, bindings, groups };
}

export function resolvedEntry(
  tool: EnabledTool,
  group: string | undefined,
  sent: boolean,
  asSent?: AdaptedTool,
): ResolvedToolEntry {
  return {
    name: tool.name,
    toolReferenceName: tool.base.referenceName,
    packId: tool.base.packId,
    reason: sent ? tool.reason : 'group',
    implementationName: tool.implementation.definition.name,
    group,
    sent,
    definition: tool.implementation.definition,
    // One shape for every entry (fast on the resolve path); undefined when sent as written.
    sentName: asSent && asSent.info.name !== tool.name ? asSent.info.name : undefined,
    schemaChanges: asSent?.changes.length ? asSent.changes : undefined,
    enabledJobs: tool.enabledJobs,
  };
}

/** The kinds by sent name, in a record without a prototype (no tool is called `toString`), frozen. */
export function toolKinds(kinds: Iterable<[string, ResolvedToolKind]>): Readonly<Record<string, ResolvedToolKind>> {
  const record: Record<string, ResolvedToolKind> = Object.create(null);
  for (const [name, kind] of kinds) record[name] = kind;
  return Object.freeze(record);
}

function isGroup<T>(item: T | ToolGroup<T>): item is ToolGroup<T> {
  return typeof item === 'object' && item !== null && 'expanded' in item && 'tools' in item;
}

const EMPTY_OBJECT_SCHEMA = Object.freeze({ type: 'object', properties: {} });

function activatorInfo(group: ToolGroup<unknown>): LanguageModelToolInformation {
  return { name: group.name, description: group.description, inputSchema: EMPTY_OBJECT_SCHEMA };
}
