// The rules behind adaptTool.ts, applied to a copy of a tool's name and canonical schema. Each
// change is recorded where it is made; a constraint a model may not be sent moves into the
// description, because the model should still know it (the tool's input is checked against the
// canonical schema either way).
import {
  hasType,
  isSchema,
  type Schema,
  type SchemaChange,
  type SchemaRuleName,
  type SchemaRules,
} from './schemaTypes';
import { strictNode } from './strictSchema';

/** Positions that hold one schema, a map of schemas, or a list of schemas (Draft 2020-12 and Draft 7). */
const SINGLE = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
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

/** The name patterns of each rules object, compiled once (a name is checked on every resolve that sends it). */
const namePatterns = new WeakMap<SchemaRules, readonly RegExp[]>();

/** The tool's name as the rules allow it; a change is recorded when it differs. */
export function adaptName(name: string, rules: SchemaRules, changes: SchemaChange[]): string {
  let patterns = namePatterns.get(rules);
  if (!patterns) namePatterns.set(rules, (patterns = (rules.namePatterns ?? []).map((p) => new RegExp(p))));
  const max = rules.maxNameLength;
  const fits = (n: string) => (max === undefined || n.length <= max) && patterns.every((p) => p.test(n));
  if (fits(name)) return name;
  let sent = name.replace(/[^A-Za-z0-9_-]/g, '_');
  if (!patterns.every((p) => p.test(sent))) sent = `_${sent}`;
  if (max !== undefined && sent.length > max) sent = `${sent.slice(0, Math.max(1, max - 9))}_${hash(name)}`;
  const why =
    max !== undefined && name.length > max
      ? `longer than ${max} characters`
      : `does not match ${patterns.map((p) => p.source).join(' and ')}`;
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
  if (rules.objectRoot && isSchema(schema) && schema.type === undefined && isSchema(schema.properties)) {
    changes.push({
      rule: 'object-root',
      path: '',
      detail: 'type "object" added (the schema has properties but no type)',
    });
    root = { type: 'object', ...schema };
  } else if (rules.objectRoot && (!isSchema(schema) || schema.type !== 'object')) {
    changes.push({
      rule: 'object-root',
      path: '',
      detail: 'the input schema is not an object: sent as an object with no properties',
      lost: 'the whole input schema',
    });
    root = { type: 'object', properties: {} };
  } else root = isSchema(schema) ? { ...schema } : { type: 'object', properties: {} };
  if (rules.objectRoot && !isSchema(root.properties)) {
    root.properties = {};
    changes.push({ rule: 'object-root', path: '', detail: 'an empty properties object added' });
  }
  for (const key of rules.unsupportedTopLevelKeywords ?? []) {
    if (!(key in root)) continue;
    delete root[key];
    changes.push({
      rule: 'top-level-keyword',
      path: '',
      detail: `top-level '${key}' removed`,
      lost: `the top-level '${key}' (the input is still checked against it)`,
    });
  }
  return adaptNode(root, '', rules, changes) as Schema;
}

