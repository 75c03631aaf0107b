// The rules behind schemaDialect.ts, applied to a copy of a tool's name and canonical schema. Each
// change is recorded where it is made; a constraint a model may not be sent moves into the
// description, because the model should still know it (the tool's input is checked against the
// canonical schema either way).
import type { SchemaRules } from './schemaDialect';

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
  readonly rule: SchemaRuleName;
  /** `name`, `description`, or a JSON Pointer into the input schema (`` for its top). */
  readonly path: string;
  /** What was done. */
  readonly detail: string;
  /** What the model no longer sees or may no longer send; absent when nothing is lost. */
  readonly lost?: string;
}

type Schema = Record<string, unknown>;

/** Positions that hold one schema, a map of schemas, or a list of schemas (Draft 2020-12 and Draft 7). */
const SINGLE = ['additionalProperties', 'items', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LISTS = ['anyOf', 'allOf', 'oneOf', 'prefixItems', 'items'];
/** Constraints on a value a model should still know when its API cannot take them as keywords. */
const DESCRIBED = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'const',
  'enum',
]);

/** The tool's name as the rules allow it; a change is recorded when it differs. */
export function adaptName(name: string, rules: SchemaRules, changes: SchemaChange[]): string {
  const patterns = (rules.namePatterns ?? []).map((p) => new RegExp(p));
  const max = rules.maxNameLength;
  const fits = (n: string) => (max === undefined || n.length <= max) && patterns.every((p) => p.test(n));
  if (fits(name)) return name;
  let sent = name.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!patterns.every((p) => p.test(sent))) sent = `_${sent}`;
  if (max !== undefined && sent.length > max) sent = `${sent.slice(0, Math.max(1, max - 9))}_${hash(name)}`;
  const why = max !== undefined && name.length > max ? `longer than ${max} characters` : `does not match ${patterns.map((p) => p.source).join(' and ')}`;
  changes.push({
    rule: 'name',
    path: 'name',
    detail: `'${name}' ${why}: sent as '${sent}' (a call by either name runs the tool)`,
    ...(fits(sent) ? {} : { lost: 'no name this model accepts could be made; its API may refuse the request' }),
  });
  return sent;
}

/** A copy of the schema as the rules allow it, every change recorded. */
export function adaptSchema(schema: unknown, rules: SchemaRules, changes: SchemaChange[]): Schema {
  let root: Schema;
  if (rules.objectRoot && (!isSchema(schema) || schema.type !== 'object')) {
    changes.push({ rule: 'object-root', path: '', detail: 'the input schema is not an object: sent as an object with no properties', lost: 'the whole input schema' });
    root = { type: 'object', properties: {} };
  } else root = isSchema(schema) ? { ...schema } : { type: 'object', properties: {} };
  if (rules.objectRoot && !isSchema(root.properties)) {
    root.properties = {};
    changes.push({ rule: 'object-root', path: '', detail: 'an empty properties object added' });
  }
  for (const key of rules.unsupportedTopLevelKeywords ?? []) {
    if (!(key in root)) continue;
    delete root[key];
    changes.push({ rule: 'top-level-keyword', path: '', detail: `top-level '${key}' removed`, lost: `the top-level '${key}' (the input is still checked against it)` });
  }
  return adaptNode(root, '', rules, changes) as Schema;
}

