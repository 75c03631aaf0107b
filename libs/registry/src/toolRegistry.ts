// The registry composes what a tool goes through: a definition is checked and registered (here and
// in PackLoader) into the ToolStore; the Resolver decides per request what the model gets and why
// the rest is not sent; invocation runs a call against that result and answers with a result.
import { Container, inject, injectable, type Newable, type ServiceIdentifier } from 'inversify';
import { DisposableStore, Emitter, toDisposable } from '@toolpacks/base';
import { ApprovalStore, InMemoryApprovalStore } from './invoke/approvals';
import { InputValidator } from './schema/inputValidation';
import { answerVirtualCall, openGroupOfCalledTool } from './invoke/virtualCalls';
import { invokeTool, prepareCall, registryDisposedResult } from './invoke/invocation';
import { constructTool, disposeContainer, PackLoader } from './store/packLoader';
import { ResolvedToolSetImpl } from './resolve/resolvedToolSet';
import { Resolver } from './resolve/resolver';
import type { SchemaDialect } from './schema/schemaTypes';
import { DEFAULT_SCHEMA_DIALECTS } from './schema/builtinDialects';
import { schemaReport, type SchemaReport } from './schema/schemaReport';
import { ToolStore, whenDiagnostic } from './store/toolStore';
import type {
  Diagnostic,
  LoadedPack,
  ModelInfo,
  ModelSelector,
  PreparedToolInvocation,
  Tool,
  ToolDefinition,
  ToolPack,
  ToolSetDefinition,
} from './definitions';
import type { Disposable } from '@toolpacks/base';
import type { InvokeOptions } from './invoke/invocationTypes';
import type { ToolCall, ToolCallResult } from './definitions';
import type { ResolvedToolSet, ResolveRequest, ToolSelection, VirtualToolSession } from './resolve/resolutionTypes';
import { CancellationToken } from '@toolpacks/base';
import { ToolRegistry, ToolRegistryOptions } from './types';
import { DefaultVirtualToolSession } from './resolve/virtualTools';

/** The container the registry was created with; packs get child containers of it. */
export const RegistryContainer: ServiceIdentifier<Container> = Symbol.for('toolpacks.RegistryContainer');

const DEFAULT_THRESHOLD = 64;
const DEFAULT_LIMIT = 128;
const DEFAULT_TIMEOUT_MS = 120_000;

/** A direct registration that is still registered: what dispose() must end. */
interface Registration {
  readonly remove: () => void;
  readonly container?: Container;
}

@injectable()
export class ToolRegistryService implements ToolRegistry {
  private readonly validator = new InputValidator();
  private readonly lifetime = new DisposableStore();
  private readonly changeEmitter = this.lifetime.add(new Emitter<void>());
  private readonly defaultSession = this.lifetime.add(new DefaultVirtualToolSession());
  /** Sessions handed out, held weakly: a host drops a session with its chat. */
  private readonly sessions = new Set<WeakRef<DefaultVirtualToolSession>>();
  private readonly registrations = new Set<Registration>();
  private readonly store: ToolStore;
  private readonly packLoader: PackLoader;
  private readonly resolver: Resolver;
  private readonly dialects: readonly SchemaDialect[];
  private disposed = false;
  private disposal?: Promise<void>;

  readonly onDidChange = this.changeEmitter.event;

  constructor(
    @inject(ToolRegistryOptions) private readonly options: ToolRegistryOptions,
    @inject(ApprovalStore) private readonly approvals: ApprovalStore,
    @inject(RegistryContainer) private readonly container: Container,
  ) {
    this.packLoader = new PackLoader({
      container,
      isLoaded: (packId) => this.store.packRecords.has(packId),
      checkDefinitions: (pack) =>
        this.store.checkDefinitions(
          pack.tools.map((t) => t.definition),
          pack.toolSets,
          pack.tools.map((t) => t.implementation),
        ),
      previewGraph: (pack) => this.store.previewToolSetGraph(pack),
      commit: (pack, packContainer, instances) => {
        this.assertLive('loadPack');
        return this.store.addPack(pack, packContainer, instances);
      },
      remove: (pack) => void this.store.removePack(pack),
      notify: () => this.changeEmitter.fire(),
    });
    this.dialects = [...DEFAULT_SCHEMA_DIALECTS, ...(options.schemaDialects ?? [])];
    this.store = new ToolStore(this.validator, this.packLoader, () => this.changeEmitter.fire());
    this.resolver = new Resolver(this.store, {
      threshold: options.virtualToolThreshold ?? DEFAULT_THRESHOLD,
      limit: options.hardToolLimit ?? DEFAULT_LIMIT,
      mode: options.virtualToolMode ?? 'groups',
      defaultSession: this.defaultSession,
      dialects: this.dialects,
      owner: this,
      contextKeyHints: options.contextKeyHints ?? {},
    });
  }