function adaptNode(node: unknown, path: string, rules: SchemaRules, changes: SchemaChange[]): unknown {
  if (!isSchema(node)) return node;
  const out: Schema = { ...node };
  const described: string[] = [];
  const change = (rule: SchemaRuleName, detail: string, lost?: string) =>
    changes.push({ rule, path, detail, ...(lost ? { lost } : {}) });

  if (rules.nullableTypes && Array.isArray(out.type)) {
    const types = out.type as string[];
    const nonNull = types.filter((t) => t !== 'null');
    const nullable = nonNull.length > 0 && nonNull.length < types.length;
    if (nonNull.length === 1) out.type = nonNull[0];
    else if (nonNull.length > 1) delete out.type;
    if (nonNull.length > 1 && out.anyOf === undefined) out.anyOf = nonNull.map((type) => ({ type }));
    if (nullable) out.nullable = true;
    if (out.type !== node.type) {
      const beside = node.anyOf !== undefined && nonNull.length > 1;
      const as =
        out.type !== undefined
          ? `type "${String(out.type)}"`
          : beside
            ? 'no type (its anyOf says what it may be)'
            : 'anyOf of each type';
      change(
        'nullable-type',
        `type ${JSON.stringify(types)} sent as ${as}${nullable ? ' with nullable: true' : ''}`,
        beside ? 'the type list beside anyOf (the tool still checks it)' : undefined,
      );
    }
  }
  if (rules.constAsEnum && 'const' in out && out.enum === undefined) {
    out.enum = [out.const];
    delete out.const;
    change('const-enum', 'const sent as a one-value enum');
  }
  if (rules.oneOfAsAnyOf && Array.isArray(out.oneOf) && out.anyOf === undefined) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
    change(
      'one-of',
      'oneOf sent as anyOf',
      'that exactly one alternative may match (the input is still checked against it)',
    );
  }
  if (rules.enumOnlyOnStrings && Array.isArray(out.enum)) {
    const values = out.enum as unknown[];
    if (values.every((v) => typeof v === 'string') && (out.type === undefined || out.type === 'string')) {
      if (out.type === undefined) change('enum-type', 'type "string" added to an enum of strings');
      out.type = 'string';
    } else {
      described.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
      delete out.enum;
      change(
        'enum-type',
        'an enum of values that are not all strings moved into the description',
        'the enum as a schema keyword (said in the description; still checked)',
      );
    }
  }
  if (rules.tupleItemsAsAnyOf && Array.isArray(out.items)) {
    out.items = { anyOf: out.items };
    change(
      'tuple-items',
      'items given as a list (a tuple) sent as items: { anyOf: [...] }',
      'which position takes which schema (the input is still checked against it)',
    );
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
  if (rules.allowedFormats && typeof out.format === 'string') {
    const type = typeof out.type === 'string' ? out.type : '';
    if (!(rules.allowedFormats[type] ?? []).includes(out.format)) {
      described.push(`format: ${JSON.stringify(out.format)}`);
      change(
        'keyword',
        `format ${JSON.stringify(out.format)} moved into the description (not a format this model takes${type ? ` for ${type}` : ''})`,
        'format as a schema keyword (the tool still checks it)',
      );
      delete out.format;
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
      change(
        'keyword',
        `${key} ${JSON.stringify(value)} moved into the description`,
        `${key} as a schema keyword (the tool still checks it)`,
      );
    } else change('keyword', `${key} removed`, `${key} (the tool still checks it)`);
  }

  for (const key of SINGLE) if (isSchema(out[key])) out[key] = adaptNode(out[key], `${path}/${key}`, rules, changes);
  for (const key of LISTS)
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((s, i) => adaptNode(s, `${path}/${key}/${i}`, rules, changes));
  for (const key of MAPS) {
    const map = out[key];
    if (isSchema(map))
      out[key] = Object.fromEntries(
        Object.entries(map).map(([k, s]) => [k, adaptNode(s, `${path}/${key}/${escapePointer(k)}`, rules, changes)]),
      );
  }
  if (rules.strict) strictNode(out, change);

  // A cut shortens the pack's own text first, so the constraints moved into the description survive.
  const max = rules.maxSchemaDescriptionLength ?? Infinity;
  const own = typeof out.description === 'string' ? out.description : '';
  const suffix = described.length ? `(${described.join('; ')})` : '';
  const room = Math.max(0, max - (suffix ? suffix.length + (own ? 1 : 0) : 0));
  if (own.length > room)
    change(
      'description-length',
      `description cut to ${max} characters`,
      `the last ${own.length - room} characters of the description`,
    );
  if (suffix || own.length > room)
    out.description = [own.slice(0, room), suffix].filter(Boolean).join(' ').slice(0, max);
  return out;
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
