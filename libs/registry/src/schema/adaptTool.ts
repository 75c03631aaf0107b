// Tool definitions in the dialect a model's API accepts. A pack writes one canonical JSON Schema
// per tool, and input is always validated against it; what a model is sent is that schema adapted
// by rules kept as data (builtinDialects.ts), keyed by model selectors. Every change is reported with
// what the model no longer sees, so `toolpacks lint --model` can list it.
import { modelKey, modelMatches } from '../modelSelector';
import { adaptName, adaptSchema } from './schemaRules';
import {
  SCHEMA_RULE_FIELDS,
  type AdaptedTool,
  type ModelDialect,
  type SchemaChange,
  type SchemaDialect,
  type SchemaRules,
} from './schemaTypes';
import { restoreNulls } from './strictInput';
import type { LanguageModelToolInformation, ModelInfo } from '../definitions';

const merged = new WeakMap<readonly SchemaDialect[], Map<string, ModelDialect>>();

/** The dialects of `dialects` that select this model, merged; the same object for the same list and model. */
export function dialectFor(model: ModelInfo, dialects: readonly SchemaDialect[]): ModelDialect {
  let byModel = merged.get(dialects);
  if (!byModel) merged.set(dialects, (byModel = new Map()));
  const key = modelKey(model);
  let dialect = byModel.get(key);
  if (!dialect) {
    const matching = dialects.filter((d) => modelMatches(d.models, model));
    dialect = { names: matching.map((d) => d.name), rules: mergeRules(matching.map((d) => d.rules)) };
    if (byModel.size >= 256) byModel.delete(byModel.keys().next().value!);
    byModel.set(key, dialect);
  }
  return dialect;
}

const adapted = new WeakMap<SchemaRules, WeakMap<LanguageModelToolInformation, AdaptedTool>>();

/** The tool as this dialect's models are sent it; cached per dialect and definition (the resolver uses sentForm). */
export function adaptTool(info: LanguageModelToolInformation, dialect: ModelDialect): AdaptedTool {
  let byInfo = adapted.get(dialect.rules);
  if (!byInfo) adapted.set(dialect.rules, (byInfo = new WeakMap()));
  let result = byInfo.get(info);
  if (!result) byInfo.set(info, (result = sentForm(info, dialect)));
  return result;
}

/** A schema as one dialect sends it: one per distinct schema object, shared by every tool that has it. */
interface AdaptedSchema {
  /** The canonical schema itself when nothing changed. */
  readonly schema: object;
  readonly changes: readonly SchemaChange[];
  readonly restoreInput?: (input: unknown) => unknown;
}

const adaptedSchemas = new WeakMap<SchemaRules, WeakMap<object, AdaptedSchema>>();

function adaptedSchema(schema: object, rules: SchemaRules): AdaptedSchema {
  let bySchema = adaptedSchemas.get(rules);
  if (!bySchema) adaptedSchemas.set(rules, (bySchema = new WeakMap()));
  let result = bySchema.get(schema);
  if (!result) {
    const changes: SchemaChange[] = [];
    const adapted = adaptSchema(schema, rules, changes);
    const restoreInput = rules.strict ? (input: unknown) => restoreNulls(schema, input) : undefined;
    bySchema.set(
      schema,
      (result = changes.length
        ? { schema: adapted, changes: Object.freeze(changes), restoreInput }
        : { schema, changes: NO_CHANGES, restoreInput }),
    );
  }
  return result;
}

const NO_CHANGES: readonly SchemaChange[] = Object.freeze([]);

/**
 * The adapted tool under a name no other tool of the request has (`taken`: every enabled tool's
 * name and the names given out so far, to which its name is added): a rename must never shadow
 * another tool, nor two tools be sent under one name.
 */
export function renameApart(tool: AdaptedTool, taken: Set<string>, dialect: ModelDialect): AdaptedTool {
  const wanted = tool.info.name;
  let name = wanted;
  const max = dialect.rules.maxNameLength ?? 64;
  for (let i = 2; taken.has(name); i++) name = `${wanted.slice(0, max - String(i).length - 1)}_${i}`;
  taken.add(name);
  if (name === wanted) return tool;
  const changes = tool.changes.map((c) =>
    c.rule === 'name'
      ? { ...c, detail: `${c.detail.replace(`'${wanted}'`, `'${name}'`)} ('${wanted}' is another tool's name)` }
      : c,
  );
  return { ...tool, info: Object.freeze({ ...tool.info, name }), changes };
}

/**
 * The tool as this dialect's models are sent it, not cached per tool: what a tool is sent is built
 * per resolve from its name, its description and its schema's adapted form, which every tool with
 * that schema shares (a registry keeps no per-tool copy of a schema or of its changes).
 */
export function sentForm(info: LanguageModelToolInformation, dialect: ModelDialect): AdaptedTool {
  const rules = dialect.rules;
  const shared = info.inputSchema !== undefined ? adaptedSchema(info.inputSchema, rules) : undefined;
  const own: SchemaChange[] = [];
  const name = adaptName(info.name, rules, own);
  let description = info.description;
  if (rules.maxDescriptionLength !== undefined && description.length > rules.maxDescriptionLength) {
    description = description.slice(0, rules.maxDescriptionLength);
    own.push({
      rule: 'description-length',
      path: 'description',
      detail: `cut to ${rules.maxDescriptionLength} characters`,
      lost: `the last ${info.description.length - rules.maxDescriptionLength} characters of the description`,
    });
  }
  const schemaChanges = shared?.changes ?? NO_CHANGES;
  if (own.length === 0 && schemaChanges.length === 0) return { info, changes: NO_CHANGES };
  const changes = own.length === 0 ? schemaChanges : [...own, ...schemaChanges];
  return {
    info: Object.freeze({ name, description, ...(shared ? { inputSchema: shared.schema } : {}) }),
    changes,
    restoreInput: shared?.restoreInput,
  };
}

function mergeRules(all: readonly SchemaRules[]): SchemaRules {
  const merged: Record<string, unknown> = {};
  const given = <K extends keyof SchemaRules>(key: K) =>
    all.map((r) => r[key]).filter((v): v is NonNullable<SchemaRules[K]> => v !== undefined);
  for (const key of SCHEMA_RULE_FIELDS.limits) {
    const values = given(key);
    merged[key] = values.length ? Math.min(...values) : undefined;
  }
  for (const key of SCHEMA_RULE_FIELDS.denyLists) {
    const values = given(key).flat();
    merged[key] = values.length ? [...new Set(values)] : undefined;
  }
  for (const key of SCHEMA_RULE_FIELDS.allowLists) {
    const lists = given(key);
    merged[key] = lists.length ? lists.reduce((a, b) => a.filter((k) => b.includes(k))) : undefined;
  }
  for (const key of SCHEMA_RULE_FIELDS.formats) {
    const maps = given(key);
    merged[key] = maps.length ? maps.reduce(intersectFormats) : undefined;
  }
  for (const key of SCHEMA_RULE_FIELDS.flags) merged[key] = all.some((r) => r[key] === true) || undefined;
  return Object.freeze(merged as SchemaRules);
}

/** The formats both allow, per type. */
function intersectFormats(
  a: Readonly<Record<string, readonly string[]>>,
  b: Readonly<Record<string, readonly string[]>>,
): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const type of Object.keys(a)) if (Object.hasOwn(b, type)) out[type] = a[type].filter((f) => b[type].includes(f));
  return out;
}
