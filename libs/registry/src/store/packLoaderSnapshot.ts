// Reads a pack object once, defensively, into plain data the registry owns. A pack is foreign code:
// its getters may throw, it may be a Proxy, its fields may have any type, and it may change after
// loading. Everything later (checks, commit, `packs`, grouping, unload) uses only this snapshot.
import type { ContainerModule } from 'inversify';
import { quoteBounded, safeString } from '@toolpacks/base';
import type { PackTool, Tool, ToolDefinition, ToolSetDefinition, Newable } from '../definitions';
import { readErrorHints, type ErrorHintLookup } from './packErrorHints';

export interface PackSnapshot {
  readonly id: string;
  readonly displayName: string;
  readonly version: string;
  readonly tools: readonly PackTool[];
  readonly toolSets: readonly ToolSetDefinition[];
  readonly services?: ContainerModule;
  readonly enabledByDefault?: boolean;
  /** The pack's errorHints as one lookup (see packErrorHints.ts). */
  readonly errorHint?: ErrorHintLookup;
}

export interface PackProblem {
  readonly code: string;
  readonly message: string;
  readonly toolName?: string;
}

export type PackReading =
  | { readonly ok: true; readonly pack: PackSnapshot }
  /** `id` is the pack's id when it could be read, else a printable stand-in. */
  | { readonly ok: false; readonly id: string; readonly validId: boolean; readonly problems: readonly PackProblem[] };

const PACK_ID = /^[\w.-]+$/;

/** Stand-in id for a pack whose id is not valid: the string cut short, or the value in parentheses. */
function printableId(value: unknown): string {
  return typeof value === 'string' ? quoteBounded(value, 100) : `(${quoteBounded(safeString(value), 100)})`;
}

/** How a message quotes an invalid id: strings in quotes, other values as printableId shows them. */
function quotedId(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(printableId(value)) : printableId(value);
}

/** Never throws. */
export function readPack(value: unknown): PackReading {
  if (!value || (typeof value !== 'object' && typeof value !== 'function'))
    return {
      ok: false,
      id: printableId(value),
      validId: false,
      problems: [
        {
          code: 'pack-invalid',
          message: `A pack needs an id matching [\\w.-]+; got ${quotedId(value)} instead of a pack (use definePack).`,
        },
      ],
    };
  const pack = value as Record<string, unknown>;
  const problems: PackProblem[] = [];
  const field = (key: string): unknown => {
    try {
      return pack[key];
    } catch (error) {
      problems.push({
        code: 'pack-invalid',
        message: `The pack's ${key} could not be read: ${quoteBounded(safeString(error))}`,
      });
      return undefined;
    }
  };

  const rawId = field('id');
  if (problems.length) return { ok: false, id: '(unreadable id)', validId: false, problems };
  if (typeof rawId !== 'string' || !PACK_ID.test(rawId))
    return {
      ok: false,
      id: printableId(rawId),
      validId: false,
      problems: [{ code: 'pack-invalid', message: `A pack needs an id matching [\\w.-]+; got ${quotedId(rawId)}.` }],
    };
  const id = rawId;
  const displayName = field('displayName');
  const version = field('version');
  const services = field('services');
  const enabledByDefault = field('enabledByDefault');
  const tools = readTools(field('tools'), id, problems);
  const toolSets = readToolSets(field('toolSets'), id, problems);
  if (enabledByDefault !== undefined && typeof enabledByDefault !== 'boolean')
    problems.push({ code: 'pack-invalid', message: `Pack '${id}': enabledByDefault must be a boolean.` });
  const hints = readErrorHints(field('errorHints'), id);
  if (!hints.ok) problems.push({ code: 'pack-invalid', message: hints.message });
  if (problems.length) return { ok: false, id, validId: true, problems };
  return {
    ok: true,
    pack: Object.freeze({
      id,
      displayName: typeof displayName === 'string' ? displayName : id,
      version: typeof version === 'string' ? version : '',
      tools: tools!,
      toolSets: toolSets!,
      services: services === undefined || services === null ? undefined : (services as ContainerModule),
      enabledByDefault: enabledByDefault as boolean | undefined,
      ...(hints.ok && hints.lookup ? { errorHint: hints.lookup } : {}),
    }),
  };
}

function readTools(value: unknown, packId: string, problems: PackProblem[]): PackTool[] | undefined {
  if (value === undefined && problems.length) return undefined; // the getter threw, already reported
  const items = readArray(value);
  if (!items.ok) {
    problems.push({
      code: 'pack-invalid',
      message: items.error ?? `Pack '${packId}' needs a tools array (use definePack).`,
    });
    return undefined;
  }
  const tools: PackTool[] = [];
  items.values.forEach((item, i) => {
    try {
      const tool = item as PackTool;
      const definition = tool.definition as unknown;
      const implementation = tool.implementation as Newable<Tool> | Tool;
      const copy =
        definition && typeof definition === 'object'
          ? frozenCopy(definition as ToolDefinition)
          : (definition as ToolDefinition);
      tools.push({ definition: copy, implementation });
    } catch (error) {
      problems.push({
        code: 'tool-definition-invalid',
        message: `Pack '${packId}': tool #${i} could not be read: ${quoteBounded(safeString(error))}`,
      });
    }
  });
  return tools;
}

function readToolSets(value: unknown, packId: string, problems: PackProblem[]): ToolSetDefinition[] | undefined {
  if (value === undefined) return [];
  const items = readArray(value);
  if (!items.ok) {
    problems.push({
      code: 'pack-invalid',
      message: items.error ?? `Pack '${packId}': toolSets must be an array of toolset definitions.`,
    });
    return undefined;
  }
  const sets: ToolSetDefinition[] = [];
  items.values.forEach((item, i) => {
    try {
      if (!item || typeof item !== 'object') return void sets.push(item as ToolSetDefinition);
      const set = { ...(item as ToolSetDefinition) };
      const members = readArray(set.tools);
      sets.push(frozenCopy({ ...set, tools: members.ok ? Object.freeze(members.values as string[]) : set.tools }));
    } catch (error) {
      problems.push({
        code: 'toolset-invalid',
        message: `Pack '${packId}': toolset #${i} could not be read: ${quoteBounded(safeString(error))}`,
      });
    }
  });
  return sets;
}

/**
 * A frozen shallow copy of the object's own enumerable string-keyed properties (an own `__proto__`
 * stays a plain key). Not `Object.freeze({ ...value })`: in V8 that gives every copy a hidden class
 * of its own (about 200 bytes each), this shares one per shape.
 */
export function frozenCopy<T extends object>(value: T): T {
  return Object.freeze(Object.fromEntries(Object.entries(value))) as T;
}

/** A copy of a real array (a Proxy of one included), or why not. */
function readArray(value: unknown): { ok: true; values: unknown[] } | { ok: false; error?: string } {
  try {
    if (!Array.isArray(value)) return { ok: false };
    const values: unknown[] = [];
    for (let i = 0; i < value.length; i++) values.push(value[i]);
    return { ok: true, values };
  } catch (error) {
    return { ok: false, error: `An array in the pack could not be read: ${quoteBounded(safeString(error))}` };
  }
}
