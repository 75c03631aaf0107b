// The registry: keeps tools, toolsets and packs; resolves per request what the model gets; invokes.
import { Container, inject, injectable, type Newable, type ServiceIdentifier } from 'inversify';
import { ApprovalStore, InMemoryApprovalStore } from './approvals';
import { InputValidator } from './inputValidation';
import { Emitter, toDisposable } from '@toolpacks/base';
import { matchSpecificity, modelKey, describeSelectors } from './modelSelector';
import { invokeTool } from './invocation';
import { ResolvedToolSetImpl, type Binding } from './resolvedToolSet';
import { contextKey } from './resolutionKey';
import { constructTool, disposeContainer, PackLoader } from './packLoader';
import type { PackProblem, PackSnapshot } from './packLoaderSnapshot';
import { checkToolDefinition, checkToolSetDefinition, referenceNameOf } from './toolDefinition';
import { ToolEntry } from './toolEntry';
import { ToolSetGraph, type ToolSetRecord } from './toolSetGraph';
import type {
  PreparedToolInvocation,
  Diagnostic,
  Disposable,
  InvokeOptions,
  LanguageModelToolInformation,
  LoadedPack,
  ModelInfo,
  ModelSelector,
  ResolvedGroup,
  ResolvedReason,
  ResolvedToolEntry,
  ResolvedToolSet,
  ResolveRequest,
  Tool,
  ToolCall,
  ToolCallResult,
  ToolDefinition,
  ToolPack,
  ToolSelection,
  ToolSetDefinition,
  VirtualToolSession,
} from './types';
import { CancellationToken, ToolRegistry, ToolRegistryOptions } from './types';
import { DefaultVirtualToolSession, groupTools, type GroupableTool, type ToolGroup } from './virtualTools';

/** The container the registry was created with; packs get child containers of it. */
export const RegistryContainer: ServiceIdentifier<Container> = Symbol.for('toolpacks.RegistryContainer');

const DEFAULT_THRESHOLD = 64;
const DEFAULT_LIMIT = 128;
const DEFAULT_TIMEOUT_MS = 120_000;
const RESOLUTION_CACHE_SIZE = 256;

interface PackRecord {
  /** What was read from the pack at load; the pack object itself is never read again. */
  readonly pack: PackSnapshot;
  readonly container: Container;
}

/** Tools that match one model at one registry version: the chosen variant per referenceName and its override. */
interface ModelCandidates {
  readonly bases: readonly ToolEntry[];
  readonly overrides: ReadonlyMap<string, ToolEntry>;
  readonly diagnostics: readonly Diagnostic[];
}

interface EnabledTool extends GroupableTool {
  readonly base: ToolEntry;
  readonly implementation: ToolEntry;
  readonly reason: ResolvedReason;
  readonly info: LanguageModelToolInformation;
  readonly cost: number;
}

@injectable()
export class ToolRegistryService implements ToolRegistry {
  private readonly entries = new Map<string, ToolEntry>();
  private readonly overridesByBase = new Map<string, ToolEntry[]>();
  private readonly toolSetRecords = new Map<string, ToolSetRecord>();
  private readonly packRecords = new Map<string, PackRecord>();
  private readonly packLoader: PackLoader;
  private readonly validator = new InputValidator();
  private readonly changeEmitter = new Emitter<void>();
  private readonly defaultSession = new DefaultVirtualToolSession();
  private seq = 0;
  private _version = 0;

  // Derived state, rebuilt lazily after a change.
  private derivedVersion = -1;
  private graph?: ToolSetGraph;
  private whenKeys: readonly string[] = [];
  private readonly candidatesByModel = new Map<string, ModelCandidates>();
  private readonly resolutionCache = new Map<string, ResolvedToolSetImpl>();

  readonly onDidChange = this.changeEmitter.event;

  constructor(
    @inject(ToolRegistryOptions) private readonly options: ToolRegistryOptions,
    @inject(ApprovalStore) private readonly approvals: ApprovalStore,
    @inject(RegistryContainer) private readonly container: Container,
  ) {
    this.packLoader = new PackLoader({
      container,
      isLoaded: (packId) => this.packRecords.has(packId),
      checkDefinitions: (pack) =>
        this.checkDefinitions(
          pack.tools.map((t) => t.definition),
          pack.toolSets,
          pack.tools.map((t) => t.implementation),
        ),
      previewGraph: (pack) => this.previewToolSetGraph(pack),
      commit: (pack, packContainer, instances) => this.commitPack(pack, packContainer, instances),
      remove: (pack) => this.removePack(pack),
      notify: () => this.changeEmitter.fire(),
    });
  }

