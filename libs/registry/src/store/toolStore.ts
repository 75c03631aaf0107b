// What is registered: tool entries, overrides by the tool they replace, toolsets and loaded packs,
// with a version that increments on every change, and what is derived from one version (the
// toolset graph, the context keys when clauses read, variants by toolReferenceName).
import type { Container } from 'inversify';
import type { InputValidator } from '../schema/inputValidation';
import { frozenCopy, type PackProblem, type PackSnapshot } from './packLoaderSnapshot';
import { checkToolDefinition, checkToolSetDefinition, referenceNameOf } from './definitionChecks';
import { ToolEntry } from './toolEntry';
import { ToolSetGraph, type ToolSetRecord } from './toolSetGraph';
import type { Diagnostic, Tool, ToolDefinition, ToolSetDefinition } from '../definitions';

export interface PackRecord {
  /** What was read from the pack at load; the pack object itself is never read again. */
  readonly pack: PackSnapshot;
  /** Absent when the pack needs none (no services, no class to construct). */
  readonly container: Container | undefined;
}

/** What one registry version implies; rebuilt on first use after a change. */
export interface DerivedState {
  readonly version: number;
  readonly graph: ToolSetGraph;
  /** Context keys any when clause reads, sorted (part of the resolution cache key). */
  readonly whenKeys: readonly string[];
  /** The first non-override tool of each toolReferenceName (whose enabledByDefault the picker shows). */
  readonly firstByReference: ReadonlyMap<string, ToolEntry>;
}

/** Names other work holds (packs still loading); checked like registered names. */
export interface NameReservations {
  toolReservedBy(name: string): string | undefined;
  toolSetReservedBy(name: string): string | undefined;
}

export class ToolStore {
  readonly entries = new Map<string, ToolEntry>();
  readonly overridesByBase = new Map<string, ToolEntry[]>();
  readonly toolSetRecords = new Map<string, ToolSetRecord>();
  readonly packRecords = new Map<string, PackRecord>();
  private seq = 0;
  private _version = 0;
  private derivedState?: DerivedState;

  constructor(
    private readonly validator: InputValidator,
    private readonly reservations: NameReservations,
    private readonly onChange: () => void,
  ) {}

  get version(): number {
    return this._version;
  }

  derived(): DerivedState {
    if (this.derivedState?.version !== this._version) {
      const firstByReference = new Map<string, ToolEntry>();
      const declared: [string, string][] = [];
      const keys = new Set<string>();
      // The map's order is load order: every entry is inserted once, right after it is created.
      for (const entry of this.entries.values()) {
        for (const k of entry.when?.keys ?? []) keys.add(k);
        if (entry.kind === 'override') continue;
        if (!firstByReference.has(entry.referenceName)) firstByReference.set(entry.referenceName, entry);
        if (entry.definition.toolSet) declared.push([entry.referenceName, entry.definition.toolSet]);
      }
      const graph = new ToolSetGraph(this.toolSetRecords, firstByReference, declared);
      this.derivedState = { version: this._version, graph, whenKeys: [...keys].sort(), firstByReference };
    }
    return this.derivedState;
  }

  // ---- changes ----

  createEntry(
    definition: ToolDefinition,
    instance: Tool,
    enabledByDefault: boolean,
    packId: string | undefined,
  ): ToolEntry {
    return new ToolEntry(this.seq++, frozenCopy(definition), instance, enabledByDefault, packId);
  }

  addTool(entry: ToolEntry): void {
    this.insertEntry(entry);
    this.changed();
  }

  /** False when the entry was already removed. */
  removeTool(entry: ToolEntry): boolean {
    if (!this.removeEntry(entry)) return false;
    this.changed();
    return true;
  }

  addToolSet(record: ToolSetRecord): void {
    this.toolSetRecords.set(record.definition.name, record);
    this.changed();
  }

  removeToolSet(definition: ToolSetDefinition): void {
    if (this.toolSetRecords.get(definition.name)?.definition !== definition) return;
    this.toolSetRecords.delete(definition.name);
    this.changed();
  }

