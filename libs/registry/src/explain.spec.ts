import { explainNotSent } from './explain';
import { createToolRegistry } from './toolRegistry';
import { def, models, recordingTool } from './testing';

describe('explainNotSent, isSelected and toolSetMembers', () => {
  function setup() {
    const registry = createToolRegistry();
    registry.registerTool(def('grep_search'), recordingTool('g'));
    registry.registerModelSpecificTool(def('gemini_grep', { overridesTool: 'grep_search', models: [{ family: 'gemini*' }] }), recordingTool('o'));
    registry.registerTool(def('replace_string', { toolReferenceName: 'edit_file' }), recordingTool('r'));
    registry.registerModelSpecificTool(def('apply_patch', { toolReferenceName: 'edit_file', models: [{ family: 'gpt-5*' }] }), recordingTool('p'));
    registry.registerTool(def('get_stack', { when: 'debugState == stopped' }), recordingTool('s'));
    registry.registerTool(def('git_log'), recordingTool('l'));
    registry.registerToolSet({ name: 'git', description: 'Git', tools: ['git_log'] });
    registry.registerToolSet({ name: 'all', description: 'All', tools: ['git', 'grep_search'] });
    return registry;
  }

  it('says why each registered tool was not sent', () => {
    const registry = setup();
    const resolved = registry.resolve({ model: models.gpt5, selection: { toolSets: { git: false } } });
    expect(explainNotSent(registry, resolved, {})).toEqual([
      { name: 'gemini_grep', reason: 'overrides grep_search for family=gemini*' },
      { name: 'replace_string', reason: 'another variant matches this model' },
      { name: 'get_stack', reason: 'when debugState == stopped' },
      { name: 'git_log', reason: 'deselected' },
    ]);
    expect(explainNotSent(registry, registry.resolve({ model: models.claude }), {}).find((t) => t.name === 'apply_patch')).toEqual({ name: 'apply_patch', reason: 'only for family=gpt-5*' });
  });

  it('answers the picker: entry state under a selection, and toolset members', () => {
    const registry = setup();
    expect(registry.isSelected('git_log', { toolSets: { all: false } })).toBe(false);
    expect(registry.isSelected('git_log', { toolSets: { all: false, git: true } })).toBe(true);
    expect(registry.isSelected('edit_file')).toBe(true);
    expect([...registry.toolSetMembers('all')].sort()).toEqual(['git_log', 'grep_search']);
  });
});