  get version(): number {
    return this._version;
  }

  get diagnostics(): readonly Diagnostic[] {
    const whenErrors = [...this.entries.values()]
      .filter((e) => e.whenError)
      .map(whenDiagnostic);
    return [...this.packLoader.diagnostics, ...whenErrors, ...this.derived().graph.diagnostics];
  }

  get packs() {
    return [...this.packRecords.values()].map(({ pack }) => ({ id: pack.id, displayName: pack.displayName, version: pack.version }));
  }

  get tools() {
    return [...this.entries.values()].map((e) => ({ definition: e.definition, packId: e.packId }));
  }

  get toolSets() {
    return [...this.toolSetRecords.values()];
  }

  // ---- registration ----

  registerTool(definition: ToolDefinition, implementation: Newable<Tool> | Tool): Disposable {
    const problems = this.checkDefinitions([definition], []);
    if (problems.length) throw new Error(problems.map((p) => p.message).join('\n'));
    // A class gets its own child container, unbound with the registration (its preDestroy runs).
    const toolContainer = typeof implementation === 'function' ? new Container({ parent: this.container }) : undefined;
    let instance: Tool;
    try {
      instance = constructTool(toolContainer ?? this.container, implementation, definition.name);
    } catch (error) {
      disposeContainer(toolContainer);
      throw error;
    }
    const entry = this.addEntry(definition, instance, definition.enabledByDefault ?? true, undefined);
    this.changed();
    return toDisposable(() => {
      if (this.removeEntry(entry)) this.changed();
      disposeContainer(toolContainer);
    });
  }

  registerModelSpecificTool(definition: ToolDefinition & { models: readonly ModelSelector[] }, implementation: Newable<Tool> | Tool): Disposable {
    if (!Array.isArray(definition?.models) || definition.models.length === 0)
      throw new Error(`registerModelSpecificTool('${definition?.name}') needs at least one model selector; use registerTool for a tool every model gets.`);
    return this.registerTool(definition, implementation);
  }

  registerToolSet(set: ToolSetDefinition): Disposable {
    const problems = this.checkDefinitions([], [set]);
    if (problems.length) throw new Error(problems.map((p) => p.message).join('\n'));
    this.toolSetRecords.set(set.name, { definition: set });
    this.changed();
    return toDisposable(() => {
      if (this.toolSetRecords.get(set.name)?.definition === set) {
        this.toolSetRecords.delete(set.name);
        this.changed();
      }
    });
  }

  /** Never rejects: a refused pack resolves to `loaded: false` with diagnostics (see PackLoader). */
  loadPack(pack: ToolPack): Promise<LoadedPack> {
    return this.packLoader.load(pack);
  }

  /** Adds a checked, constructed pack. Everything that can throw runs before the first change. */
  private commitPack(pack: PackSnapshot, container: Container, instances: readonly Tool[]): Diagnostic[] {
    const entries = pack.tools.map(({ definition }, i) => this.createEntry(definition, instances[i], definition.enabledByDefault ?? pack.enabledByDefault ?? true, pack.id));
    const sets = pack.toolSets.map<ToolSetRecord>((definition) => ({ definition, packId: pack.id }));
    for (const entry of entries) this.insertEntry(entry);
    for (const set of sets) this.toolSetRecords.set(set.definition.name, set);
    this.packRecords.set(pack.id, { pack, container });
    this.changed();
    return entries.filter((e) => e.whenError).map(whenDiagnostic);
  }

