import { definePack } from './definePack';
import { defineTool, defineToolSet } from './defineTool';
import type { ToolInvocationOptions } from './definitions';

const echoDefinition = {
  name: 'echo_text',
  toolReferenceName: 'echo',
  modelDescription: 'Returns the text.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
    additionalProperties: false,
  },
} as const;

class EchoTool {
  invoke({ input }: ToolInvocationOptions<{ readonly text: string }>) {
    return { content: [{ value: input.text }] };
  }
}

const echo = defineTool({ definition: echoDefinition, implementation: EchoTool });
const gptEcho = defineTool({
  definition: { ...echoDefinition, name: 'gpt_echo_text', models: [{ family: 'gpt-5*' }] },
  implementation: EchoTool,
});
const count = defineTool({
  definition: { name: 'count_items', modelDescription: 'Counts.' },
  implementation: { invoke: () => ({ content: [{ value: '0' }] }) },
});

describe('defineTool', () => {
  it('is the { definition, implementation } a pack lists, the definition passed on as written', () => {
    expect(echo).toEqual({ definition: echoDefinition, implementation: EchoTool });
    expect(echo.definition).toBe(echoDefinition);
    expect(Object.isFrozen(echo)).toBe(true);
  });

  it('is taken by definePack as any PackTool', () => {
    const pack = definePack({
      id: 'p',
      displayName: 'P',
      version: '1.0.0',
      tools: [
        echo,
        gptEcho,
        count,
        { definition: { name: 'plain_tool', modelDescription: 'Plain.' }, implementation: EchoTool },
      ],
    });
    expect(pack.tools.map((t) => t.definition.name)).toEqual([
      'echo_text',
      'gpt_echo_text',
      'count_items',
      'plain_tool',
    ]);
    expect(pack.tools[0]).toBe(echo);
  });
});

describe('defineToolSet', () => {
  it('lists the reference names of tool values, toolset values and names, in order, each once', () => {
    const inner = defineToolSet({ name: 'inner', description: 'Inner.', icon: 'book', tools: [count] });
    const outer = defineToolSet({
      name: 'outer',
      description: 'Outer.',
      tools: [echo, gptEcho, inner, 'other_pack_tool', count],
    });
    expect(inner).toEqual({ name: 'inner', description: 'Inner.', icon: 'book', tools: ['count_items'] });
    // echo and its GPT variant share the reference name 'echo': one picker entry, listed once.
    expect(outer).toEqual({
      name: 'outer',
      description: 'Outer.',
      tools: ['echo', 'inner', 'other_pack_tool', 'count_items'],
    });
    expect('icon' in outer).toBe(false);
  });

  it('gives definePack the ToolSetDefinition it has always taken', () => {
    const pack = definePack({
      id: 'p',
      displayName: 'P',
      version: '1.0.0',
      tools: [echo, count],
      toolSets: [defineToolSet({ name: 'all', description: 'All.', tools: [echo, count] })],
    });
    expect(pack.toolSets).toEqual([{ name: 'all', description: 'All.', tools: ['echo', 'count_items'] }]);
  });
});
