// The vocabulary of schema dialects: what a model family's API accepts (rules as data), the changes
// a dialect makes, and a tool as one model's dialect sends it. A leaf of schema/: the rules, strict
// mode and adaptTool all read it, and it reads none of them.
import type { LanguageModelToolInformation, ModelSelector } from '../definitions';

/** The rule behind a change (see SchemaRules). */
export type SchemaRuleName =
  | 'name'
  | 'description-length'
  | 'object-root'
  | 'top-level-keyword'
  | 'keyword'
  | 'array-items'
  | 'required-defined'
  | 'nullable-type'
  | 'const-enum'
  | 'one-of'
  | 'enum-type'
  | 'tuple-items'
  | 'strict';

/** One change a dialect made to a tool's name, description or input schema. */
export interface SchemaChange {
  /** The rule that made it. */
  readonly rule: SchemaRuleName;
  /** `name`, `description`, or a JSON Pointer into the input schema (`` for its top). */
  readonly path: string;
  /** What was done. */
  readonly detail: string;
  /** What the model no longer sees or may no longer send; absent when nothing is lost. */
  readonly lost?: string;
}

export type Schema = Record<string, unknown>;

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
  flags: [
    'objectRoot',
    'arrayItems',
    'requiredDefined',
    'nullableTypes',
    'constAsEnum',
    'oneOfAsAnyOf',
    'enumOnlyOnStrings',
    'tupleItemsAsAnyOf',
    'strict',
  ],
} as const satisfies Record<string, readonly (keyof SchemaRules)[]>;

// A rule missing from SCHEMA_RULE_FIELDS does not compile: it would never merge nor be checked.
const everyRuleListed: Record<
  Exclude<keyof SchemaRules, (typeof SCHEMA_RULE_FIELDS)[keyof typeof SCHEMA_RULE_FIELDS][number]>,
  never
> = {};
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

export function hasType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