  /** The toolset graph as it would be with this pack added; its diagnostics about the pack. */
  private previewToolSetGraph(pack: PackSnapshot): Diagnostic[] {
    const sets = new Map(this.toolSetRecords);
    for (const definition of pack.toolSets) sets.set(definition.name, { definition, packId: pack.id });
    const referenceNames = new Set<string>();
    const declared: [string, string][] = [];
    const add = (definition: ToolDefinition, referenceName: string) => {
      if (definition.overridesTool) return;
      referenceNames.add(referenceName);
      if (definition.toolSet) declared.push([referenceName, definition.toolSet]);
    };
    for (const entry of this.entries.values()) add(entry.definition, entry.referenceName);
    for (const { definition } of pack.tools) add(definition, referenceNameOf(definition));
    return new ToolSetGraph(sets, referenceNames, declared).diagnostics.filter((d) => d.packId === pack.id);
  }

  private checkDefinitions(definitions: readonly ToolDefinition[], sets: readonly ToolSetDefinition[], implementations?: readonly unknown[]): PackProblem[] {
    const problems: PackProblem[] = [];
    const names = new Set<string>();
    definitions.forEach((definition, i) => {
      for (const p of checkToolDefinition(definition, this.validator)) problems.push({ ...p, toolName: definition?.name });
      if (implementations && !isImplementation(implementations[i]))
        problems.push({ code: 'tool-implementation-invalid', message: `Tool '${definition?.name}' needs an implementation: a class or an object with invoke().`, toolName: definition?.name });
      const name = definition?.name;
      if (typeof name !== 'string') return;
      const existing = this.entries.get(name);
      const loading = this.packLoader.toolReservedBy(name);
      if (existing) {
        const owner = existing.packId ? `pack '${existing.packId}'` : 'a direct registration';
        problems.push({ code: 'tool-duplicate', message: `Tool '${name}' is already registered by ${owner}.`, toolName: name });
      } else if (loading) problems.push({ code: 'tool-duplicate', message: `Tool '${name}' is being loaded by pack '${loading}'.`, toolName: name });
      else if (names.has(name)) problems.push({ code: 'tool-duplicate', message: `Tool '${name}' is defined twice.`, toolName: name });
      names.add(name);
    });
    const setNames = new Set<string>();
    for (const set of sets) {
      for (const p of checkToolSetDefinition(set)) problems.push(p);
      const existing = this.toolSetRecords.get(set?.name);
      const loading = this.packLoader.toolSetReservedBy(set?.name);
      if (existing) problems.push({ code: 'toolset-duplicate', message: `Toolset '${set.name}' is already registered by ${existing.packId ? `pack '${existing.packId}'` : 'a direct registration'}.` });
      else if (loading) problems.push({ code: 'toolset-duplicate', message: `Toolset '${set.name}' is being loaded by pack '${loading}'.` });
      else if (setNames.has(set?.name)) problems.push({ code: 'toolset-duplicate', message: `Toolset '${set.name}' is defined twice.` });
      setNames.add(set?.name);
    }
    return problems;
  }

  private addEntry(definition: ToolDefinition, instance: Tool, enabledByDefault: boolean, packId: string | undefined): ToolEntry {
    const entry = this.createEntry(definition, instance, enabledByDefault, packId);
    this.insertEntry(entry);
    return entry;
  }

  private createEntry(definition: ToolDefinition, instance: Tool, enabledByDefault: boolean, packId: string | undefined): ToolEntry {
    return new ToolEntry(this.seq++, Object.freeze({ ...definition }), instance, enabledByDefault, packId);
  }

  private insertEntry(entry: ToolEntry): void {
    const { definition } = entry;
    this.entries.set(definition.name, entry);
    if (definition.overridesTool) {
      const list = this.overridesByBase.get(definition.overridesTool) ?? [];
      list.push(entry);
      this.overridesByBase.set(definition.overridesTool, list);
    }
  }

  /** False when the entry was already removed. */
  private removeEntry(entry: ToolEntry): boolean {
    if (this.entries.get(entry.definition.name) !== entry) return false;
    entry.disposed = true;
    this.entries.delete(entry.definition.name);
    const base = entry.definition.overridesTool;
    if (base) {
      const rest = (this.overridesByBase.get(base) ?? []).filter((e) => e !== entry);
      if (rest.length) this.overridesByBase.set(base, rest);
      else this.overridesByBase.delete(base);
    }
    return true;
  }