  get version(): number {
    return this.store.version;
  }

  get diagnostics(): readonly Diagnostic[] {
    const whenErrors = [...this.store.entries.values()].filter((e) => e.whenError).map(whenDiagnostic);
    return [...this.packLoader.diagnostics, ...whenErrors, ...this.store.derived().graph.diagnostics];
  }

  get packs() {
    return [...this.store.packRecords.values()].map(({ pack }) => ({
      id: pack.id,
      displayName: pack.displayName,
      version: pack.version,
    }));
  }

  get tools() {
    return [...this.store.entries.values()].map((e) => ({ definition: e.definition, packId: e.packId }));
  }

  get toolSets() {
    return [...this.store.toolSetRecords.values()];
  }

  // ---- registration ----

  registerTool(definition: ToolDefinition, implementation: Newable<Tool> | Tool): Disposable {
    this.assertLive('registerTool');
    const problems = this.store.checkDefinitions([definition], []);
    if (problems.length) throw new Error(problems.map((p) => p.message).join('\n'));
    // A class gets its own child container, unbound with the registration (its preDestroy runs).
    const toolContainer = typeof implementation === 'function' ? new Container({ parent: this.container }) : undefined;
    let instance: Tool;
    try {
      instance = constructTool(toolContainer ?? this.container, implementation, definition.name);
    } catch (error) {
      void disposeContainer(toolContainer);
      throw error;
    }
    const entry = this.store.createEntry(definition, instance, definition.enabledByDefault ?? true, undefined);
    this.store.addTool(entry);
    const registration: Registration = { remove: () => this.store.removeTool(entry), container: toolContainer };
    this.registrations.add(registration);
    return toDisposable(() => {
      if (!this.registrations.delete(registration)) return; // the registry was disposed first
      registration.remove();
      void disposeContainer(toolContainer);
    });
  }

  registerModelSpecificTool(
    definition: ToolDefinition & { models: readonly ModelSelector[] },
    implementation: Newable<Tool> | Tool,
  ): Disposable {
    if (!Array.isArray(definition?.models) || definition.models.length === 0)
      throw new Error(
        `registerModelSpecificTool('${definition?.name}') needs at least one model selector; use registerTool for a tool every model gets.`,
      );
    return this.registerTool(definition, implementation);
  }

  registerToolSet(set: ToolSetDefinition): Disposable {
    this.assertLive('registerToolSet');
    const problems = this.store.checkDefinitions([], [set]);
    if (problems.length) throw new Error(problems.map((p) => p.message).join('\n'));
    this.store.addToolSet({ definition: set });
    const registration: Registration = { remove: () => this.store.removeToolSet(set) };
    this.registrations.add(registration);
    return toDisposable(() => {
      if (this.registrations.delete(registration)) registration.remove();
    });
  }

  /** Never rejects: a refused pack (or any pack once the registry is disposed) resolves to `loaded: false` with diagnostics. */
  loadPack(pack: ToolPack): Promise<LoadedPack> {
    return this.packLoader.load(pack);
  }

  // ---- resolution ----

  createVirtualToolSession(): VirtualToolSession {
    const session = new DefaultVirtualToolSession();
    if (this.sessions.size >= 64) for (const ref of this.sessions) if (!ref.deref()) this.sessions.delete(ref);
    this.sessions.add(new WeakRef(session));
    return session;
  }

