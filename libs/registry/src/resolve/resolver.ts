// Resolution: per request, which registered tools the model gets (variants, overrides, when
// clauses, the picker, references, the tool limit and grouping) and, decided at the same place,
// why every other registered tool is not sent. Results are cached per registry version.
import { modelKey } from '../modelSelector';
import { modelCandidates, notSentEntry, type ModelCandidates } from './modelCandidates';
import { ResolvedToolSetImpl, type Binding } from './resolvedToolSet';
import { dialectFor, renameApart, sentForm } from '../schema/adaptTool';
import type { AdaptedTool, SchemaDialect } from '../schema/schemaTypes';
import { SEARCH_TOOL_INFO, SearchIndexes } from './searchToolsTool';
import { contextKey } from './resolutionKey';
import { definitionTokens, type ToolEntry } from '../store/toolEntry';
import type { ToolSetGraph } from '../store/toolSetGraph';
import type { DerivedState, ToolStore } from '../store/toolStore';
import type { ContextKeys, Diagnostic, LanguageModelToolInformation, ModelInfo } from '../definitions';
import type {
  NotSentEntry,
  NotSentReason,
  ResolvedGroup,
  ResolvedReason,
  ResolvedToolEntry,
  ResolvedToolKind,
  ResolveRequest,
  ToolSelection,
  VirtualToolMode,
  VirtualToolSession,
} from './resolutionTypes';
import { SEARCH_TOOLS_NAME } from '../definitions';
import { foundKey, groupTools, type GroupableTool, type ToolGroup } from './virtualTools';

const CACHE_SIZE = 256;

export interface ResolverSettings {
  readonly threshold: number;
  /** The tool limit of a model that states none. */
  readonly limit: number;
  readonly mode: VirtualToolMode;
  readonly defaultSession: VirtualToolSession;
  /** The schema dialects, built in and added, in order. */
  readonly dialects: readonly SchemaDialect[];
  /** The registry the sets belong to (only it invokes through them). */
  readonly owner: object;
  /** What a false condition on a key means, for the reason a tool is not sent (ToolRegistryOptions). */
  readonly contextKeyHints: Readonly<Record<string, string>>;
}

/** A tool this request enables, before grouping decides whether it is sent. */
interface EnabledTool extends GroupableTool {
  readonly base: ToolEntry;
  readonly implementation: ToolEntry;
  readonly reason: ResolvedReason;
  readonly info: LanguageModelToolInformation;
  readonly cost: number;
  /** Set when the tool is sent changed by the model's dialect. */
  asSent?: AdaptedTool;
  /** For a tool that does several jobs: those enabled in this request. */
  readonly enabledJobs?: readonly string[];
}

export class Resolver {
  private cachedVersion = -1;
  private readonly candidatesByModel = new Map<string, ModelCandidates>();
  private readonly resolutions = new Map<string, ResolvedToolSetImpl>();
  private readonly bound = new Map<string, ResolvedToolSetImpl | undefined>();
  private readonly searchIndexes: SearchIndexes;

  constructor(
    private readonly store: ToolStore,
    private readonly settings: ResolverSettings,
  ) {
    this.searchIndexes = new SearchIndexes(store);
  }

  resolve(request: ResolveRequest): ResolvedToolSetImpl {
    const derived = this.current();
    const session = request.virtualTools?.session ?? this.settings.defaultSession;
    const threshold = request.virtualTools?.threshold ?? this.settings.threshold;
    const mode = request.virtualTools?.mode ?? this.settings.mode;
    const context = request.context ?? {};
    const key = [
      modelKey(request.model),
      selectionKey(request.selection),
      contextKey(derived.whenKeys, context),
      (request.referencedTools ?? []).join('\u0002'),
      `${session.id}:${session.version}`,
      threshold,
      mode,
      request.schemas ?? 'model',
    ].join('\u0001');
    return cached(this.resolutions, key, () =>
      this.resolveUncached(request, session, threshold, mode, context, derived),
    );
  }

