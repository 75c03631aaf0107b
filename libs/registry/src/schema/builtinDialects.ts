// The dialects the registry knows, as data keyed by model selectors: a model family with new limits
// needs a new entry here or in the registry's `schemaDialects` option, never new code. Sources: the
// tool-schema normalizer of VS Code's Copilot Chat (the rules it applies before models reject a
// request), Google's FunctionDeclaration/Schema reference (an OpenAPI 3.0 subset) and OpenAI's
// function-calling and structured-outputs references.
import type { SchemaDialect } from './schemaTypes';

/** What every model's API requires of a function definition. */
const EVERY_MODEL: SchemaDialect = {
  name: 'every model',
  models: [],
  rules: {
    maxNameLength: 64,
    namePatterns: ['^[A-Za-z0-9_-]+$'],
    objectRoot: true,
    arrayItems: true,
    requiredDefined: true,
    // Refused at the top of a function's parameters by both Claude and GPT-4o.
    unsupportedTopLevelKeywords: ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'],
  },
};

/** GPT-4-family models: descriptions up to 1,024 characters, no validation keywords. */
const GPT_4: SchemaDialect = {
  name: 'gpt-4',
  models: [{ family: 'gpt-4*' }],
  rules: {
    maxSchemaDescriptionLength: 1024,
    unsupportedKeywords: [
      'minLength',
      'maxLength',
      'pattern',
      'default',
      'format',
      'minimum',
      'maximum',
      'multipleOf',
      'patternProperties',
      'unevaluatedProperties',
      'propertyNames',
      'minProperties',
      'maxProperties',
      'unevaluatedItems',
      'contains',
      'minContains',
      'maxContains',
      'minItems',
      'maxItems',
      'uniqueItems',
    ],
  },
};

/** Models that read JSON Schema Draft 2020-12, where a list in `items` is not a tuple. */
const DRAFT_2020_12: SchemaDialect = {
  name: 'draft 2020-12',
  models: [{ family: 'gpt-4*' }, { family: 'claude-*' }, { family: 'o4*' }],
  rules: { tupleItemsAsAnyOf: true },
};

/** Gemini: Google's Schema object, a subset of OpenAPI 3.0; names start with a letter or `_`. */
const GEMINI: SchemaDialect = {
  name: 'gemini',
  models: [{ family: 'gemini*' }, { id: 'gemini*' }],
  rules: {
    namePatterns: ['^[A-Za-z_]'],
    // "only 'enum' and 'date-time' are supported for STRING type", and the numeric formats.
    allowedFormats: { string: ['enum', 'date-time'], integer: ['int32', 'int64'], number: ['float', 'double'] },
    nullableTypes: true,
    constAsEnum: true,
    oneOfAsAnyOf: true,
    enumOnlyOnStrings: true,
    supportedKeywords: [
      'type',
      'format',
      'title',
      'description',
      'nullable',
      'enum',
      'default',
      'items',
      'minItems',
      'maxItems',
      'properties',
      'required',
      'propertyOrdering',
      'minProperties',
      'maxProperties',
      'minLength',
      'maxLength',
      'pattern',
      'example',
      'anyOf',
      'minimum',
      'maximum',
    ],
  },
};

/** Applied to every request, in this order; the registry's `schemaDialects` option adds to them. */
export const DEFAULT_SCHEMA_DIALECTS: readonly SchemaDialect[] = Object.freeze([
  EVERY_MODEL,
  GPT_4,
  DRAFT_2020_12,
  GEMINI,
]);

/**
 * OpenAI's strict mode (structured outputs) as a dialect: not applied by default, because a host
 * chooses strict per request; add it with the models it is used for, e.g.
 * `{ ...OPENAI_STRICT_DIALECT, models: [{ family: 'gpt-5*' }] }`.
 */
export const OPENAI_STRICT_DIALECT: SchemaDialect = {
  name: 'openai strict',
  models: [],
  rules: {
    strict: true,
    allowedFormats: { string: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'] },
    unsupportedKeywords: [
      'minLength',
      'maxLength',
      'default',
      'patternProperties',
      'unevaluatedProperties',
      'propertyNames',
      'minProperties',
      'maxProperties',
      'unevaluatedItems',
      'contains',
      'minContains',
      'maxContains',
      'uniqueItems',
      'oneOf',
      'allOf',
      'not',
      'if',
      'then',
      'else',
      'dependentRequired',
      'dependentSchemas',
    ],
  },
};
