// The config file's `schemaDialects`: a model family's API rules as data (see the registry's
// SchemaDialect), checked field by field so a mistake is named. They are added after the built-in
// dialects for every command, the MCP server's tools/list excepted (its clients adapt for their model).
import { SCHEMA_RULE_FIELDS } from '@toolpacks/registry/host';

const { limits, denyLists, allowLists, formats, flags } = SCHEMA_RULE_FIELDS as Record<
  keyof typeof SCHEMA_RULE_FIELDS,
  readonly string[]
>;
const RULES = [...limits, ...denyLists, ...allowLists, ...formats, ...flags];
const SELECTOR_FIELDS = ['id', 'vendor', 'family', 'version'];

/** Problems of a `schemaDialects` value, each naming its field; none when it is a list of valid dialects. */
export function schemaDialectProblems(value: unknown): string[] {
  const problems: string[] = [];
  const fail = (field: string, message: string) => problems.push(`"${field}" ${message}`);
  if (!Array.isArray(value))
    return [`"schemaDialects" must be an array of { "name", "models": [selectors], "rules": {…} }.`];
  value.forEach((dialect: unknown, i) => {
    const at = `schemaDialects[${i}]`;
    if (!isObject(dialect)) return void fail(at, 'must be an object { "name", "models", "rules" }.');
    for (const key of Object.keys(dialect))
      if (!['name', 'models', 'rules'].includes(key))
        fail(`${at}.${key}`, 'is not a field of a dialect; its fields are name, models, rules.');
    if (typeof dialect.name !== 'string' || !dialect.name.trim()) fail(`${at}.name`, 'must be a non-empty string.');
    if (!Array.isArray(dialect.models))
      fail(`${at}.models`, 'must be an array of model selectors such as { "family": "gemini*" } ([] for every model).');
    else
      dialect.models.forEach((selector: unknown, j) => {
        if (!isObject(selector))
          return void fail(`${at}.models[${j}]`, `must be an object with ${SELECTOR_FIELDS.join(', ')}.`);
        for (const [key, v] of Object.entries(selector))
          if (!SELECTOR_FIELDS.includes(key) || typeof v !== 'string' || !v)
            fail(
              `${at}.models[${j}].${key}`,
              `is not a selector field; the fields are ${SELECTOR_FIELDS.join(', ')} (non-empty strings).`,
            );
      });
    if (!isObject(dialect.rules)) return void fail(`${at}.rules`, 'must be an object of rules.');
    for (const [key, v] of Object.entries(dialect.rules)) {
      const field = `${at}.rules.${key}`;
      if (limits.includes(key)) {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
          fail(field, `must be a positive whole number, got ${JSON.stringify(v)}.`);
      } else if (denyLists.includes(key) || allowLists.includes(key)) {
        if (!isStrings(v)) fail(field, 'must be an array of non-empty strings.');
        else if (key === 'namePatterns')
          for (const pattern of v)
            if (!compiles(pattern)) fail(field, `holds ${JSON.stringify(pattern)}, which is not a regular expression.`);
      } else if (formats.includes(key)) {
        if (!isObject(v) || !Object.values(v).every(isStrings))
          fail(field, 'must be an object of type: [formats], e.g. { "string": ["date-time"] }.');
      } else if (flags.includes(key)) {
        if (typeof v !== 'boolean') fail(field, 'must be true or false.');
      } else fail(field, `is not a rule; the rules are ${RULES.join(', ')}.`);
    }
  });
  return problems;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