  private removePack(pack: PackSnapshot): void {
    if (this.packRecords.get(pack.id)?.pack !== pack) return;
    for (const entry of [...this.entries.values()]) if (entry.packId === pack.id) this.removeEntry(entry);
    for (const [name, set] of [...this.toolSetRecords]) if (set.packId === pack.id) this.toolSetRecords.delete(name);
    this.packRecords.delete(pack.id);
    this.changed();
  }

  private changed(): void {
    this._version++;
    this.changeEmitter.fire();
  }

  // ---- resolution ----

  createVirtualToolSession(): VirtualToolSession {
    return new DefaultVirtualToolSession();
  }

  isSelected(toolReferenceName: string, selection?: ToolSelection): boolean {
    const entry = [...this.entries.values()].find((e) => e.kind !== 'override' && e.referenceName === toolReferenceName);
    return this.derived().graph.isEnabled(toolReferenceName, entry?.enabledByDefault ?? true, selection);
  }

  toolSetMembers(name: string): readonly string[] {
    return this.derived().graph.expand(name);
  }

  resolve(request: ResolveRequest): ResolvedToolSet {
    const derived = this.derived();
    const session = request.virtualTools?.session ?? this.defaultSession;
    const threshold = request.virtualTools?.threshold ?? this.options.virtualToolThreshold ?? DEFAULT_THRESHOLD;
    const context = request.context ?? {};
    const key = [
      modelKey(request.model),
      selectionKey(request.selection),
      contextKey(derived.whenKeys, context),
      (request.referencedTools ?? []).join('\u0002'),
      `${session.id}:${session.version}`,
      threshold,
    ].join('\u0001');
    const cached = this.resolutionCache.get(key);
    if (cached) return cached;
    const resolved = this.resolveUncached(request, session, threshold, context, derived.graph);
    if (this.resolutionCache.size >= RESOLUTION_CACHE_SIZE) this.resolutionCache.delete(this.resolutionCache.keys().next().value!);
    this.resolutionCache.set(key, resolved);
    return resolved;
  }

  private derived(): { graph: ToolSetGraph; whenKeys: readonly string[] } {
    if (this.derivedVersion !== this._version || !this.graph) {
      const referenceNames = new Set<string>();
      const declared: [string, string][] = [];
      const keys = new Set<string>();
      for (const entry of this.entries.values()) {
        if (entry.kind !== 'override') referenceNames.add(entry.referenceName);
        if (entry.definition.toolSet && entry.kind !== 'override') declared.push([entry.referenceName, entry.definition.toolSet]);
        for (const k of entry.when?.keys ?? []) keys.add(k);
      }
      this.graph = new ToolSetGraph(this.toolSetRecords, referenceNames, declared);
      this.whenKeys = [...keys].sort();
      this.candidatesByModel.clear();
      this.resolutionCache.clear();
      this.derivedVersion = this._version;
    }
    return { graph: this.graph, whenKeys: this.whenKeys };
  }

