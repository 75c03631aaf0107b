// Strict mode sends optional properties as required and nullable, so a model that leaves one out
// sends null instead. Before the input is validated against the canonical schema, those nulls are
// removed: only where the canonical schema does not take null itself, following properties, items,
// anyOf/oneOf/allOf branches and local $refs as the adaptation did.
import { isSchema, type Schema } from './schemaTypes';

const MAX_DEPTH = 64;

/** The input with the nulls strict mode made the model send for optional properties removed. */
export function restoreNulls(schema: unknown, input: unknown): unknown {
  return restore(schema, input, schema, 0);
}

function restore(schema: unknown, input: unknown, root: unknown, depth: number): unknown {
  const node = deref(schema, root);
  if (!isSchema(node) || depth > MAX_DEPTH) return input;
  if (Array.isArray(input))
    return isSchema(node.items) ? input.map((item) => restore(node.items, item, root, depth + 1)) : input;
  if (!isSchema(input)) return input;
  let out = input;
  if (isSchema(node.properties)) {
    const properties = node.properties;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    // Own properties only, built with Object.fromEntries: a `__proto__` key stays a plain key.
    out = Object.fromEntries(
      Object.entries(out)
        .filter(
          ([key, value]) =>
            !(
              value === null &&
              !required.has(key) &&
              Object.hasOwn(properties, key) &&
              !acceptsNull(properties[key], root, depth + 1)
            ),
        )
        .map(([key, value]) => [
          key,
          Object.hasOwn(properties, key) ? restore(properties[key], value, root, depth + 1) : value,
        ]),
    );
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(node[key]))
      for (const branch of node[key] as unknown[]) out = restore(branch, out, root, depth + 1) as Schema;
  return out;
}

function acceptsNull(schema: unknown, root: unknown, depth: number): boolean {
  const node = deref(schema, root);
  if (node === true || depth > MAX_DEPTH) return true;
  if (!isSchema(node)) return false;
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null')) || node.nullable === true)
    return true;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if ('const' in node) return node.const === null;
  if (Array.isArray(node.allOf) && !node.allOf.every((s) => acceptsNull(s, root, depth + 1))) return false;
  const branches = [node.anyOf, node.oneOf].filter(Array.isArray) as unknown[][];
  if (branches.length) return branches.every((list) => list.some((s) => acceptsNull(s, root, depth + 1)));
  return node.type === undefined;
}

/** A local `$ref` (`#/$defs/x`, `#/definitions/x`) resolved against the root; anything else as it is. */
function deref(schema: unknown, root: unknown): unknown {
  if (!isSchema(schema) || typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#')) return schema;
  let node: unknown = root;
  for (const part of schema.$ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isSchema(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node ?? schema;
}