  /** See ToolRegistry.bindTool. */
  bindTool(name: string, model?: ModelInfo, selection?: ToolSelection): ResolvedToolSetImpl | undefined {
    const { graph } = this.current();
    // A tool that does several jobs learns which of them the host's selection has on, as in resolve().
    const base = this.store.entries.get(name);
    // Without a selection the host chose the tool itself: every job is on.
    const enabledJobs = base?.definition.replaces
      ? jobsEnabled(base, selection ? graph.selectionView(selection) : () => true, new Set())
      : undefined;
    const key = [name, model ? modelKey(model) : '', enabledJobs?.join(',') ?? ''].join('\u0001');
    return cached(this.bound, key, () => this.bindUncached(name, model, enabledJobs));
  }

  clear(): void {
    this.candidatesByModel.clear();
    this.resolutions.clear();
    this.bound.clear();
    this.searchIndexes.clear();
  }

  /** The derived state of the current version; caches of older versions are dropped. */
  private current(): DerivedState {
    const derived = this.store.derived();
    if (this.cachedVersion !== derived.version) {
      this.clear();
      this.cachedVersion = derived.version;
    }
    return derived;
  }

  private bindUncached(
    name: string,
    model: ModelInfo | undefined,
    enabledJobs: readonly string[] | undefined,
  ): ResolvedToolSetImpl | undefined {
    const base = this.store.entries.get(name);
    // A tool whose when clause does not parse is never sent (resolve() says so): it never runs either.
    if (!base || base.kind === 'override' || base.whenError) return undefined;
    // No context here: when clauses are the host's business. The override is the one resolve()
    // would use for this model: only when the base is this model's variant, never an unparsable one.
    const override = model
      ? cached(this.candidatesByModel, modelKey(model), () => modelCandidates(this.store, model)).overrides.get(name)
      : undefined;
    const implementation = override && !override.whenError ? override : undefined;
    const tool = this.enabledTool(
      base,
      implementation,
      implementation ? 'override' : baseReason(base),
      false,
      undefined,
      enabledJobs,
    );
    const entry = resolvedEntry(tool, undefined, true);
    return new ResolvedToolSetImpl(
      {
        tools: [tool.info],
        toolKinds: toolKinds([[tool.info.name, 'tool']]),
        groups: [],
        diagnostics: [],
        estimatedTokens: tool.cost,
        entries: [entry],
        notSent: [],
        model,
        session: this.settings.defaultSession,
        registryVersion: this.store.version,
      },
      this.settings.owner,
      new Map([[name, { entry, implementation: tool.implementation, inputSchema: tool.info.inputSchema }]]),
    );
  }

  /** One resolution: select what may be sent, send it (grouped, in the model's dialect), bind names to what runs. */
  private resolveUncached(
    request: ResolveRequest,
    session: VirtualToolSession,
    threshold: number,
    mode: VirtualToolMode,
    context: ContextKeys,
    derived: DerivedState,
  ): ResolvedToolSetImpl {
    const { graph } = derived;
    const model = request.model;
    const selection = this.select(request, context, graph);
    const { enabled, diagnostics, notSent } = selection;
    const limit = model.maxTools ?? this.settings.limit;
    const grouping = groupTools({
      tools: enabled,
      threshold,
      limit,
      expandedGroups: session.expandedGroups,
      mode,
      describeToolSet: (set) => graph.description(set),
      describePack: (id) => this.store.packRecords.get(id)?.pack.displayName,
    });
    diagnostics.push(...grouping.diagnostics);
    const { tools, kinds, sentNames, estimatedTokens } = this.send(request, enabled, grouping);
    const { entries, bindings, groups } = bind(selection, grouping, limit);
    const searcher = grouping.search
      ? this.searchIndexes.searcher(
          enabled.filter((t) => bindings.has(t.name)),
          sentNames,
          grouping.searchSlots,
          graph,
          derived.version,
        )
      : undefined;
    return new ResolvedToolSetImpl(
      {
        tools,
        toolKinds: toolKinds(kinds),
        groups,
        diagnostics,
        estimatedTokens,
        entries,
        notSent,
        model,
        session,
        registryVersion: this.store.version,
      },
      this.settings.owner,
      bindings,
      searcher,
    );
  }