  private candidatesFor(model: ModelInfo): ModelCandidates {
    const key = modelKey(model);
    let candidates = this.candidatesByModel.get(key);
    if (candidates) return candidates;
    const diagnostics: Diagnostic[] = [];
    // Variants sharing a referenceName: the most specific match wins; a tie keeps the first loaded.
    const best = new Map<string, { entry: ToolEntry; score: number; tied?: ToolEntry }>();
    for (const entry of this.entries.values()) {
      if (entry.kind === 'override') continue;
      const score = matchSpecificity(entry.definition.models, model);
      if (score < 0) continue;
      const current = best.get(entry.referenceName);
      if (!current || score > current.score) best.set(entry.referenceName, { entry, score });
      else if (score === current.score) current.tied = entry;
    }
    for (const { entry, tied } of best.values()) {
      if (tied)
        diagnostics.push({
          severity: 'warning',
          code: 'variant-tie',
          message: `Tools '${entry.definition.name}' and '${tied.definition.name}' share toolReferenceName '${entry.referenceName}' and match model '${model.id}' equally; '${entry.definition.name}' (loaded first) is used.`,
          toolName: entry.definition.name,
        });
    }
    const bases = [...best.values()].map((b) => b.entry).sort((a, b) => a.seq - b.seq);
    const sentNames = new Set(bases.map((b) => b.definition.name));
    const overrides = new Map<string, ToolEntry>();
    for (const [baseName, list] of this.overridesByBase) {
      let winner: ToolEntry | undefined;
      let winnerScore = -1;
      let tie: ToolEntry | undefined;
      for (const override of list) {
        const score = matchSpecificity(override.definition.models, model);
        if (score < 0) continue;
        if (score > winnerScore) [winner, winnerScore, tie] = [override, score, undefined];
        else if (score === winnerScore) tie ??= override;
      }
      if (!winner) continue;
      if (!this.entries.has(baseName)) {
        diagnostics.push({
          severity: 'warning',
          code: 'override-base-missing',
          message: `Override '${winner.definition.name}' targets '${baseName}', which is not registered; the override is inert.`,
          toolName: winner.definition.name,
          packId: winner.packId,
        });
        continue;
      }
      if (!sentNames.has(baseName)) continue; // base does not match this model: the override is inert
      if (tie)
        diagnostics.push({
          severity: 'warning',
          code: 'override-tie',
          message: `Overrides '${winner.definition.name}' and '${tie.definition.name}' of '${baseName}' match model '${model.id}' equally (${describeSelectors(winner.definition.models)}); '${winner.definition.name}' (loaded first) is used.`,
          toolName: baseName,
        });
      overrides.set(baseName, winner);
    }
    candidates = { bases, overrides, diagnostics };
    this.candidatesByModel.set(key, candidates);
    return candidates;
  }

  private resolveUncached(request: ResolveRequest, session: VirtualToolSession, threshold: number, context: Readonly<Record<string, unknown>>, graph: ToolSetGraph): ResolvedToolSetImpl {
    const candidates = this.candidatesFor(request.model);
    const diagnostics: Diagnostic[] = [...graph.diagnostics, ...candidates.diagnostics];
    const referenced = this.expandReferences(request.referencedTools ?? [], graph, diagnostics);
    const enabled: EnabledTool[] = [];
    const isSelected = graph.selectionView(request.selection);
    for (const base of candidates.bases) {
      if (base.whenError) {
        diagnostics.push({ severity: 'error', code: 'when-invalid', message: `${base.whenError} — tool '${base.definition.name}' is not sent.`, toolName: base.definition.name, packId: base.packId });
        continue;
      }
      if (!base.isAvailable(context)) continue;
      const isReferenced = referenced.has(base.referenceName) || referenced.has(base.definition.name);
      const selected = isSelected(base.referenceName, base.enabledByDefault);
      if (!selected && !isReferenced) continue;
      let override = candidates.overrides.get(base.definition.name);
      if (override && !override.isAvailable(context)) override = undefined;
      const implementation = override ?? base;
      enabled.push({
        name: base.definition.name,
        base,
        implementation,
        reason: !selected ? 'referenced' : override ? 'override' : base.kind === 'model-specific' ? 'model-specific' : 'general',
        info: override ? override.info(base) : base.info(),
        cost: override ? override.tokenCost(base) : base.tokenCost(),
        pinned: isReferenced || base.core,
        toolSet: graph.primarySet(base.referenceName),
        packId: base.packId,
      });
    }

    const limit = request.model.maxTools ?? this.options.hardToolLimit ?? DEFAULT_LIMIT;
    const grouping = groupTools({
      tools: enabled,
      threshold,
      limit,
      expandedGroups: session.expandedGroups,
      describeToolSet: (set) => graph.description(set),
      describePack: (id) => this.packRecords.get(id)?.pack.displayName,
    });
    diagnostics.push(...grouping.diagnostics);

    const groupOf = new Map<string, ToolGroup<EnabledTool>>();
    for (const group of grouping.groups) for (const tool of group.tools) groupOf.set(tool.name, group);
    const sentNames = new Set<string>();
    const tools: LanguageModelToolInformation[] = [];
    let estimatedTokens = 0;
    for (const item of grouping.sent) {
      if (isGroup(item)) {
        tools.push(activatorInfo(item));
        estimatedTokens += 8 + Math.ceil((item.name.length + item.description.length) / 4) + 4;
      } else {
        tools.push(item.info);
        sentNames.add(item.name);
        estimatedTokens += item.cost;
      }
    }
    const bindings = new Map<string, Binding>();
    const entries: ResolvedToolEntry[] = [];
    for (const tool of enabled) {
      const group = groupOf.get(tool.name);
      const sent = sentNames.has(tool.name);
      if (!sent && !group) continue; // dropped by the tool limit (reported above)
      const entry: ResolvedToolEntry = {
        name: tool.name,
        toolReferenceName: tool.base.referenceName,
        packId: tool.base.packId,
        reason: !sent && group ? 'group' : tool.reason,
        implementationName: tool.implementation.definition.name,
        group: group?.name,
        sent,
        definition: tool.implementation.definition,
      };
      entries.push(entry);
      bindings.set(tool.name, { entry, implementation: tool.implementation, inputSchema: tool.info.inputSchema, group: group?.name });
    }
    const groups: ResolvedGroup[] = grouping.groups.map((g) => ({ name: g.name, description: g.description, tools: g.tools.map((t) => t.name), expanded: g.expanded }));
    return new ResolvedToolSetImpl(tools, groups, diagnostics, estimatedTokens, entries, request.model, session, this._version, this, bindings);
  }

