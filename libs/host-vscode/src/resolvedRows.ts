// What the "Tool Packs" view shows for one model, as plain data: every registered tool, sent or
// not, grouped by pack and toolset, with one reason in words and an icon, and what its definition
// costs. The tree (resolvedView.ts) only renders this.
import {
  describeSelectors,
  estimateTokens,
  modelMatches,
  parseWhenClause,
  SEARCH_TOOLS_NAME,
  type ContextKeys,
  type ResolvedToolSet,
  type ToolDefinition,
  type ToolRegistry,
  type ToolSelection,
} from '@toolpacks/registry/host';

/** Why a tool is (not) sent, one kind per reason a person can tell apart. */
export type ReasonKind =
  | 'sent'
  | 'variant-sent'
  | 'override-sent'
  | 'referenced'
  | 'grouped'
  | 'searchable'
  | 'model'
  | 'variant'
  | 'replaced'
  | 'override'
  | 'when'
  | 'when-invalid'
  | 'deselected'
  | 'off-by-default'
  | 'limit';

/** The codicon of each reason. */
export const REASON_ICONS: Readonly<Record<ReasonKind, string>> = {
  sent: 'check',
  'variant-sent': 'check-all',
  'override-sent': 'replace',
  referenced: 'mention',
  grouped: 'fold',
  searchable: 'search',
  model: 'circle-slash',
  variant: 'arrow-swap',
  replaced: 'combine',
  override: 'replace',
  when: 'eye-closed',
  'when-invalid': 'error',
  deselected: 'circle-large-outline',
  'off-by-default': 'circle-large-outline',
  limit: 'warning',
};

export interface ToolRow {
  /** The registered name (what the model sees, unless `sentName` says otherwise). */
  readonly name: string;
  readonly sentName?: string;
  readonly packId?: string;
  readonly sent: boolean;
  readonly reason: ReasonKind;
  /** The reason in a few words. */
  readonly words: string;
  /** The reason in full, for the tooltip. */
  readonly detail: string;
  /** About what the definition costs in a request (as sent, or as it would be). */
  readonly tokens: number;
  readonly definition: ToolDefinition;
}

export interface ToolSetRow {
  /** As VS Code names it (`toolpacks-git`); the registry's name where VS Code has none. */
  readonly name: string;
  readonly registryName: string;
  readonly description: string;
  readonly icon?: string;
  readonly tools: readonly ToolRow[];
}

export interface PackRow {
  readonly id?: string;
  readonly label: string;
  readonly toolSets: readonly ToolSetRow[];
  /** Tools in none of the pack's toolsets. */
  readonly tools: readonly ToolRow[];
}

export interface ResolvedRows {
  readonly sentCount: number;
  readonly estimatedTokens: number;
  readonly packs: readonly PackRow[];
  /** The `activate_*` groups and `search_tools`, when tools are grouped: name and what it stands for. */
  readonly virtualTools: readonly { readonly name: string; readonly words: string }[];
  readonly diagnostics: readonly string[];
}

export interface RowOptions {
  /** The context keys the resolution was made with (to name the keys of a false when clause). */
  readonly context: ContextKeys;
  /** VS Code's tool choices the resolution used; a tool off there reads "deselected in VS Code". */
  readonly selection?: ToolSelection;
  /** The VS Code name of a pack's toolset, when it has one. */
  readonly toolSetName?: (packId: string | undefined, set: string) => string | undefined;
}

/** The rows of one resolution: every registered tool once, under its pack and its first toolset. */
export function resolvedRows(registry: ToolRegistry, resolved: ResolvedToolSet, options: RowOptions): ResolvedRows {
  const sentInfo = new Map(resolved.tools.map((t) => [t.name, t]));
  const definitions = new Map(registry.tools.map((t) => [t.definition.name, t.definition]));
  const rows = new Map<string, ToolRow>();
  for (const entry of resolved.entries) {
    const info = sentInfo.get(entry.sentName ?? entry.name);
    rows.set(entry.name, {
      name: entry.name,
      sentName: entry.sentName,
      packId: entry.packId,
      sent: entry.sent,
      ...entryReason(entry, resolved.model),
      tokens: info ? definitionTokens(info.name, info.description, info.inputSchema) : costOf(entry.definition),
      // The tool's own definition (an override's is told in the words): it decides the row's place.
      definition: definitions.get(entry.name) ?? entry.definition,
    });
  }
  for (const entry of resolved.notSent) {
    if (rows.has(entry.name)) continue;
    const definition = definitions.get(entry.name);
    if (!definition) continue;
    rows.set(entry.name, {
      name: entry.name,
      packId: entry.packId,
      sent: false,
      ...notSentReason(entry, definition, options),
      tokens: costOf(definition),
      definition,
    });
  }
  // An override that runs is told in its base's row.
  const ran = new Set(resolved.entries.map((e) => e.implementationName));
  const owners = [
    ...registry.packs.map((p) => ({ id: p.id as string | undefined, label: p.displayName })),
    { id: undefined, label: 'Other tools' },
  ];
  const packs: PackRow[] = [];
  for (const owner of owners) {
    const tools = registry.tools
      .filter((t) => t.packId === owner.id && rows.has(t.definition.name))
      .map((t) => rows.get(t.definition.name)!);
    const placed = new Set<string>();
    const toolSets: ToolSetRow[] = [];
    for (const { definition: set, packId } of registry.toolSets) {
      if (packId !== owner.id) continue;
      const direct = new Set(set.tools);
      const members = tools.filter(
        (t) => !placed.has(t.name) && (direct.has(referenceOf(t.definition)) || t.definition.toolSet === set.name),
      );
      members.forEach((t) => placed.add(t.name));
      toolSets.push({
        name: options.toolSetName?.(packId, set.name) ?? set.name,
        registryName: set.name,
        description: set.description,
        icon: set.icon,
        tools: members,
      });
    }
    const loose = tools.filter((t) => !placed.has(t.name) && !(ran.has(t.name) && t.definition.overridesTool));
    if (toolSets.length || loose.length) packs.push({ id: owner.id, label: owner.label, toolSets, tools: loose });
  }
  const virtualTools = [
    ...resolved.groups
      .filter((g) => !g.expanded)
      .map((g) => ({ name: g.name, words: `stands for ${g.tools.length} tools: ${g.tools.join(', ')}` })),
    ...Object.keys(resolved.toolKinds)
      .filter((name) => resolved.toolKinds[name] === 'search')
      .map((name) => ({ name, words: 'finds the enabled tools that are not sent' })),
  ];
  return {
    sentCount: resolved.tools.length,
    estimatedTokens: resolved.estimatedTokens,
    packs,
    virtualTools,
    diagnostics: resolved.diagnostics.map((d) => `${d.severity} ${d.code}: ${d.message}`),
  };
}