function adaptNode(node: unknown, path: string, rules: SchemaRules, changes: SchemaChange[]): unknown {
  if (!isSchema(node)) return node;
  const out: Schema = { ...node };
  const described: string[] = [];
  const change = (rule: SchemaRuleName, detail: string, lost?: string) => changes.push({ rule, path, detail, ...(lost ? { lost } : {}) });

  if (rules.nullableTypes && Array.isArray(out.type)) {
    const types = out.type as string[];
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length === 1) out.type = nonNull[0];
    else if (nonNull.length > 1 && out.anyOf === undefined) {
      delete out.type;
      out.anyOf = nonNull.map((type) => ({ type }));
    }
    if (nonNull.length > 0 && nonNull.length < types.length) out.nullable = true;
    if (out.type !== node.type)
      change('nullable-type', `type ${JSON.stringify(types)} sent as ${out.type !== undefined ? `type "${String(out.type)}"` : 'anyOf of each type'}${out.nullable ? ' with nullable: true' : ''}`);
  }
  if (rules.constAsEnum && 'const' in out && out.enum === undefined) {
    out.enum = [out.const];
    delete out.const;
    change('const-enum', 'const sent as a one-value enum');
  }
  if (rules.oneOfAsAnyOf && Array.isArray(out.oneOf) && out.anyOf === undefined) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
    change('one-of', 'oneOf sent as anyOf', 'that exactly one alternative may match (the input is still checked against it)');
  }
  if (rules.enumOnlyOnStrings && Array.isArray(out.enum)) {
    const values = out.enum as unknown[];
    if (values.every((v) => typeof v === 'string') && (out.type === undefined || out.type === 'string')) out.type = 'string';
    else {
      described.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
      delete out.enum;
      change('enum-type', 'an enum of values that are not all strings moved into the description', 'the enum as a schema keyword (said in the description; still checked)');
    }
  }
  if (rules.tupleItemsAsAnyOf && Array.isArray(out.items)) {
    out.items = { anyOf: out.items };
    change('tuple-items', 'items given as a list (a tuple) sent as items: { anyOf: [...] }', 'which position takes which schema (the input is still checked against it)');
  }
  if (rules.arrayItems && hasType(out, 'array') && out.items === undefined && out.prefixItems === undefined) {
    out.items = {};
    change('array-items', 'an array without items: items {} (any value) added');
  }
  if (rules.requiredDefined && Array.isArray(out.required) && isSchema(out.properties)) {
    const properties = out.properties;
    const missing = (out.required as string[]).filter((key) => !(key in properties));
    if (missing.length) {
      out.required = (out.required as string[]).filter((key) => key in properties);
      change(
        'required-defined',
        `required names undefined properties: ${missing.map((k) => `'${k}'`).join(', ')} removed from required`,
        `that ${missing.map((k) => `'${k}'`).join(', ')} must be present (still checked)`,
      );
    }
  }
  const supported = rules.supportedKeywords && new Set(rules.supportedKeywords);
  const unsupported = new Set(rules.unsupportedKeywords ?? []);
  for (const key of Object.keys(out)) {
    if (key === 'description' || !(unsupported.has(key) || (supported && !supported.has(key)))) continue;
    const value = out[key];
    delete out[key];
    if (DESCRIBED.has(key) && (isScalar(value) || (Array.isArray(value) && value.every(isScalar)))) {
      described.push(`${key}: ${JSON.stringify(value)}`);
      change('keyword', `${key} ${JSON.stringify(value)} moved into the description`, `${key} as a schema keyword (the tool still checks it)`);
    } else change('keyword', `${key} removed`, `${key} (the tool still checks it)`);
  }

  for (const key of SINGLE) if (isSchema(out[key])) out[key] = adaptNode(out[key], `${path}/${key}`, rules, changes);
  for (const key of LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s, i) => adaptNode(s, `${path}/${key}/${i}`, rules, changes));
  for (const key of MAPS) {
    const map = out[key];
    if (isSchema(map)) out[key] = Object.fromEntries(Object.entries(map).map(([k, s]) => [k, adaptNode(s, `${path}/${key}/${escapePointer(k)}`, rules, changes)]));
  }
  if (rules.strict && hasType(out, 'object')) strictObject(out, node, change);

  if (described.length) out.description = `${typeof out.description === 'string' && out.description ? `${out.description} ` : ''}(${described.join('; ')})`;
  const max = rules.maxSchemaDescriptionLength;
  if (max !== undefined && typeof out.description === 'string' && out.description.length > max) {
    change('description-length', `description cut to ${max} characters`, `the last ${out.description.length - max} characters of the description`);
    out.description = out.description.slice(0, max);
  }
  return out;
}

/** OpenAI strict mode: closed objects, every property required, the optional ones nullable. */
function strictObject(out: Schema, original: Schema, change: (rule: SchemaRuleName, detail: string, lost?: string) => void): void {
  if (out.additionalProperties !== false) {
    const open = original.additionalProperties !== undefined && original.additionalProperties !== false;
    out.additionalProperties = false;
    change('strict', 'additionalProperties: false set', open ? 'properties other than those listed' : undefined);
  }
  const properties = isSchema(out.properties) ? (out.properties as Record<string, unknown>) : (out.properties = {});
  const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
  const optional = Object.keys(properties).filter((key) => !required.has(key));
  if (!optional.length) return;
  for (const key of optional) properties[key] = nullable(properties[key]);
  out.required = [...required, ...optional];
  change('strict', `optional ${optional.map((k) => `'${k}'`).join(', ')} made required and nullable (null is read as absent)`);
}

function nullable(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  if (typeof schema.type === 'string') return schema.type === 'null' ? schema : { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** The input with the nulls strict mode made the model send for optional properties removed. */
export function restoreNulls(schema: unknown, input: unknown): unknown {
  if (!isSchema(schema)) return input;
  if (Array.isArray(input) && isSchema(schema.items)) return input.map((item) => restoreNulls(schema.items, item));
  if (!isSchema(input) || !isSchema(schema.properties)) return input;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Schema = {};
  for (const [key, value] of Object.entries(input)) {
    const property = properties[key];
    if (value === null && !required.has(key) && isSchema(property) && !acceptsNull(property)) continue;
    out[key] = restoreNulls(property, value);
  }
  return out;
}

function acceptsNull(schema: Schema): boolean {
  if (schema.type === undefined && schema.enum === undefined && schema.const === undefined && !schema.anyOf && !schema.oneOf) return true;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null')) || schema.nullable === true) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if ('const' in schema && schema.const === null) return true;
  return [schema.anyOf, schema.oneOf].some((list) => Array.isArray(list) && list.some((s) => isSchema(s) && acceptsNull(s)));
}

function hasType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** FNV-1a, 32 bits, as 8 hex digits: keeps shortened names apart without a crypto dependency. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