  /** Adds a checked, constructed pack in one change; the when-clause diagnostics of its tools. */
  addPack(pack: PackSnapshot, container: Container | undefined, instances: readonly Tool[]): Diagnostic[] {
    // The snapshot's definitions are frozen copies the registry owns already (readPack): not copied again.
    const entries = pack.tools.map(
      ({ definition }, i) =>
        new ToolEntry(
          this.seq++,
          definition,
          instances[i],
          definition.enabledByDefault ?? pack.enabledByDefault ?? true,
          pack.id,
        ),
    );
    for (const entry of entries) this.insertEntry(entry);
    for (const definition of pack.toolSets) this.toolSetRecords.set(definition.name, { definition, packId: pack.id });
    this.packRecords.set(pack.id, { pack, container });
    this.changed();
    return entries.filter((e) => e.whenError).map(whenDiagnostic);
  }

  /** Removes the pack loaded from this snapshot, if it still is; its record (for its container). */
  removePack(pack: PackSnapshot): PackRecord | undefined {
    const record = this.packRecords.get(pack.id);
    if (record?.pack !== pack) return undefined;
    for (const entry of [...this.entries.values()]) if (entry.packId === pack.id) this.removeEntry(entry);
    for (const [name, set] of [...this.toolSetRecords]) if (set.packId === pack.id) this.toolSetRecords.delete(name);
    this.packRecords.delete(pack.id);
    this.changed();
    return record;
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

  private changed(): void {
    this._version++;
    this.onChange();
  }

  // ---- checks ----

  /** The toolset graph as it would be with this pack added; its diagnostics about the pack. */
  previewToolSetGraph(pack: PackSnapshot): Diagnostic[] {
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

  /** Problems of new definitions, against what is registered or reserved by loads under way. */
  checkDefinitions(
    definitions: readonly ToolDefinition[],
    sets: readonly ToolSetDefinition[],
    implementations?: readonly unknown[],
  ): PackProblem[] {
    const problems: PackProblem[] = [];
    const names = new Set<string>();
    definitions.forEach((definition, i) => {
      for (const p of checkToolDefinition(definition, this.validator))
        problems.push({ ...p, toolName: definition?.name });
      if (implementations && !isImplementation(implementations[i]))
        problems.push({
          code: 'tool-implementation-invalid',
          message: `Tool '${definition?.name}' needs an implementation: a class or an object with invoke().`,
          toolName: definition?.name,
        });
      const name = definition?.name;
      if (typeof name !== 'string') return;
      const existing = this.entries.get(name);
      const loading = this.reservations.toolReservedBy(name);
      if (existing) {
        const owner = existing.packId ? `pack '${existing.packId}'` : 'a direct registration';
        problems.push({
          code: 'tool-duplicate',
          message: `Tool '${name}' is already registered by ${owner}.`,
          toolName: name,
        });
      } else if (loading)
        problems.push({
          code: 'tool-duplicate',
          message: `Tool '${name}' is being loaded by pack '${loading}'.`,
          toolName: name,
        });
      else if (names.has(name))
        problems.push({ code: 'tool-duplicate', message: `Tool '${name}' is defined twice.`, toolName: name });
      names.add(name);
    });
    const setNames = new Set<string>();
    for (const set of sets) {
      for (const p of checkToolSetDefinition(set)) problems.push(p);
      const existing = this.toolSetRecords.get(set?.name);
      const loading = this.reservations.toolSetReservedBy(set?.name);
      if (existing)
        problems.push({
          code: 'toolset-duplicate',
          message: `Toolset '${set.name}' is already registered by ${existing.packId ? `pack '${existing.packId}'` : 'a direct registration'}.`,
        });
      else if (loading)
        problems.push({
          code: 'toolset-duplicate',
          message: `Toolset '${set.name}' is being loaded by pack '${loading}'.`,
        });
      else if (setNames.has(set?.name))
        problems.push({ code: 'toolset-duplicate', message: `Toolset '${set.name}' is defined twice.` });
      setNames.add(set?.name);
    }
    return problems;
  }
}

export function whenDiagnostic(entry: ToolEntry): Diagnostic {
  return {
    severity: 'error',
    code: 'when-invalid',
    message: `${entry.whenError} — tool '${entry.definition.name}' is never sent.`,
    toolName: entry.definition.name,
    packId: entry.packId,
  };
}

function isImplementation(value: unknown): boolean {
  return (
    typeof value === 'function' ||
    (!!value && typeof value === 'object' && typeof (value as Tool).invoke === 'function')
  );
}
