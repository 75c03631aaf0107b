// Loading and unloading packs, atomically. A pack is foreign code: whatever it does (throwing
// getters, a failing services module, a throwing constructor, a toolset graph 100,000 levels deep),
// `load` resolves to a LoadedPack and the registry is either fully changed or not at all.
//
// Concurrency: a load checks its id, tool names and toolset names and reserves them in one
// synchronous step, before its first await; every later check (other loads, direct registrations)
// sees the reservation, and a failure releases it. So two loads never both win, while a pack whose
// services module hangs holds only its own names — other loads and resolve() go on.
import { Container, type Newable } from 'inversify';
import { MAX_LISTED_ITEMS, quoteBounded, safeString } from '@toolpacks/base';
import { readPack, type PackProblem, type PackSnapshot } from './packLoaderSnapshot';
import type { Diagnostic, LoadedPack, Tool } from '../definitions';

/** How many refused packs keep their diagnostics; the oldest refusal goes first. */
export const MAX_REFUSED_PACKS = 32;

/** What the loader needs from the registry; each call is synchronous. */
export interface PackLoaderHost {
  /** The container every pack's child container descends from. */
  readonly container: Container;
  isLoaded(packId: string): boolean;
  /** Structural problems of the pack's definitions, against what is registered or reserved by other loads. */
  checkDefinitions(pack: PackSnapshot): PackProblem[];
  /** Builds the toolset graph the registry would have with this pack; the pack's graph diagnostics. */
  previewGraph(pack: PackSnapshot): readonly Diagnostic[];
  /** Adds the pack in one step (or throws before changing anything); the pack's when-clause diagnostics. */
  commit(pack: PackSnapshot, container: Container | undefined, instances: readonly Tool[]): readonly Diagnostic[];
  /** Removes the pack loaded from this snapshot, if it still is. */
  remove(pack: PackSnapshot): void;
  /** Diagnostics changed without a registry change. */
  notify(): void;
}

export class PackLoader {
  private readonly pendingPacks = new Set<string>();
  private readonly reservedTools = new Map<string, string>();
  private readonly reservedToolSets = new Map<string, string>();
  /** Diagnostics of refused packs by id, oldest first; replaced when that id loads or is refused again. */
  private readonly refused = new Map<string, readonly Diagnostic[]>();
  private disposed = false;

  constructor(private readonly host: PackLoaderHost) {}

  get diagnostics(): readonly Diagnostic[] {
    return [...this.refused.values()].flat();
  }

  /** The pack that is loading with this tool name, if any. */
  toolReservedBy(name: string): string | undefined {
    return this.reservedTools.get(name);
  }

  toolSetReservedBy(name: string): string | undefined {
    return this.reservedToolSets.get(name);
  }

  /** Forgets refusals; every later load is refused without a trace (the registry was disposed). */
  dispose(): void {
    this.disposed = true;
    this.refused.clear();
  }

  /** Never rejects. */
  async load(value: unknown): Promise<LoadedPack> {
    if (this.disposed)
      return this.refuse(packIdOf(value), false, [
        {
          code: 'registry-disposed',
          message: 'The tool registry was disposed; no pack can be loaded into it. Create a new registry.',
        },
      ]);
    try {
      return await this.loadOrRefuse(value);
    } catch (error) {
      // Unreachable by design; kept so that a bug here still cannot reject into a host.
      return this.refuse('(unknown pack)', false, [
        { code: 'pack-load-failed', message: `A pack failed to load: ${quoteBounded(safeString(error))}` },
      ]);
    }
  }