  /** The tools this request may be sent — model, when clause, selection and references decided — and why each other one is not. */
  private select(request: ResolveRequest, context: ContextKeys, graph: ToolSetGraph): Selection {
    const candidates = cached(this.candidatesByModel, modelKey(request.model), () =>
      modelCandidates(this.store, request.model),
    );
    const diagnostics: Diagnostic[] = [...graph.diagnostics, ...candidates.diagnostics];
    const notSent: NotSentEntry[] = [...candidates.notSent];
    const referenced = this.expandReferences(request.referencedTools ?? [], graph, diagnostics);
    const isSelected = graph.selectionView(request.selection);
    const enabled: EnabledTool[] = [];
    // A base that is not sent takes the override that would have run along, for the same reason.
    const exclude = (
      base: ToolEntry,
      reason: NotSentReason,
      detail: string,
      override = candidates.overrides.get(base.definition.name),
    ) => {
      notSent.push(notSentEntry(base, reason, detail));
      if (override)
        notSent.push(
          notSentEntry(override, reason, `replaces '${base.definition.name}', which is not sent: ${detail}`),
        );
    };
    for (const base of candidates.bases) {
      if (base.whenError) {
        diagnostics.push({
          severity: 'error',
          code: 'when-invalid',
          message: `${base.whenError} — tool '${base.definition.name}' is not sent.`,
          toolName: base.definition.name,
          packId: base.packId,
        });
        exclude(base, 'when-invalid', base.whenError);
        continue;
      }
      if (!base.isAvailable(context)) {
        exclude(base, 'when', this.whenFalse(base, context));
        continue;
      }
      let isReferenced = referenced.has(base.referenceName) || referenced.has(base.definition.name);
      let selected = isSelected(base.referenceName, base.enabledByDefault);
      // A tool that does several jobs is sent when any of them is on; the call learns which are.
      let enabledJobs: string[] | undefined;
      if (base.definition.replaces) {
        enabledJobs = jobsEnabled(base, isSelected, referenced);
        selected = base.jobs.some((job) => isSelected(job, base.enabledByDefault));
        isReferenced = referenced.has(base.definition.name) || base.jobs.some((job) => referenced.has(job));
      }
      if (!selected && !isReferenced) {
        exclude(base, 'deselected', DESELECTED);
        continue;
      }
      let override = candidates.overrides.get(base.definition.name);
      if (override && !override.isAvailable(context)) {
        notSent.push(
          notSentEntry(
            override,
            override.whenError ? 'when-invalid' : 'when',
            override.whenError ?? this.whenFalse(override, context),
          ),
        );
        override = undefined;
      }
      const reason = !selected ? 'referenced' : override ? 'override' : baseReason(base);
      enabled.push(this.enabledTool(base, override, reason, isReferenced, graph, enabledJobs));
    }
    return { enabled, diagnostics, notSent, exclude };
  }

  /** What the model is sent, in the order the grouping gives, in the dialect its API accepts (input is checked against the canonical schema). */
  private send(
    request: ResolveRequest,
    enabled: readonly EnabledTool[],
    grouping: Grouping,
  ): {
    tools: LanguageModelToolInformation[];
    kinds: [string, ResolvedToolKind][];
    sentNames: Set<string>;
    estimatedTokens: number;
  } {
    const dialect = request.schemas === 'canonical' ? undefined : dialectFor(request.model, this.settings.dialects);
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
    return { tools, kinds, sentNames, estimatedTokens };
  }

