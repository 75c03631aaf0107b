// Resolution: per request, which registered tools the model gets (variants, overrides, when
// clauses, the picker, references, the tool limit and grouping) and, decided at the same place,
// why every other registered tool is not sent. Results are cached per registry version.
import { modelKey } from '../modelSelector';
import { modelCandidates, type ModelCandidates } from './modelCandidates';
import { ResolvedToolSetImpl } from './resolvedToolSet';
import type { SchemaDialect } from '../schema/schemaTypes';
import { SearchIndexes } from './searchToolsTool';
import { contextKey } from './resolutionKey';
import type { DerivedState, ToolStore } from '../store/toolStore';
import type { ContextKeys, ModelInfo } from '../definitions';
import type { ResolveRequest, ToolSelection, VirtualToolMode, VirtualToolSession } from './resolutionTypes';
import { groupTools } from './virtualTools';
import { baseReason, enabledTool, jobsEnabled, selectTools } from './enabledTools';
import { bindTools, resolvedEntry, sendTools, toolKinds } from './sentTools';

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

  /** What this model can get at the current version, whatever the request. */
  private candidates(model: ModelInfo): ModelCandidates {
    return cached(this.candidatesByModel, modelKey(model), () => modelCandidates(this.store, model));
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
    const override = model ? this.candidates(model).overrides.get(name) : undefined;
    const implementation = override && !override.whenError ? override : undefined;
    const tool = enabledTool(
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
    const selection = selectTools(
      this.store,
      this.candidates(model),
      request,
      context,
      graph,
      this.settings.contextKeyHints,
    );
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
    const {
      tools,
      toolKinds: kinds,
      sentNames,
      estimatedTokens,
    } = sendTools(request, this.settings.dialects, enabled, grouping);
    const { entries, bindings, groups } = bindTools(selection, grouping, limit);
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
        toolKinds: kinds,
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
}

/** Looks up or computes, keeping at most CACHE_SIZE results (the oldest goes first). */
function cached<V>(cache: Map<string, V>, key: string, compute: () => V): V {
  if (cache.has(key)) return cache.get(key)!;
  const value = compute();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

/**
 * The selection's part of the cache key, in each record's own key order: the same choices written in
 * another order only miss the cache (resolution does not depend on the order), and sorting the names
 * cost more than the rest of a cached resolve (MCP resolves twice a call).
 */
function selectionKey(selection: ResolveRequest['selection']): string {
  if (!selection) return '';
  return `${choicesKey(selection.tools)}\u0004${choicesKey(selection.toolSets)}`;
}

function choicesKey(record: Readonly<Record<string, boolean>> | undefined): string {
  let key = '';
  // Length-prefixed: no name, whatever it holds, can pass for two.
  if (record) for (const name of Object.keys(record)) key += `${record[name] ? 1 : 0}${name.length}:${name}`;
  return key;
}
