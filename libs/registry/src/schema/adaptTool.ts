// Tool definitions in the dialect a model's API accepts. A pack writes one canonical JSON Schema
// per tool, and input is always validated against it; what a model is sent is that schema adapted
// by rules kept as data (schemaDialects.ts), keyed by model selectors. Every change is reported with
// what the model no longer sees, so `toolpacks lint --model` can list it.
import { modelKey, modelMatches } from './modelSelector';
import { adaptName, adaptSchema, type SchemaChange } from './schemaRules';
import { restoreNulls } from './strictInput';
import type { LanguageModelToolInformation, ModelInfo, ModelSelector } from './types';

export type { SchemaChange, SchemaRuleName } from './schemaRules';

/** What a model family's API accepts, as data: every field is optional and only ever restricts. */
export interface SchemaRules {
  /** Tool names longer than this are shortened (a hash keeps them apart). */
  readonly maxNameLength?: number;
  /** Regular expressions (source) a tool name must match; one that does not is rewritten. */
  readonly namePatterns?: readonly string[];
  /** Tool descriptions longer than this are cut. */
  readonly maxDescriptionLength?: number;
  /** Descriptions inside the schema longer than this are cut. */
  readonly maxSchemaDescriptionLength?: number;
  /** The formats each type may have (`{ "string": ["date-time"] }`); another format moves into the description. */
  readonly allowedFormats?: Readonly<Record<string, readonly string[]>>;
  /** Keywords removed wherever they appear (a removed constraint is added to the description). */
  readonly unsupportedKeywords?: readonly string[];
  /** When set, every other keyword is removed (a subset of JSON Schema such as Gemini's). */
  readonly supportedKeywords?: readonly string[];
  /** Keywords removed at the top of the schema only. */
  readonly unsupportedTopLevelKeywords?: readonly string[];
  /** The schema's top must be `type: "object"` with `properties`. */
  readonly objectRoot?: boolean;
  /** Every array schema must say its `items` (`{}`, any value, is added). */
  readonly arrayItems?: boolean;
  /** `required` names only defined properties. */
  readonly requiredDefined?: boolean;
  /** `type: [t, "null"]` becomes `type: t, nullable: true` (OpenAPI 3.0); several types become `anyOf`. */
  readonly nullableTypes?: boolean;
  /** `const: v` becomes `enum: [v]`. */
  readonly constAsEnum?: boolean;
  /** `oneOf` becomes `anyOf` (only one of them matching is then no longer said). */
  readonly oneOfAsAnyOf?: boolean;
  /** `enum` only on string schemas; other enums move into the description. */
  readonly enumOnlyOnStrings?: boolean;
  /** `items: [a, b]` (a tuple, before Draft 2020-12) becomes `items: { anyOf: [a, b] }`. */
  readonly tupleItemsAsAnyOf?: boolean;
  /**
   * OpenAI's strict mode: every object closed (`additionalProperties: false`) and every property
   * required, optional ones made nullable (a null the model sends for them is dropped before the
   * input is validated).
   */
  readonly strict?: boolean;
}

/**
 * Every rule of SchemaRules by the kind of value it takes and how dialects that apply together
 * merge it: the smallest limit, every denied name or pattern, only what every allow-list allows,
 * only the formats every map allows, a flag any of them sets. The config file's check reads it too.
 */
export const SCHEMA_RULE_FIELDS = {
  /** Positive whole numbers; the smallest wins. */
  limits: ['maxNameLength', 'maxDescriptionLength', 'maxSchemaDescriptionLength'],
  /** Lists of strings; every entry of every dialect counts. */
  denyLists: ['namePatterns', 'unsupportedKeywords', 'unsupportedTopLevelKeywords'],
  /** Lists of strings; only what every dialect lists stays. */
  allowLists: ['supportedKeywords'],
  /** Objects of type → formats; only the formats every dialect allows stay. */
  formats: ['allowedFormats'],
  /** Booleans; any dialect that sets one turns it on. */
  flags: ['objectRoot', 'arrayItems', 'requiredDefined', 'nullableTypes', 'constAsEnum', 'oneOfAsAnyOf', 'enumOnlyOnStrings', 'tupleItemsAsAnyOf', 'strict'],
} as const satisfies Record<string, readonly (keyof SchemaRules)[]>;

