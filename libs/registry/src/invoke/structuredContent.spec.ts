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
