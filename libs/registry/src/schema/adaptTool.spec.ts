// Schema dialects: one canonical schema per tool, adapted per model by rules kept as data, every
// change reported with what it loses, input always validated against the canonical schema.
import { adaptTool, dialectFor } from './adaptTool';
import type { SchemaDialect } from './schemaTypes';
import { DEFAULT_SCHEMA_DIALECTS } from './builtinDialects';
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import type { LanguageModelToolInformation, ModelInfo } from '../definitions';

const adapt = (
  inputSchema: object,
  model: ModelInfo,
  dialects: readonly SchemaDialect[] = DEFAULT_SCHEMA_DIALECTS,
  name = 'a_tool',
  description = 'Does it.',
) => adaptTool({ name, description, inputSchema }, dialectFor(model, dialects));
const rules = (result: ReturnType<typeof adapt>) => result.changes.map((c) => c.rule);

const COUNT = {
  type: 'object' as const,
  properties: { count: { type: 'integer', minimum: 1, maximum: 50, description: 'How many.' } },
  required: ['count'],
  additionalProperties: false,
};

describe('every model', () => {
  it('sends an object at the top: a schema that is not one is replaced, and the loss is said', () => {
    const result = adapt({ type: 'string' }, models.gpt5);
    expect(result.info.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(result.changes).toEqual([
      expect.objectContaining({ rule: 'object-root', path: '', lost: 'the whole input schema' }),
    ]);
    const noProperties = adapt({ type: 'object' }, models.gpt5);
    expect(noProperties.info.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(noProperties.changes[0]).not.toHaveProperty('lost');
  });

  it('removes combinators at the top, gives every array its items, and keeps required to defined properties', () => {
    const result = adapt(
      {
        type: 'object',
        properties: {
          paths: { type: 'array' },
          nested: { type: 'object', properties: { tags: { type: ['array', 'null'] } } },
        },
        required: ['paths', 'ghost'],
        anyOf: [{ required: ['paths'] }],
      },
      models.gpt5,
    );
    expect(result.info.inputSchema).toEqual({
      type: 'object',
      properties: {
        paths: { type: 'array', items: {} },
        nested: { type: 'object', properties: { tags: { type: ['array', 'null'], items: {} } } },
      },
      required: ['paths'],
    });
    expect(result.changes.map((c) => [c.rule, c.path])).toEqual([
      ['top-level-keyword', ''],
      ['required-defined', ''],
      ['array-items', '/properties/paths'],
      ['array-items', '/properties/nested/properties/tags'],
    ]);
    expect(result.changes[1].lost).toMatch(/'ghost' must be present/);
  });

  it('sends a schema every model accepts as it is, the same object, with no changes (gpt-5 with minimum and maximum)', () => {
    const info: LanguageModelToolInformation = { name: 'count_things', description: 'Counts.', inputSchema: COUNT };
    const result = adaptTool(info, dialectFor(models.gpt5, DEFAULT_SCHEMA_DIALECTS));
    expect(result.changes).toEqual([]);
    expect(result.info).toBe(info);
    expect(adaptTool(info, dialectFor(models.gpt5, DEFAULT_SCHEMA_DIALECTS))).toBe(result);
  });

  it('shortens a name over the limit with a hash that keeps two such names apart, and rewrites characters outside the pattern', () => {
    const short: SchemaDialect = {
      name: 'short names',
      models: [],
      rules: { maxNameLength: 20, namePatterns: ['^[a-z_]+$'] },
    };
    const a = adapt(COUNT, models.gpt5, [short], 'count_the_things_in_the_first_list');
    const b = adapt(COUNT, models.gpt5, [short], 'count_the_things_in_the_other_list');
    expect(a.info.name).toHaveLength(20);
    expect(a.info.name).not.toBe(b.info.name);
    expect(a.changes[0]).toMatchObject({
      rule: 'name',
      path: 'name',
      detail: expect.stringContaining('longer than 20 characters'),
    });
    expect(adapt(COUNT, models.gpt5, [short], 'Count').changes[0]).toMatchObject({
      rule: 'name',
      lost: expect.stringContaining('no name this model accepts'),
    });
  });
  it('adds type "object" to a top with properties but no type, losing nothing', () => {
    const result = adapt({ properties: { q: { type: 'string' } } }, models.gpt5);
    expect(result.info.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect(result.changes).toEqual([expect.objectContaining({ rule: 'object-root' })]);
    expect(result.changes[0]).not.toHaveProperty('lost');
  });
});

describe('gpt-4 family', () => {
  it('moves validation keywords into the description and cuts descriptions inside the schema at 1,024 characters', () => {
    const long = {
      type: 'object',
      properties: { text: { type: 'string', description: 'x'.repeat(1100), pattern: '^a' } },
    };
    const result = adapt(COUNT, models.gpt41);
    expect(result.info.inputSchema).toEqual({
      type: 'object',
      properties: { count: { type: 'integer', description: 'How many. (minimum: 1; maximum: 50)' } },
      required: ['count'],
      additionalProperties: false,
    });
    expect(result.changes.map((c) => c.detail)).toEqual([
      'minimum 1 moved into the description',
      'maximum 50 moved into the description',
    ]);
    expect(result.changes[0].lost).toBe('minimum as a schema keyword (the tool still checks it)');
    const cut = adapt(long, models.gpt4o);
    expect(((cut.info.inputSchema as typeof long).properties.text.description as string).length).toBe(1024);
    expect(rules(cut)).toEqual(['keyword', 'description-length']);
    expect(rules(adapt(long, models.gpt5))).toEqual([]);
  });

  it('cuts the pack’s own text first, so the constraints moved into a description survive the cut', () => {
    const cut = adapt(
      { type: 'object', properties: { text: { type: 'string', description: 'y'.repeat(1100), pattern: '^a' } } },
      models.gpt41,
    );
    const description = (cut.info.inputSchema as { properties: { text: { description: string } } }).properties.text
      .description;
    expect(description).toHaveLength(1024);
    expect(description.endsWith(' (pattern: "^a")')).toBe(true);
    expect(cut.changes.find((c) => c.rule === 'description-length')?.lost).toBe(
      `the last ${1100 - (1024 - ' (pattern: "^a")'.length)} characters of the description`,
    );
  });

  it('sends a tuple as items: { anyOf } to Draft 2020-12 models (gpt-4, claude), not to others', () => {
    const tuple = {
      type: 'object',
      properties: { range: { type: 'array', items: [{ type: 'integer' }, { type: 'integer' }] } },
    };
    expect((adapt(tuple, models.claude).info.inputSchema as typeof tuple).properties.range).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'integer' }, { type: 'integer' }] },
    });
    expect(adapt(tuple, models.claude).changes[0]).toMatchObject({
      rule: 'tuple-items',
      lost: expect.stringContaining('which position'),
    });
    expect(rules(adapt(tuple, models.gpt5))).toEqual([]);
  });
});