// A rule missing from SCHEMA_RULE_FIELDS does not compile: it would never merge nor be checked.
const everyRuleListed: Record<Exclude<keyof SchemaRules, (typeof SCHEMA_RULE_FIELDS)[keyof typeof SCHEMA_RULE_FIELDS][number]>, never> = {};
void everyRuleListed;

/** One model family's rules, as data: the models it applies to and what their API accepts. */
export interface SchemaDialect {
  /** Shown with every change it makes (`gemini`, `gpt-4`). */
  readonly name: string;
  /** The models it applies to, as tool selectors say them (`family: "gemini*"`); none means every model. */
  readonly models: readonly ModelSelector[];
  /** What those models' API accepts. */
  readonly rules: SchemaRules;
}

/** The dialects that apply to one model, merged: the strictest value of every rule wins. */
export interface ModelDialect {
  /** The names of the dialects that apply, in order. */
  readonly names: readonly string[];
  /** Their rules, merged. */
  readonly rules: SchemaRules;
}

/** A tool definition as one model's dialect sends it. */
export interface AdaptedTool {
  /** What the model is sent. */
  readonly info: LanguageModelToolInformation;
  /** Empty when the canonical definition is sent as it is. */
  readonly changes: readonly SchemaChange[];
  /** Turns the model's input back into the canonical form (strict mode's nulls); absent when nothing to do. */
  readonly restoreInput?: (input: unknown) => unknown;
}

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

const adapted = new WeakMap<LanguageModelToolInformation, WeakMap<SchemaRules, AdaptedTool>>();

/** The tool as this dialect's models are sent it; cached per definition and dialect. */
export function adaptTool(info: LanguageModelToolInformation, dialect: ModelDialect): AdaptedTool {
  let byRules = adapted.get(info);
  if (!byRules) adapted.set(info, (byRules = new WeakMap()));
  let result = byRules.get(dialect.rules);
  if (!result) byRules.set(dialect.rules, (result = adaptUncached(info, dialect.rules)));
  return result;
}

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
  const changes = tool.changes.map((c) => (c.rule === 'name' ? { ...c, detail: `${c.detail.replace(`'${wanted}'`, `'${name}'`)} ('${wanted}' is another tool's name)` } : c));
  return { ...tool, info: Object.freeze({ ...tool.info, name }), changes };
}

function adaptUncached(info: LanguageModelToolInformation, rules: SchemaRules): AdaptedTool {
  const changes: SchemaChange[] = [];
  const name = adaptName(info.name, rules, changes);
  let description = info.description;
  if (rules.maxDescriptionLength !== undefined && description.length > rules.maxDescriptionLength) {
    description = description.slice(0, rules.maxDescriptionLength);
    changes.push({
      rule: 'description-length',
      path: 'description',
      detail: `cut to ${rules.maxDescriptionLength} characters`,
      lost: `the last ${info.description.length - rules.maxDescriptionLength} characters of the description`,
    });
  }
  const inputSchema = info.inputSchema !== undefined ? adaptSchema(info.inputSchema, rules, changes) : undefined;
  if (changes.length === 0) return { info, changes };
  const restoreInput = rules.strict && info.inputSchema ? (input: unknown) => restoreNulls(info.inputSchema, input) : undefined;
  return { info: Object.freeze({ name, description, ...(inputSchema ? { inputSchema } : {}) }), changes, restoreInput };
}

function mergeRules(all: readonly SchemaRules[]): SchemaRules {
  const merged: Record<string, unknown> = {};
  const given = <K extends keyof SchemaRules>(key: K) => all.map((r) => r[key]).filter((v): v is NonNullable<SchemaRules[K]> => v !== undefined);
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
function intersectFormats(a: Readonly<Record<string, readonly string[]>>, b: Readonly<Record<string, readonly string[]>>): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const type of Object.keys(a)) if (Object.hasOwn(b, type)) out[type] = a[type].filter((f) => b[type].includes(f));
  return out;
}
