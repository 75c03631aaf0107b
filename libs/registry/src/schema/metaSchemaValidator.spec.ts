// Issue 33: a start compiled Ajv's meta-schema (about 30 ms of every CLI and MCP start). The draft-07
// meta-schema validator is now compiled ahead; it must stay what Ajv compiles and answer as Ajv does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { InputValidator } from './inputValidation';

const GENERATOR = path.join(__dirname, '../../scripts/generate-meta-schema-validator.js');
const GENERATED = path.join(__dirname, 'metaSchemaValidator.generated.js');

/** The generator's text, from a plain `node` (Prettier imports its plugins, which Jest's CommonJS cannot). */
const generatedNow = () =>
  execFileSync(
    process.execPath,
    ['-e', `require(${JSON.stringify(GENERATOR)}).generate().then((text) => process.stdout.write(text))`],
    { encoding: 'utf8' },
  );

const SCHEMAS: unknown[] = [
  { type: 'object', properties: { path: { type: 'string', minLength: 1 } }, required: ['path'] },
  { type: 'object', properties: { n: { type: 'integer', minimum: 'zero' } } },
  { type: 'object', properties: { tags: { type: 'array', items: { enum: [] } } } },
  { type: 'object', required: 'path' },
  { type: 'object', properties: { a: { type: 'strnig' } } },
  { type: 'object', additionalProperties: false, properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
  { type: 'object', properties: { a: { $ref: '#/definitions/x' } }, definitions: { x: { type: 'number' } } },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { maxItems: -1 } } },
  { type: 'object', properties: { a: { pattern: 5 } } },
  { type: 'object', properties: { a: { format: 'uri', default: 3 } } },
];

describe('the draft-07 meta-schema validator compiled ahead (issue 33)', () => {
  it('is what Ajv compiles today (rerun libs/registry/scripts/generate-meta-schema-validator.js when this fails)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(generatedNow());
  }, 60_000);

  it('answers every schema as Ajv’s own validateSchema does, with the same message', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, code: { optimize: false } });
    const validator = new InputValidator();
    for (const schema of SCHEMAS) {
      const expected = ajv.validateSchema(schema as object)
        ? undefined
        : `inputSchema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: 'schema' })}`;
      expect(validator.checkSchema(schema)).toBe(expected);
    }
    expect(SCHEMAS.filter((schema) => validator.checkSchema(schema) !== undefined)).toHaveLength(6);
  });

  it('still leaves a schema naming another meta-schema to Ajv', () => {
    expect(() =>
      new InputValidator().checkSchema({ $schema: 'https://example.com/not-a-meta-schema', type: 'object' }),
    ).toThrow(/no schema with key or ref/);
  });
});
