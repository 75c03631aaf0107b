// The resolver's record: every registered tool is either in `entries` (sent or grouped) or in
// `notSent` with the one reason the resolver decided at the place it decided.
import { definePack } from '../definePack';
import { describeGroup, describeReason } from './resolutionText';
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import type { ResolvedToolSet } from './resolutionTypes';
import type { ToolRegistry } from '../types';

/** Each registered tool appears once: as an entry, as the implementation of one, or as not sent. */
function expectEveryToolAccountedOnce(registry: ToolRegistry, resolved: ResolvedToolSet) {
  const seen = [
    ...resolved.entries.flatMap((e) => (e.implementationName === e.name ? [e.name] : [e.name, e.implementationName])),
    ...resolved.notSent.map((t) => t.name),
  ];
  expect([...seen].sort()).toEqual(registry.tools.map((t) => t.definition.name).sort());
}

const reasons = (resolved: ResolvedToolSet) => Object.fromEntries(resolved.notSent.map((t) => [t.name, t.reason]));

describe('the resolution record', () => {
  function setup() {
    const registry = createToolRegistry();
    registry.registerTool(def('grep_search'), recordingTool('g'));
    registry.registerModelSpecificTool(
      def('gemini_grep', { overridesTool: 'grep_search', models: [{ family: 'gemini*' }] }),
      recordingTool('o'),
    );
    registry.registerTool(def('replace_string', { toolReferenceName: 'edit_file' }), recordingTool('r'));
    registry.registerModelSpecificTool(
      def('apply_patch', { toolReferenceName: 'edit_file', models: [{ family: 'gpt-5*' }] }),
      recordingTool('p'),
    );
    registry.registerTool(def('get_stack', { when: 'debugState == stopped' }), recordingTool('s'));
    registry.registerTool(def('git_log'), recordingTool('l'));
    registry.registerToolSet({ name: 'git', description: 'Git', tools: ['git_log'] });
    registry.registerToolSet({ name: 'all', description: 'All', tools: ['git', 'grep_search'] });
    return registry;
  }

  it('says why each registered tool was not sent, with one reason and a detail', () => {
    const registry = setup();
    const resolved = registry.resolve({ model: models.gpt5, selection: { toolSets: { git: false } } });
    expect(resolved.notSent).toEqual([
      {
        name: 'replace_string',
        toolReferenceName: 'edit_file',
        reason: 'variant',
        detail: "'apply_patch' (family=gpt-5*) is the variant for this model",
      },
      {
        name: 'gemini_grep',
        toolReferenceName: 'gemini_grep',
        reason: 'override',
        detail: "overrides 'grep_search' for family=gemini*",
      },
      {
        name: 'get_stack',
        toolReferenceName: 'get_stack',
        reason: 'when',
        detail: 'its when clause is false: debugState == stopped',
      },
      {
        name: 'git_log',
        toolReferenceName: 'git_log',
        reason: 'deselected',
        detail: expect.stringMatching(/tool picker/),
      },
    ]);
    expectEveryToolAccountedOnce(registry, resolved);
    const claude = registry.resolve({ model: models.claude });
    expect(claude.notSent.find((t) => t.name === 'apply_patch')).toMatchObject({
      reason: 'model',
      detail: 'only for family=gpt-5*',
    });
    expectEveryToolAccountedOnce(registry, claude);
  });

  it('records an override in use as the implementation of its base, and one whose base is not sent with the base’s reason', () => {
    const registry = setup();
    const gemini = registry.resolve({ model: models.gemini });
    expect(gemini.entries.find((e) => e.name === 'grep_search')).toMatchObject({
      reason: 'override',
      implementationName: 'gemini_grep',
    });
    expect(gemini.notSent.map((t) => t.name)).not.toContain('gemini_grep');
    const deselected = registry.resolve({ model: models.gemini, selection: { toolSets: { all: false } } });
    expect(reasons(deselected)).toMatchObject({ grep_search: 'deselected', gemini_grep: 'deselected' });
    expect(deselected.notSent.find((t) => t.name === 'gemini_grep')!.detail).toMatch(
      /^replaces 'grep_search', which is not sent/,
    );
    expectEveryToolAccountedOnce(registry, deselected);
  });

  it('reports an override whose own when clause is false as "when", and runs the base', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('grep_search'), recordingTool('g'));
    registry.registerModelSpecificTool(
      def('gemini_grep', { overridesTool: 'grep_search', models: [{ family: 'gemini*' }], when: 'fast' }),
      recordingTool('o'),
    );
    const resolved = registry.resolve({ model: models.gemini });
    expect(resolved.entries).toEqual([
      expect.objectContaining({ name: 'grep_search', reason: 'general', implementationName: 'grep_search' }),
    ]);
    expect(resolved.notSent).toEqual([
      expect.objectContaining({ name: 'gemini_grep', reason: 'when', detail: 'its when clause is false: fast' }),
    ]);
  });

  it('reports a malformed when clause as "when-invalid" with the parse error, never as a when clause', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('broken_tool', { when: '(a' }), recordingTool('b'));
    const resolved = registry.resolve({ model: models.claude });
    const [record] = resolved.notSent;
    expect(record).toMatchObject({ name: 'broken_tool', reason: 'when-invalid' });
    expect(record.detail).not.toMatch(/^when /);
    expect(record.detail).toBe(resolved.diagnostics.find((d) => d.code === 'when-invalid')!.message.split(' — ')[0]);
  });

  it('reports tools dropped by a per-model limit as "limit", never as deselected', async () => {
    const registry = createToolRegistry();
    const tools = Array.from({ length: 12 }, (_, i) => ({
      definition: def(`tool_${i}`, { toolSet: `set_${i}` }),
      implementation: recordingTool(`${i}`),
    }));
    const toolSets = tools.map((_, i) => ({ name: `set_${i}`, description: `Set ${i}`, tools: [] }));
    expect(
      (await registry.loadPack(definePack({ id: 'many', displayName: 'Many', version: '1', tools, toolSets }))).loaded,
    ).toBe(true);
    const resolved = registry.resolve({ model: { ...models.claude, maxTools: 5 } });
    expect(resolved.tools.length).toBeLessThanOrEqual(5);
    const dropped = resolved.notSent.filter((t) => t.reason === 'limit');
    expect(dropped.length).toBeGreaterThan(0);
    expect(resolved.notSent.filter((t) => t.reason !== 'limit')).toEqual([]);
    expect(dropped[0].detail).toMatch(/limit of 5 tools/);
    expect(resolved.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'tool-limit',
        message: expect.stringContaining(`${dropped.length} enabled tools`),
      }),
    );
    expectEveryToolAccountedOnce(registry, resolved);
  });

  it('answers the picker: entry state under a selection, and toolset members', () => {
    const registry = setup();
    expect(registry.isSelected('git_log', { toolSets: { all: false } })).toBe(false);
    expect(registry.isSelected('git_log', { toolSets: { all: false, git: true } })).toBe(true);
    expect(registry.isSelected('edit_file')).toBe(true);
    expect([...registry.toolSetMembers('all')].sort()).toEqual(['git_log', 'grep_search']);
  });

  it('labels reasons and groups one way for every host', async () => {
    const registry = createToolRegistry();
    const tools = Array.from({ length: 4 }, (_, i) => ({
      definition: def(`tool_${i}`),
      implementation: recordingTool(`${i}`),
    }));
    await registry.loadPack(definePack({ id: 'four', displayName: 'Four', version: '1', tools }));
    registry.registerTool(def('grep_search'), recordingTool('g'));
    registry.registerModelSpecificTool(
      def('gemini_grep', { overridesTool: 'grep_search', models: [{ family: 'gemini*' }] }),
      recordingTool('o'),
    );
    const resolved = registry.resolve({ model: models.gemini, virtualTools: { threshold: 4 } });
    const [group] = resolved.groups;
    expect(describeGroup(group)).toBe('group of 4');
    expect(describeReason(resolved.entries.find((e) => e.name === 'tool_0')!)).toBe(`in group ${group.name}`);
    expect(describeReason(resolved.entries.find((e) => e.name === 'grep_search')!)).toBe('override (gemini_grep)');
    expect(names(resolved)).toEqual([group.name, 'grep_search']);
  });

  it("says in the host's words what each false condition of a when clause means, and a call of the tool hears it", async () => {
    const registry = createToolRegistry({
      contextKeyHints: { repoCount: 'the folder is not a git repository', debugState: 'nothing is being debugged' },
    });
    registry.registerTool(def('git_log', { when: 'repoCount > 0 && debugState != running' }), recordingTool('l'));
    registry.registerTool(def('get_stack', { when: 'debugState == stopped || hasEditors' }), recordingTool('s'));
    registry.registerTool(def('other', { when: 'unknownKey' }), recordingTool('o'));
    const resolved = registry.resolve({ model: models.gpt5, context: { repoCount: 0, debugState: 'inactive' } });
    const detail = (name: string) => resolved.notSent.find((n) => n.name === name)?.detail;
    // Only the condition that is false: debugState != running holds.
    expect(detail('git_log')).toBe(
      'its when clause is false: repoCount > 0 && debugState != running — the folder is not a git repository',
    );
    // Every part of a false `or`, each key once; keys without words add nothing.
    expect(detail('get_stack')).toBe(
      'its when clause is false: debugState == stopped || hasEditors — nothing is being debugged',
    );
    expect(detail('other')).toBe('its when clause is false: unknownKey');
    const call = await registry.invoke(resolved, { callId: '1', name: 'git_log', input: {} });
    expect(call.status).toBe('not-enabled');
    expect(call.content).toEqual([
      {
        kind: 'text',
        value:
          'Tool `git_log` is not enabled for this request (its when clause is false: repoCount > 0 && debugState ' +
          '!= running — the folder is not a git repository), so it was not run. Use one of the tools you were ' +
          'given instead.',
      },
    ]);
  });
});