describe('gemini', () => {
  it('keeps Google’s subset of JSON Schema: nullable types, const as enum, oneOf as anyOf, enums of strings only, no additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        id: { type: ['string', 'integer'] },
        kind: { const: 'file' },
        target: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        level: { type: 'integer', enum: [1, 2, 3], description: 'Level.' },
        mode: { enum: ['fast', 'slow'] },
      },
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    };
    const result = adapt(schema, models.gemini);
    expect(result.info.inputSchema).toEqual({
      type: 'object',
      properties: {
        note: { type: 'string', nullable: true },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        kind: { enum: ['file'], type: 'string' },
        target: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        level: { type: 'integer', description: 'Level. (one of 1, 2, 3)' },
        mode: { enum: ['fast', 'slow'], type: 'string' },
      },
    });
    // enum-type: once for the integer enum moved into the description, twice for "string" added to an enum of strings.
    expect(rules(result).sort()).toEqual(
      [
        'const-enum',
        'enum-type',
        'enum-type',
        'enum-type',
        'keyword',
        'keyword',
        'nullable-type',
        'nullable-type',
        'one-of',
      ].sort(),
    );
    expect(result.changes.find((c) => c.detail === 'additionalProperties removed')).toMatchObject({
      path: '',
      lost: 'additionalProperties (the tool still checks it)',
    });
  });

  it('keeps only the formats Gemini takes for a type; another moves into the description', () => {
    const schema = {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri' },
        n: { type: 'integer', format: 'int64' },
      },
    };
    const result = adapt(schema, models.gemini);
    expect(result.info.inputSchema).toEqual({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', description: '(format: "uri")' },
        n: { type: 'integer', format: 'int64' },
      },
    });
    expect(result.changes).toEqual([
      expect.objectContaining({
        rule: 'keyword',
        path: '/properties/site',
        lost: 'format as a schema keyword (the tool still checks it)',
      }),
    ]);
    expect(rules(adapt(schema, models.gpt5))).toEqual([]);
  });

  it('never sends two tools under one name: a rename that would take another tool’s name gets a suffix, and each name runs its own tool', async () => {
    for (const order of [
      ['_7zip', '7zip'],
      ['7zip', '_7zip'],
    ]) {
      const calls: { label: string; input: unknown }[] = [];
      const registry = createToolRegistry();
      for (const name of order) registry.registerTool(def(name), recordingTool(name, calls));
      const resolved = registry.resolve({ model: models.gemini });
      expect(names(resolved).sort()).toEqual(['_7zip', '_7zip_2']);
      expect(resolved.entries.find((e) => e.name === '7zip')).toMatchObject({
        sentName: '_7zip_2',
        schemaChanges: [expect.objectContaining({ detail: expect.stringContaining("'_7zip' is another tool's name") })],
      });
      await registry.invoke(resolved, { callId: '1', name: '_7zip', input: {} });
      await registry.invoke(resolved, { callId: '2', name: '_7zip_2', input: {} });
      expect(calls.map((c) => c.label)).toEqual(['_7zip', '7zip']);
    }
  });

  it('renames a tool whose name does not start with a letter or _, and a call by the sent name runs it', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('7zip_extract'), recordingTool('7zip', calls));
    const resolved = registry.resolve({ model: models.gemini });
    expect(names(resolved)).toEqual(['_7zip_extract']);
    expect(resolved.entries[0]).toMatchObject({
      name: '7zip_extract',
      sentName: '_7zip_extract',
      schemaChanges: [expect.objectContaining({ rule: 'name' })],
    });
    expect(await registry.invoke(resolved, { callId: '1', name: '_7zip_extract', input: {} })).toMatchObject({
      status: 'ok',
    });
    expect(names(registry.resolve({ model: models.gpt5 }))).toEqual(['7zip_extract']);
    expect(calls).toHaveLength(1);
  });
});

