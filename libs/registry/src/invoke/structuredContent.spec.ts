import { createToolRegistry } from '../toolRegistry';
import { structuredResult, textResult } from '../toolResult';
import { def, models } from '../testing';
import type { Tool } from '../definitions';

const outputSchema = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
} as const;

function setup(tool: Tool) {
  const problems: { tool: string; problems: readonly string[] }[] = [];
  const registry = createToolRegistry({
    onStructuredContentProblem: (name, found) => problems.push({ tool: name, problems: found }),
  });
  registry.registerTool(def('count_things', { outputSchema }), tool);
  const resolved = registry.resolve({ model: models.claude });
  const call = () => registry.invoke(resolved, { callId: 'c1', name: 'count_things', input: {} });
  return { call, problems };
}

describe('structured results', () => {
  it('carries a structured result that matches the output schema beside the text', async () => {
    const { call, problems } = setup({ invoke: () => structuredResult({ count: 3 }, '3 things') });
    const result = await call();
    expect(result.structuredContent).toEqual({ count: 3 });
    expect(result.content).toEqual([{ kind: 'text', value: '3 things' }]);
    expect(problems).toEqual([]);
  });

  it('passes a result off its schema on as text only, and says so', async () => {
    const { call, problems } = setup({ invoke: () => structuredResult({ count: 'three' }, '3 things') });
    const result = await call();
    expect(result.status).toBe('ok');
    expect(result).not.toHaveProperty('structuredContent');
    expect(problems).toEqual([{ tool: 'count_things', problems: [expect.stringContaining('count')] }]);
  });

  it('reports a tool with an output schema that returned no structured result', async () => {
    const { call, problems } = setup({ invoke: () => textResult('3 things') });
    expect(await call()).not.toHaveProperty('structuredContent');
    expect(problems).toEqual([{ tool: 'count_things', problems: ['the result has no structuredContent'] }]);
  });

  it('gives a failed call no structured result', async () => {
    const { call } = setup({
      invoke: () => {
        throw new Error('nothing to count');
      },
    });
    const result = await call();
    expect(result.isError).toBe(true);
    expect(result).not.toHaveProperty('structuredContent');
  });

  it('refuses a pack whose output schema does not describe an object', async () => {
    const registry = createToolRegistry();
    expect(() =>
      registry.registerTool(def('bad_output', { outputSchema: { type: 'array' } as never }), {
        invoke: () => textResult('x'),
      }),
    ).toThrow(/outputSchema must describe an object/);
  });
});

describe('structured results and the result budget', () => {
  const many = (n: number) => ({ count: n, items: Array.from({ length: n }, (_, i) => `item ${i}`) });
  const setupBig = (text: string, n: number) => {
    const problems: string[] = [];
    const registry = createToolRegistry({ onStructuredContentProblem: (_, found) => problems.push(...found) });
    registry.registerTool(
      def('list_things', {
        outputSchema: {
          type: 'object',
          properties: { count: { type: 'integer' }, items: { type: 'array', items: { type: 'string' } } },
          required: ['count', 'items'],
        },
      }),
      { invoke: () => structuredResult(many(n), text) },
    );
    const call = () =>
      registry.invoke(
        registry.resolve({ model: models.claude }),
        { callId: 'c', name: 'list_things', input: {} },
        { tokenBudget: 1000 },
      );
    return { call, problems };
  };

  it('reports data over the budget, and still passes it on (a client promised data fails a call without it)', async () => {
    const { call, problems } = setupBig('5000 things', 5000);
    expect((await call()).structuredContent).toEqual(many(5000));
    expect(problems).toEqual([expect.stringMatching(/characters of JSON, over the result budget of 4,000/)]);
  });

  it('reports data left whole where the registry had to cut the text', async () => {
    const { call, problems } = setupBig(Array.from({ length: 500 }, (_, i) => `item ${i}`).join('\n'), 3);
    const result = await call();
    expect(result.content.at(-1)).toMatchObject({ value: expect.stringContaining('the result was cut') });
    expect(problems).toEqual([expect.stringContaining('the structured result was not cut with it')]);
  });

  it('has nothing to say of data and text that both fit', async () => {
    const { call, problems } = setupBig('3 things', 3);
    await call();
    expect(problems).toEqual([]);
  });
});
