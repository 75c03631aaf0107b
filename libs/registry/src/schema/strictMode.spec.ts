// OpenAI's strict mode as a dialect a host turns on: closed objects, every property required, the
// optional ones nullable — and the nulls a model sends for them removed before the canonical schema
// checks the input, never anything else.
import { OPENAI_STRICT_DIALECT } from './builtinDialects';
import { createToolRegistry } from '../toolRegistry';
import { def, models, recordingTool } from '../testing';
import type { ToolDefinition } from '../definitions';

function strictRegistry(inputSchema: ToolDefinition['inputSchema'], options: { threshold?: number } = {}) {
  const calls: { label: string; input: unknown }[] = [];
  const registry = createToolRegistry({
    schemaDialects: [{ ...OPENAI_STRICT_DIALECT, models: [{ family: 'gpt-5*' }] }],
    virtualToolThreshold: options.threshold,
  });
  registry.registerTool(def('open_file', { inputSchema }), recordingTool('open', calls));
  return {
    registry,
    calls,
    resolved: () =>
      registry.resolve({
        model: models.gpt5,
        ...(options.threshold !== undefined ? { virtualTools: { mode: 'search' as const } } : {}),
      }),
  };
}

describe('strict mode', () => {
  it('makes optional properties required and nullable, and drops the nulls the model sends for them before validation', async () => {
    const { registry, calls, resolved } = strictRegistry({
      type: 'object',
      properties: {
        path: { type: 'string' },
        line: { type: 'integer', minimum: 1 },
        flags: { type: 'array', items: { type: 'object', properties: { on: { type: 'boolean' } } } },
      },
      required: ['path'],
    });
    const set = resolved();
    expect(set.tools[0].inputSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string' },
        line: { type: ['integer', 'null'], minimum: 1 },
        flags: {
          type: ['array', 'null'],
          items: {
            type: 'object',
            properties: { on: { type: ['boolean', 'null'] } },
            additionalProperties: false,
            required: ['on'],
          },
        },
      },
      required: ['path', 'line', 'flags'],
      additionalProperties: false,
    });
    expect(
      await registry.invoke(set, {
        callId: '1',
        name: 'open_file',
        input: { path: 'a.ts', line: null, flags: [{ on: null }] },
      }),
    ).toMatchObject({ status: 'ok' });
    expect(calls).toEqual([{ label: 'open', input: { path: 'a.ts', flags: [{}] } }]);
    expect(await registry.invoke(set, { callId: '2', name: 'open_file', input: { path: null } })).toMatchObject({
      status: 'invalid-input',
    });
  });

  it('follows $ref and anyOf when it removes nulls, and keeps a null the canonical schema takes', async () => {
    const { registry, calls, resolved } = strictRegistry({
      type: 'object',
      $defs: {
        target: {
          type: 'object',
          properties: { path: { type: 'string' }, line: { type: 'integer' } },
          required: ['path'],
        },
      },
      properties: {
        t: { $ref: '#/$defs/target' },
        u: { anyOf: [{ type: 'object', properties: { depth: { type: 'integer' } } }, { type: 'string' }] },
        note: { type: ['string', 'null'] },
      },
      required: ['t'],
    });
    const set = resolved();
    expect(
      await registry.invoke(set, {
        callId: '1',
        name: 'open_file',
        input: { t: { path: 'a', line: null }, u: { depth: null }, note: null },
      }),
    ).toMatchObject({ status: 'ok' });
    expect(calls).toEqual([{ label: 'open', input: { t: { path: 'a' }, u: {}, note: null } }]);
  });

  it('never lets a __proto__ key satisfy the canonical schema (the input stays plain JSON)', async () => {
    const { registry, calls, resolved } = strictRegistry({
      type: 'object',
      properties: { cmd: { type: 'string' }, dryRun: { type: 'boolean' } },
      required: ['cmd'],
    });
    const set = resolved();
    const hostile = JSON.parse('{"__proto__":{"cmd":"ls"}}') as unknown;
    expect(await registry.invoke(set, { callId: '1', name: 'open_file', input: hostile })).toMatchObject({
      status: 'invalid-input',
    });
    const smuggled = JSON.parse('{"cmd":"ls","dryRun":null,"__proto__":{"dryRun":false}}') as unknown;
    // The canonical schema allows other keys, so the call runs: with the key as a plain own key, never a prototype.
    expect(await registry.invoke(set, { callId: '2', name: 'open_file', input: smuggled })).toMatchObject({
      status: 'ok',
    });
    const input = calls[0].input as Record<string, unknown>;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(input.dryRun).toBeUndefined();
    expect(Object.keys(input)).toEqual(['cmd', '__proto__']);
  });

  it('takes limit: null in search_tools, as strict mode sends it', async () => {
    const { registry, resolved } = strictRegistry({ type: 'object', properties: {} }, { threshold: 0 });
    const set = resolved();
    expect(set.tools.map((t) => t.name)).toEqual(['search_tools']);
    expect(set.tools[0].inputSchema).toMatchObject({
      required: ['query', 'limit'],
      properties: { limit: { type: ['integer', 'null'] } },
    });
    expect(
      await registry.invoke(set, { callId: '1', name: 'search_tools', input: { query: 'open a file', limit: null } }),
    ).toMatchObject({ status: 'activated' });
  });

  it('lets an optional enum be left out (null joins the enum), closes an object without a type, and says what a typeless schema risks', () => {
    const { resolved } = strictRegistry({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['fast', 'slow'] },
        cfg: { properties: { a: { type: 'string' } } },
        any: {},
      },
    });
    const set = resolved();
    expect(set.tools[0].inputSchema).toMatchObject({
      properties: {
        mode: { type: ['string', 'null'], enum: ['fast', 'slow', null] },
        cfg: { type: ['object', 'null'], additionalProperties: false, required: ['a'] },
        any: { anyOf: [{}, { type: 'null' }] },
      },
    });
    expect(set.entries[0].schemaChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'strict',
          path: '/properties/any',
          lost: expect.stringContaining('may refuse a schema without a type'),
        }),
      ]),
    );
  });
});
