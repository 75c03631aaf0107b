import { createToolRegistry, textResult, type ToolDefinition } from '@toolpacks/registry/host';
import { describeResolution } from './describeResolution';

const tool = { invoke: () => textResult('ok') };
const def = <E extends Partial<ToolDefinition>>(name: string, extra: E = {} as E): ToolDefinition & E => ({
  name,
  modelDescription: `Does ${name}.`,
  ...extra,
});
const model = { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' };

describe('describeResolution', () => {
  it('shows what is sent and why, and each tool not sent with the resolver’s reason and detail', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('grep_search'), tool);
    registry.registerModelSpecificTool(
      def('gemini_grep', { overridesTool: 'grep_search', models: [{ family: 'gemini*' }] }),
      tool,
    );
    registry.registerModelSpecificTool(def('apply_patch', { models: [{ family: 'gpt-5*' }] }), tool);
    registry.registerTool(def('get_stack', { when: '(broken' }), tool);
    const markdown = describeResolution(registry.resolve({ model }));
    expect(markdown).toContain('# Tools for copilot/gemini-2.5-pro (gemini-2.5-pro)');
    expect(markdown).toContain('| grep_search | - | override (gemini_grep) | Does gemini_grep. |');
    expect(markdown).toContain('| apply_patch | - | model | only for family=gpt-5* |');
    expect(markdown).toMatch(/\| get_stack \| - \| when-invalid \| .+ \|/);
  });

  it('describes a bound tool without a model', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('read_file'), tool);
    const markdown = describeResolution(registry.bindTool('read_file')!);
    expect(markdown.split('\n')[0]).toBe('# Tools for any model');
    expect(markdown).toContain('| read_file | - | general | Does read_file. |');
  });
});