type Reason = Pick<ToolRow, 'reason' | 'words' | 'detail'>;

function entryReason(entry: ResolvedToolSet['entries'][number], model: ResolvedToolSet['model']): Reason {
  const jobs = entry.enabledJobs ? ` Its jobs on in this request: ${entry.enabledJobs.join(', ')}.` : '';
  if (!entry.sent) {
    if (entry.group === SEARCH_TOOLS_NAME)
      return {
        reason: 'searchable',
        words: `reached through ${SEARCH_TOOLS_NAME}`,
        detail: `Enabled, not sent: ${SEARCH_TOOLS_NAME} finds it and sends it for the next round.`,
      };
    return {
      reason: 'grouped',
      words: `in group ${entry.group}`,
      detail: `Enabled, not sent: grouped behind ${entry.group}, which the model calls to have it sent.`,
    };
  }
  const grouped = entry.group ? ` (in group ${entry.group}, expanded)` : '';
  switch (entry.reason) {
    case 'model-specific': {
      // The words name the selector that matched; the tooltip lists them all.
      const matched = model ? entry.definition.models?.filter((m) => modelMatches([m], model)) : undefined;
      return {
        reason: 'variant-sent',
        words: `sent: the variant for ${describeSelectors(matched?.length ? matched : entry.definition.models)}`,
        detail:
          `Sent: this model's variant of '${entry.toolReferenceName}' ` +
          `(${describeSelectors(entry.definition.models)})${grouped}.${jobs}`,
      };
    }
    case 'override':
      return {
        reason: 'override-sent',
        words: `sent: runs ${entry.implementationName} (override)`,
        detail:
          `Sent with the description and schema of '${entry.implementationName}', which runs in its place ` +
          `for ${describeSelectors(entry.definition.models)}${grouped}.`,
      };
    case 'referenced':
      return {
        reason: 'referenced',
        words: 'sent: #-referenced',
        detail: `Sent because the request references it with #, though it is off in the tool picker${grouped}.`,
      };
    default:
      return { reason: 'sent', words: 'sent', detail: `Sent to the model${grouped}.${jobs}` };
  }
}

function notSentReason(
  entry: ResolvedToolSet['notSent'][number],
  definition: ToolDefinition,
  options: RowOptions,
): Reason {
  const detail = `Not sent: ${entry.detail}.`;
  switch (entry.reason) {
    case 'model':
      return { reason: 'model', words: 'not for this model', detail };
    case 'variant':
      return entry.detail.startsWith('replaced for')
        ? { reason: 'replaced', words: 'replaced for this family', detail }
        : { reason: 'variant', words: 'another variant serves this model', detail };
    case 'override':
      return { reason: 'override', words: 'override, not for this model', detail };
    case 'when': {
      const keys = definition.when ? falseKeys(definition.when, options.context) : [];
      return {
        reason: 'when',
        words: `when clause false${keys.length ? ` (${keys.join(', ')})` : ''}`,
        detail,
      };
    }
    case 'when-invalid':
      return { reason: 'when-invalid', words: 'when clause invalid', detail };
    case 'deselected':
      return options.selection?.tools?.[entry.toolReferenceName] === false
        ? {
            reason: 'deselected',
            words: "deselected in VS Code's tool picker",
            detail:
              `Not sent: '${entry.toolReferenceName}' is off in VS Code's tool picker (or the custom agent's ` +
              `or prompt file's tools: list) as of the last chat request.`,
          }
        : {
            reason: 'off-by-default',
            words: 'off by default',
            detail:
              `Not sent: its pack turns it off until it is chosen in VS Code's tool picker or referenced ` +
              `with #${entry.toolReferenceName}.`,
          };
    case 'limit':
      return { reason: 'limit', words: "over the model's tool limit", detail };
  }
}

function falseKeys(when: string, context: ContextKeys): string[] {
  try {
    return parseWhenClause(when).falseKeys(context);
  } catch {
    return [];
  }
}

function referenceOf(definition: ToolDefinition): string {
  return definition.toolReferenceName ?? definition.name;
}

/** The registry's estimate of a definition's cost in a request. */
function definitionTokens(name: string, description: string, inputSchema: object | undefined): number {
  return (
    8 +
    estimateTokens(name) +
    estimateTokens(description) +
    (inputSchema ? estimateTokens(JSON.stringify(inputSchema)) : 0)
  );
}

function costOf(definition: ToolDefinition): number {
  return definitionTokens(definition.name, definition.modelDescription, definition.inputSchema);
}