  private expandReferences(references: readonly string[], graph: ToolSetGraph, diagnostics: Diagnostic[]): Set<string> {
    const result = new Set<string>();
    for (const reference of references) {
      if (graph.has(reference)) for (const tool of graph.expand(reference)) result.add(tool);
      else if (this.entries.has(reference) || [...this.entries.values()].some((e) => e.referenceName === reference)) result.add(reference);
      else diagnostics.push({ severity: 'warning', code: 'reference-unknown', message: `#${reference} is neither a tool nor a toolset; it is ignored.` });
    }
    return result;
  }

  // ---- invocation ----

  async prepare(resolved: ResolvedToolSet, call: Omit<ToolCall, 'callId'>, token: CancellationToken = CancellationToken.None): Promise<PreparedToolInvocation | undefined> {
    if (!(resolved instanceof ResolvedToolSetImpl) || resolved.owner !== this) throw new TypeError('prepare() needs a ResolvedToolSet returned by this registry’s resolve().');
    const binding = resolved.binding(call.name);
    if (!binding || binding.implementation.disposed) return undefined;
    const { instance, definition } = binding.implementation;
    const prepared = (await instance.prepareInvocation?.({ input: call.input ?? {} }, token)) ?? undefined;
    if (prepared?.confirmationMessages || !definition.annotations?.destructive) return prepared;
    return { ...prepared, confirmationMessages: { title: `Run ${call.name}?`, message: `\`${call.name}\` can change your files or repository.` } };
  }

  async invoke(resolved: ResolvedToolSet, call: ToolCall, options: InvokeOptions = {}): Promise<ToolCallResult> {
    if (!(resolved instanceof ResolvedToolSetImpl) || resolved.owner !== this) throw new TypeError('invoke() needs a ResolvedToolSet returned by this registry’s resolve().');
    return invokeTool(
      {
        validator: this.validator,
        approvals: this.approvals,
        defaultTimeoutMs: this.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        isRegistered: (name) => this.entries.has(name),
        registrySessionId: this.defaultSession.id,
      },
      resolved,
      call,
      options,
    );
  }
}

function whenDiagnostic(entry: ToolEntry): Diagnostic {
  return { severity: 'error', code: 'when-invalid', message: `${entry.whenError} — tool '${entry.definition.name}' is never sent.`, toolName: entry.definition.name, packId: entry.packId };
}

function isImplementation(value: unknown): boolean {
  return typeof value === 'function' || (!!value && typeof value === 'object' && typeof (value as Tool).invoke === 'function');
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

/** Creates a registry in `options.container` (or a new one), with its services bound there. */
export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const container = options.container ?? new Container();
  if (container.isCurrentBound(ToolRegistry)) throw new Error('This container already holds a ToolRegistry; pass another container.');
  container.bind(ToolRegistryOptions).toConstantValue(options);
  container.bind(RegistryContainer).toConstantValue(container);
  if (!container.isBound(ApprovalStore)) container.bind(ApprovalStore).to(InMemoryApprovalStore).inSingletonScope();
  container.bind(ToolRegistry).to(ToolRegistryService).inSingletonScope();
  return container.get(ToolRegistry);
}