  isSelected(toolReferenceName: string, selection?: ToolSelection): boolean {
    const { graph, firstByReference } = this.store.derived();
    return graph.isEnabled(
      toolReferenceName,
      firstByReference.get(toolReferenceName)?.enabledByDefault ?? true,
      selection,
    );
  }

  toolSetMembers(name: string): readonly string[] {
    return this.store.derived().graph.expand(name);
  }

  resolve(request: ResolveRequest): ResolvedToolSet {
    this.assertLive('resolve');
    return this.resolver.resolve(request);
  }

  bindTool(name: string, model?: ModelInfo, selection?: ToolSelection): ResolvedToolSet | undefined {
    this.assertLive('bindTool');
    return this.resolver.bindTool(name, model, selection);
  }

  // ---- invocation ----

  schemaReport(model: ModelInfo): SchemaReport {
    return schemaReport(this.tools, model, this.dialects);
  }

  async prepare(
    resolved: ResolvedToolSet,
    call: Omit<ToolCall, 'callId'>,
    token: CancellationToken = CancellationToken.None,
  ): Promise<PreparedToolInvocation | undefined> {
    if (this.disposed) return undefined;
    return prepareCall(this.own(resolved, 'prepare'), call, token);
  }

  async invoke(resolved: ResolvedToolSet, call: ToolCall, options: InvokeOptions = {}): Promise<ToolCallResult> {
    if (this.disposed) return registryDisposedResult(call);
    const own = this.own(resolved, 'invoke');
    const virtual = answerVirtualCall(own, call, this.validator);
    if (virtual) return virtual;
    return invokeTool(
      {
        validator: this.validator,
        approvals: this.approvals,
        defaultTimeoutMs: this.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        isRegistered: (name) => this.store.entries.has(name),
        registrySessionId: this.defaultSession.id,
        packErrorHint: (packId) => this.store.packRecords.get(packId)?.pack.errorHint,
        ...(this.options.onStructuredContentProblem
          ? { onStructuredContentProblem: this.options.onStructuredContentProblem }
          : {}),
      },
      own,
      call,
      options,
      () => openGroupOfCalledTool(own, call.name),
    );
  }

  // ---- lifecycle ----

  /** Ends every pack and registration (containers unbound, preDestroy awaited), caches, sessions, events. */
  dispose(): Promise<void> {
    this.disposal ??= this.disposeOnce();
    return this.disposal;
  }

  private async disposeOnce(): Promise<void> {
    // Flagged and silenced first: a listener reacting to the removals below must not resolve.
    this.disposed = true;
    this.lifetime.dispose();
    this.packLoader.dispose();
    const containers: Container[] = [];
    for (const { pack, container } of [...this.store.packRecords.values()]) {
      this.store.removePack(pack);
      if (container) containers.push(container);
    }
    for (const registration of this.registrations) {
      registration.remove();
      if (registration.container) containers.push(registration.container);
    }
    this.registrations.clear();
    this.resolver.clear();
    for (const ref of this.sessions) ref.deref()?.dispose();
    this.sessions.clear();
    await Promise.all(containers.map(disposeContainer));
  }

  private assertLive(operation: string): void {
    if (this.disposed) throw new Error(`${operation}() was called on a disposed tool registry; create a new registry.`);
  }

  private own(resolved: ResolvedToolSet, operation: string): ResolvedToolSetImpl {
    if (!(resolved instanceof ResolvedToolSetImpl) || resolved.owner !== this)
      throw new TypeError(
        `${operation}() needs a ResolvedToolSet returned by this registry’s resolve() or bindTool().`,
      );
    return resolved;
  }
}

/** Creates a registry in `options.container` (or a new one), with its services bound there. */
export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const container = options.container ?? new Container();
  if (container.isCurrentBound(ToolRegistry))
    throw new Error('This container already holds a ToolRegistry; pass another container.');
  container.bind(ToolRegistryOptions).toConstantValue(options);
  container.bind(RegistryContainer).toConstantValue(container);
  if (!container.isBound(ApprovalStore)) container.bind(ApprovalStore).to(InMemoryApprovalStore).inSingletonScope();
  container.bind(ToolRegistry).to(ToolRegistryService).inSingletonScope();
  return container.get(ToolRegistry);
}
