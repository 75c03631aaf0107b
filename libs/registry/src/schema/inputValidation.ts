// Input validation with Ajv. Validators are compiled once per distinct schema and shared: packs
// repeat the same small schemas, so the cache is keyed by the schema's canonical JSON.
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { MAX_LISTED_ITEMS, quoteBounded } from '@toolpacks/base';

/** Ajv's draft-07 meta-schema validator, compiled ahead (scripts/generate-meta-schema-validator.js). */
const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
let precompiledMeta: ValidateFunction | undefined;
function draft07Validator(): ValidateFunction {
  precompiledMeta ??= require('./metaSchemaValidator.generated.js') as ValidateFunction;
  return precompiledMeta;
}

/** Ajv, loaded when first needed: resolving tools needs no validator at all. */
function newAjv(options: ConstructorParameters<typeof Ajv>[0]): Ajv {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at every start
  const { default: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass(options);
}

export interface InputCheck {
  readonly ok: boolean;
  /** What the model must fix, one problem per line; empty when ok. */
  readonly problems: readonly string[];
}

export class InputValidator {
  // Two instances, because Ajv compiles the meta-schema once per instance and its code depends on
  // allErrors: a schema's first problem is enough for a pack author (the meta-schema compiles in
  // about half the time, at every start), while a model is told every problem in its input. The
  // input instance compiles only schemas checkSchema passed, so it skips the meta-schema.
  // A schema in draft 07 (the default) is checked by the meta-schema validator compiled ahead; only
  // a schema naming another `$schema` needs the meta instance, which then compiles that meta-schema
  // (unoptimised code compiles in about half the time and checks a pack's few schemas as fast).
  private metaAjvInstance: Ajv | undefined;
  private ajvInstance: Ajv | undefined;
  private get metaAjv(): Ajv {
    return (this.metaAjvInstance ??= newAjv({ strict: false, validateFormats: false, code: { optimize: false } }));
  }
  private get ajv(): Ajv {
    return (this.ajvInstance ??= newAjv({
      allErrors: true,
      strict: false,
      validateFormats: false,
      validateSchema: false,
    }));
  }
  private readonly bySchema = new WeakMap<object, ValidateFunction>();
  private readonly byCanonical = new Map<string, ValidateFunction>();
  compiledCount = 0;

  /** A schema error message, or undefined when the schema is a valid JSON Schema of an object. */
  checkSchema(schema: unknown, which: 'inputSchema' | 'outputSchema' = 'inputSchema'): string | undefined {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
      return `${which} must be a JSON Schema object`;
    const type = (schema as { type?: unknown }).type;
    // MCP requires an output schema to say `type: 'object'`; an input schema may leave it implied.
    if ((type !== undefined || which === 'outputSchema') && type !== 'object')
      return `${which} must describe an object (type: 'object'), not '${String(type)}'`;
    const declared = (schema as { $schema?: unknown }).$schema;
    if (declared === undefined || declared === DRAFT_07 || declared === `${DRAFT_07}#`) {
      const validateDraft07 = draft07Validator();
      if (!validateDraft07(schema))
        return `${which} is not a valid JSON Schema: ${this.metaAjv.errorsText(validateDraft07.errors, { dataVar: 'schema' })}`;
    } else if (!this.metaAjv.validateSchema(schema as object))
      return `${which} is not a valid JSON Schema: ${this.metaAjv.errorsText(this.metaAjv.errors, { dataVar: 'schema' })}`;
    // Compiling is left to the first call that needs the validator: compiling every schema of every
    // pack at load was most of a server's start-up. What a valid schema can still fail on when
    // compiled is a pattern JavaScript cannot read; that is checked here.
    const badPattern = firstBadPattern(schema);
    if (badPattern !== undefined) return `${which} does not compile: ${badPattern}`;
    return undefined;
  }

  /** The problems of a tool's structured result against its output schema (empty when it matches). */
  checkOutput(schema: object, structured: unknown): readonly string[] {
    let validate: ValidateFunction;
    try {
      validate = this.validatorFor(schema);
    } catch (error) {
      return [`the output schema does not compile: ${(error as Error).message}`];
    }
    if (validate(structured)) return [];
    return (validate.errors ?? []).slice(0, MAX_LISTED_ITEMS).map(describeError);
  }

  validate(schema: object | undefined, input: unknown): InputCheck {
    if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
      return {
        ok: false,
        problems: [
          `the input must be a JSON object, got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}`,
        ],
      };
    }
    if (!schema) return { ok: true, problems: [] };
    let validate: ValidateFunction;
    try {
      validate = this.validatorFor(schema);
    } catch (error) {
      return {
        ok: false,
        problems: [
          `the tool's own input schema does not compile (a bug of its pack: ${quoteBounded((error as Error).message, 200)}); no input can be checked, so the tool cannot be called`,
        ],
      };
    }
    if (validate(input ?? {})) return { ok: true, problems: [] };
    // Ajv reports every error (a 100,000-item array of the wrong type gives 100,000); the model
    // needs the first few and the count.
    const errors = validate.errors ?? [];
    const problems = errors.slice(0, MAX_LISTED_ITEMS).map(describeError);
    if (errors.length > MAX_LISTED_ITEMS)
      problems.push(`… and ${errors.length - MAX_LISTED_ITEMS} more problems of the same kinds`);
    return { ok: false, problems };
  }

  private validatorFor(schema: object): ValidateFunction {
    let validate = this.bySchema.get(schema);
    if (validate) return validate;
    const canonical = canonicalJson(schema);
    validate = this.byCanonical.get(canonical);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiledCount++;
      this.byCanonical.set(canonical, validate);
    }
    this.bySchema.set(schema, validate);
    return validate;
  }
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath
    ? `\`${quoteBounded(error.instancePath.slice(1).replace(/\//g, '.'), 100)}\``
    : 'the input';
  switch (error.keyword) {
    case 'required':
      return `missing required property \`${(error.params as { missingProperty: string }).missingProperty.slice(0, 100)}\``;
    case 'additionalProperties':
      return `unknown property \`${quoteBounded((error.params as { additionalProperty: string }).additionalProperty, 100)}\` (remove it)`;
    case 'type':
      return `${where} must be ${(error.params as { type: string }).type}`;
    case 'enum':
      return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues
        .slice(0, MAX_LISTED_ITEMS)
        .map((v) => quoteBounded(JSON.stringify(v), 100))
        .join(', ')}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** The first `pattern` or `patternProperties` key of a schema that is not a valid regular expression (Ajv compiles them with the `u` flag). */
function firstBadPattern(schema: unknown, depth = 0): string | undefined {
  if (depth > 64 || schema === null || typeof schema !== 'object') return undefined;
  if (Array.isArray(schema)) {
    for (const item of schema) {
      const bad = firstBadPattern(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  const record = schema as Record<string, unknown>;
  const patterns = [
    ...(typeof record.pattern === 'string' ? [record.pattern] : []),
    ...(record.patternProperties && typeof record.patternProperties === 'object'
      ? Object.keys(record.patternProperties)
      : []),
  ];
  for (const pattern of patterns) {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      return `pattern \`${quoteBounded(pattern, 100)}\` is not a valid regular expression (${(error as Error).message})`;
    }
  }
  for (const [key, value] of Object.entries(record)) {
    // `properties`, `enum`, `const`, `default`, `examples` name or hold data, not schemas with patterns of their own.
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    const bad = firstBadPattern(value, depth + 1);
    if (bad !== undefined) return bad;
  }
  return undefined;
}