  private async loadOrRefuse(value: unknown): Promise<LoadedPack> {
    const reading = readPack(value);
    if (!reading.ok) return this.refuse(reading.id, reading.validId, reading.problems);
    const pack = reading.pack;
    const id = pack.id;
    if (this.host.isLoaded(id))
      return this.refuse(id, true, [
        { code: 'pack-duplicate', message: `Pack '${id}' is already loaded; dispose it before loading it again.` },
      ]);
    if (this.pendingPacks.has(id))
      return this.refuse(id, true, [
        {
          code: 'pack-duplicate',
          message: `Pack '${id}' is being loaded already; wait for that load before loading it again.`,
        },
      ]);
    let problems: PackProblem[];
    try {
      problems = this.host.checkDefinitions(pack);
    } catch (error) {
      problems = [
        { code: 'pack-invalid', message: `its definitions could not be checked: ${quoteBounded(safeString(error))}` },
      ];
    }
    if (problems.length)
      return this.refuse(
        id,
        true,
        problems.map((p) => ({ ...p, message: `Pack '${id}' was not loaded: ${p.message}` })),
      );

    const release = this.reserve(pack);
    // Like registerTool: a container only for what needs one (services, a class to construct); an
    // inversify container costs about 13 KB, and a pack of tool objects never reads it.
    const container =
      pack.services || pack.tools.some((t) => typeof t.implementation === 'function')
        ? new Container({ parent: this.host.container })
        : undefined;
    const fail = (code: string, error: unknown) => {
      release();
      void disposeContainer(container);
      return this.refuse(id, true, [
        { code, message: `Pack '${id}' was not loaded: ${quoteBounded(safeString(error), 1_000)}` },
      ]);
    };
    let instances: Tool[];
    try {
      if (container && pack.services) await container.loadAsync(pack.services);
      // Construct every tool now: a missing service refuses the pack instead of failing a later call.
      instances = pack.tools.map(({ definition, implementation }) =>
        constructTool(container ?? this.host.container, implementation, definition.name),
      );
    } catch (error) {
      return fail('pack-services-failed', error);
    }
    // From here to the commit nothing awaits: the graph checked is the graph committed.
    let graphDiagnostics: readonly Diagnostic[];
    let whenDiagnostics: readonly Diagnostic[];
    try {
      graphDiagnostics = this.host.previewGraph(pack);
    } catch (error) {
      return fail('toolset-graph-invalid', error);
    }
    release();
    try {
      whenDiagnostics = this.host.commit(pack, container, instances);
    } catch (error) {
      return fail('pack-load-failed', error);
    }
    this.refused.delete(id);
    let disposed = false;
    return {
      id,
      loaded: true,
      diagnostics: [...whenDiagnostics, ...graphDiagnostics],
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.refused.delete(id);
        this.host.remove(pack);
        void disposeContainer(container);
      },
    };
  }

  /** Reserves the pack's id and names; the returned function releases them (once). */
  private reserve(pack: PackSnapshot): () => void {
    this.pendingPacks.add(pack.id);
    for (const { definition } of pack.tools) this.reservedTools.set(definition.name, pack.id);
    for (const set of pack.toolSets) this.reservedToolSets.set(set.name, pack.id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.pendingPacks.delete(pack.id);
      for (const { definition } of pack.tools)
        if (this.reservedTools.get(definition.name) === pack.id) this.reservedTools.delete(definition.name);
      for (const set of pack.toolSets)
        if (this.reservedToolSets.get(set.name) === pack.id) this.reservedToolSets.delete(set.name);
    };
  }

  /** Records why a pack was refused (bounded), and answers with a LoadedPack that holds nothing. */
  private refuse(id: string, validId: boolean, problems: readonly PackProblem[]): LoadedPack {
    const all = problems.map<Diagnostic>((p) => ({
      severity: 'error',
      code: p.code,
      message: p.message,
      toolName: p.toolName,
      packId: validId ? id : undefined,
    }));
    const diagnostics =
      all.length <= MAX_LISTED_ITEMS
        ? all
        : [
            ...all.slice(0, MAX_LISTED_ITEMS),
            {
              ...all[0],
              toolName: undefined,
              message: `Pack ${validId ? `'${id}'` : id}: … (${all.length - MAX_LISTED_ITEMS} more problems)`,
            },
          ];
    if (this.disposed) return { id, loaded: false, diagnostics, dispose: () => undefined };
    this.refused.delete(id);
    this.refused.set(id, diagnostics);
    while (this.refused.size > MAX_REFUSED_PACKS) this.refused.delete(this.refused.keys().next().value!);
    this.host.notify();
    // A refusal's diagnostics leave with it: disposing it drops them, unless a later load replaced them.
    const dispose = () => {
      if (this.refused.get(id) !== diagnostics) return;
      this.refused.delete(id);
      this.host.notify();
    };
    return { id, loaded: false, diagnostics, dispose };
  }
}

/** The pack's id when it has a readable one, without trusting its getters. */
function packIdOf(value: unknown): string {
  try {
    const id = (value as { id?: unknown } | undefined)?.id;
    return typeof id === 'string' ? id : '(unknown pack)';
  } catch {
    return '(unknown pack)';
  }
}

/** Builds a tool in `container`, or returns the given instance; throws a message naming the tool. */
export function constructTool(container: Container, implementation: Newable<Tool> | Tool, toolName: string): Tool {
  if (typeof implementation !== 'function') return implementation;
  let instance: Tool;
  try {
    if (!container.isCurrentBound(implementation)) container.bind(implementation).toSelf().inSingletonScope();
    instance = container.get(implementation);
  } catch (error) {
    throw new Error(`tool '${toolName}' could not be constructed: ${safeString(error)}`, { cause: error });
  }
  if (typeof instance?.invoke !== 'function')
    throw new Error(`tool '${toolName}': ${safeString(implementation.name)} has no invoke() method.`);
  return instance;
}

/**
 * Unbinds a pack's or a tool's own container, so its singletons get their preDestroy: synchronous
 * ones before this returns, asynchronous ones by the time the promise settles (each runs once;
 * a sync unbindAll would start them, throw, and leave a retry to run them twice). Never rejects.
 */
export function disposeContainer(container: Container | undefined): Promise<void> {
  if (!container) return Promise.resolve();
  try {
    return container.unbindAllAsync().catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}