  /** Why a tool's when clause keeps it back: the clause, then what each false condition's key means. */
  private whenFalse(entry: ToolEntry, context: ContextKeys): string {
    const hints = (entry.when?.falseKeys(context) ?? [])
      .map((key) =>
        Object.hasOwn(this.settings.contextKeyHints, key) ? this.settings.contextKeyHints[key] : undefined,
      )
      .filter((hint): hint is string => !!hint);
    const clause = `its when clause is false: ${entry.definition.when}`;
    return hints.length ? `${clause} — ${[...new Set(hints)].join('; ')}` : clause;
  }

  /** The one place a tool's sent form is built: with its override's description and schema when one runs. */
  private enabledTool(
    base: ToolEntry,
    override: ToolEntry | undefined,
    reason: ResolvedReason,
    pinned: boolean,
    graph: ToolSetGraph | undefined,
    enabledJobs?: readonly string[],
  ): EnabledTool {
    return {
      enabledJobs,
      name: base.definition.name,
      base,
      implementation: override ?? base,
      reason,
      info: override ? override.info(base) : base.info(),
      cost: override ? override.tokenCost(base) : base.tokenCost(),
      asSent: undefined,
      pinned: pinned || base.core,
      toolSet: graph?.primarySet(base.referenceName),
      packId: base.packId,
    };
  }

  private expandReferences(references: readonly string[], graph: ToolSetGraph, diagnostics: Diagnostic[]): Set<string> {
    const result = new Set<string>();
    for (const reference of references) {
      if (graph.has(reference)) for (const tool of graph.expand(reference)) result.add(tool);
      else if (this.store.entries.has(reference) || this.store.derived().firstByReference.has(reference))
        result.add(reference);
      else
        diagnostics.push({
          severity: 'warning',
          code: 'reference-unknown',
          message: `#${reference} is neither a tool nor a toolset; it is ignored.`,
        });
    }
    return result;
  }
}

/** What one resolution selected: the enabled tools, what is not sent and why, and how to exclude one more. */
interface Selection {
  readonly enabled: EnabledTool[];
  readonly diagnostics: Diagnostic[];
  readonly notSent: NotSentEntry[];
  readonly exclude: (base: ToolEntry, reason: NotSentReason, detail: string, override?: ToolEntry) => void;
}

type Grouping = ReturnType<typeof groupTools<EnabledTool>>;

/** Every enabled tool's record (sent, grouped or found), its name bound to what runs, and the groups; a tool dropped over the limit is not sent. */
function bind(
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

const DESELECTED = 'turned off in the tool picker: the tool, or a toolset it is in';

function baseReason(base: ToolEntry): ResolvedReason {
  return base.kind === 'model-specific' ? 'model-specific' : 'general';
}

function resolvedEntry(
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

/** Looks up or computes, keeping at most CACHE_SIZE results (the oldest goes first). */
function cached<V>(cache: Map<string, V>, key: string, compute: () => V): V {
  if (cache.has(key)) return cache.get(key)!;
  const value = compute();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

/** The kinds by sent name, in a record without a prototype (no tool is called `toString`), frozen. */
function toolKinds(kinds: Iterable<[string, ResolvedToolKind]>): Readonly<Record<string, ResolvedToolKind>> {
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

function selectionKey(selection: ResolveRequest['selection']): string {
  if (!selection) return '';
  const part = (record: Readonly<Record<string, boolean>> | undefined) =>
    record
      ? Object.keys(record)
          .sort()
          .map((k) => `${k}=${record[k] ? 1 : 0}`)
          .join(',')
      : '';
  return `${part(selection.tools)}|${part(selection.toolSets)}`;
}

/** The jobs of a tool that does several (`replaces`) that are on: selected, referenced, or all of them when the tool itself is referenced. */
function jobsEnabled(
  base: ToolEntry,
  isSelected: (referenceName: string, enabledByDefault: boolean) => boolean,
  referenced: ReadonlySet<string>,
): string[] {
  const byName = referenced.has(base.definition.name);
  return base.jobs.filter((job) => byName || referenced.has(job) || isSelected(job, base.enabledByDefault));
}
