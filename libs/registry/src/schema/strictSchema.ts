// OpenAI's strict mode (structured outputs) as a schema rule: every object closed and every property
// required, the optional ones nullable (strictInput.ts removes the nulls a model sends for them).
import { hasType, isSchema, type Schema, type SchemaRuleName } from './schemaTypes';

type Change = (rule: SchemaRuleName, detail: string, lost?: string) => void;

/** Applies strict mode's requirements to one node whose subschemas are already adapted. */
export function strictNode(out: Schema, change: Change): void {
  if (hasType(out, 'object') || (out.type === undefined && isSchema(out.properties))) return strictObject(out, change);
  if (
    out.type === undefined &&
    out.anyOf === undefined &&
    out.$ref === undefined &&
    out.enum === undefined &&
    !('const' in out)
  )
    change(
      'strict',
      'no type: strict mode wants one on every schema',
      'nothing the tool checks, but the API may refuse a schema without a type',
    );
}

function strictObject(out: Schema, change: Change): void {
  if (out.type === undefined) out.type = 'object';
  if (out.additionalProperties !== false) {
    out.additionalProperties = false;
    // Open by default in JSON Schema: closing an object always takes something away.
    change(
      'strict',
      'additionalProperties: false set',
      'properties other than those listed (the tool would take them)',
    );
  }
  const properties = isSchema(out.properties) ? out.properties : (out.properties = {});
  const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
  const optional = Object.keys(properties).filter((key) => !required.has(key));
  if (!optional.length) return;
  for (const key of optional) properties[key] = nullable(properties[key]);
  out.required = [...required, ...optional];
  change(
    'strict',
    `optional ${optional.map((k) => `'${k}'`).join(', ')} made required and nullable (null is read as absent)`,
  );
}

function nullable(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  if ('const' in schema || schema.type === undefined) return { anyOf: [schema, { type: 'null' }] };
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('null')) return schema;
  const out: Schema = { ...schema, type: [...type, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  return out;
}