describe('in the registry', () => {
  it('sends each model its dialect, validates input against the canonical schema, and sends canonical schemas on request', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('count_things', { inputSchema: COUNT }), recordingTool('count', calls));
    const forGpt41 = registry.resolve({ model: models.gpt41 });
    expect((forGpt41.tools[0].inputSchema as typeof COUNT).properties.count).not.toHaveProperty('minimum');
    expect(forGpt41.entries[0].schemaChanges?.map((c) => c.rule)).toEqual(['keyword', 'keyword']);
    const refused = await registry.invoke(forGpt41, { callId: '1', name: 'count_things', input: { count: 500 } });
    expect(refused).toMatchObject({ status: 'invalid-input', isError: true });
    expect(calls).toEqual([]);
    const canonical = registry.resolve({ model: models.gpt41, schemas: 'canonical' });
    expect(canonical.tools[0].inputSchema).toBe(COUNT);
    expect(canonical.entries[0].schemaChanges).toBeUndefined();
  });

  it('takes a new model’s rules as data (the schemaDialects option), and the report lists exactly what changed for it', () => {
    const acme: SchemaDialect = {
      name: 'acme',
      models: [{ vendor: 'acme' }],
      rules: { maxDescriptionLength: 12, unsupportedKeywords: ['maximum'] },
    };
    const registry = createToolRegistry({ schemaDialects: [acme] });
    registry.registerTool(
      def('count_things', { inputSchema: COUNT, modelDescription: 'Counts the things you name.' }),
      recordingTool('count'),
    );
    registry.registerModelSpecificTool(
      def('gemini_only', { models: [{ family: 'gemini*' }] }),
      recordingTool('gemini'),
    );
    const model = { id: 'acme-1', vendor: 'acme', family: 'acme-1', version: '1' };
    expect(registry.resolve({ model }).tools[0].description).toBe('Counts the t');
    const report = registry.schemaReport(model);
    expect(report).toMatchObject({ dialects: ['every model', 'acme'], checked: 1 });
    expect(report.changed).toEqual([
      {
        name: 'count_things',
        changes: [
          expect.objectContaining({ rule: 'description-length' }),
          expect.objectContaining({ rule: 'keyword', path: '/properties/count' }),
        ],
      },
    ]);
    expect(registry.schemaReport(models.gpt5)).toMatchObject({ checked: 1, changed: [] });
  });
});
