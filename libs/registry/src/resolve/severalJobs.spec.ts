// One native tool for several jobs (`replaces`): the rule the resolver applies, conflicts between
// packs that both claim a family, the picker's per-job choices and what the call is told.
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import type { Tool, ToolInvocationOptions } from '../definitions';

const claudeOnly = [{ family: 'claude-*' }];

/** The general tools of three jobs, as the editor pack has them. */
function withGeneralTools() {
  const registry = createToolRegistry();
  registry.registerTool(def('read_file'), recordingTool('read'));
  registry.registerTool(def('create_file'), recordingTool('create'));
  registry.registerTool(def('replace_string_in_file', { toolReferenceName: 'edit_file' }), recordingTool('replace'));
  return registry;
}

function jobsRecorder(seen: (readonly string[] | undefined)[]): Tool {
  return {
    invoke(options: ToolInvocationOptions<unknown>) {
      seen.push(options.enabledJobs);
      return { content: [] };
    },
  };
}

describe('a tool that does several jobs (replaces)', () => {
  it('takes the place of every general tool it replaces, for its models only', () => {
    const registry = withGeneralTools();
    registry.registerModelSpecificTool(
      def('editor_tool', { models: claudeOnly, replaces: ['read_file', 'create_file', 'edit_file'] }),
      recordingTool('editor'),
    );
    const claude = registry.resolve({ model: models.claude });
    expect(names(claude)).toEqual(['editor_tool']);
    expect(claude.notSent.filter((n) => n.reason === 'variant')).toEqual([
      expect.objectContaining({
        name: 'read_file',
        detail: "replaced for family=claude-* by 'editor_tool', which does 'read_file' for this model",
      }),
      expect.objectContaining({ name: 'create_file', detail: expect.stringContaining("by 'editor_tool'") }),
      expect.objectContaining({ name: 'replace_string_in_file', detail: expect.stringContaining("does 'edit_file'") }),
    ]);
    expect(names(registry.resolve({ model: models.gpt5 }))).toEqual([
      'read_file',
      'create_file',
      'replace_string_in_file',
    ]);
  });

  it('is sent while any of its jobs is on, and its call is told which are', async () => {
    const registry = withGeneralTools();
    const seen: (readonly string[] | undefined)[] = [];
    registry.registerModelSpecificTool(
      def('editor_tool', {
        models: claudeOnly,
        toolReferenceName: 'edit_file',
        replaces: ['read_file', 'create_file', 'edit_file'],
      }),
      jobsRecorder(seen),
    );
    const readOnly = registry.resolve({
      model: models.claude,
      selection: { tools: { create_file: false, edit_file: false } },
    });
    expect(names(readOnly)).toEqual(['editor_tool']);
    expect(readOnly.entries.find((e) => e.name === 'editor_tool')?.enabledJobs).toEqual(['read_file']);
    await registry.invoke(readOnly, { callId: '1', name: 'editor_tool', input: {} });
    const all = registry.resolve({ model: models.claude });
    await registry.invoke(all, { callId: '2', name: 'editor_tool', input: {} });
    expect(seen).toEqual([['read_file'], ['read_file', 'create_file', 'edit_file']]);

    const none = registry.resolve({
      model: models.claude,
      selection: { tools: { read_file: false, create_file: false, edit_file: false } },
    });
    expect(names(none)).toEqual([]);
    expect(none.notSent).toContainEqual(expect.objectContaining({ name: 'editor_tool', reason: 'deselected' }));
    // A reference to one job brings the tool with that job only.
    const referenced = registry.resolve({
      model: models.claude,
      selection: { tools: { read_file: false, create_file: false, edit_file: false } },
      referencedTools: ['create_file'],
    });
    expect(referenced.entries.find((e) => e.name === 'editor_tool')?.enabledJobs).toEqual(['create_file']);
  });

  it('is told its enabled jobs when a host binds it by name with its picker choices (a VS Code call)', async () => {
    const registry = withGeneralTools();
    const seen: (readonly string[] | undefined)[] = [];
    registry.registerModelSpecificTool(
      def('editor_tool', { models: claudeOnly, replaces: ['read_file', 'create_file', 'edit_file'] }),
      jobsRecorder(seen),
    );
    const editOff = { tools: { edit_file: false } };
    const bound = registry.bindTool('editor_tool', models.claude, editOff);
    await registry.invoke(bound!, { callId: '1', name: 'editor_tool', input: {} });
    // Choices changed between calls: the next call is bound with the new ones.
    const allOff = { tools: { read_file: false, create_file: false, edit_file: false } };
    await registry.invoke(registry.bindTool('editor_tool', models.claude, allOff)!, {
      callId: '2',
      name: 'editor_tool',
      input: {},
    });
    // No selection: the host chose the tool itself, every job is on.
    await registry.invoke(registry.bindTool('editor_tool', models.claude)!, {
      callId: '3',
      name: 'editor_tool',
      input: {},
    });
    expect(seen).toEqual([['read_file', 'create_file'], [], ['read_file', 'create_file', 'edit_file']]);
  });

  it('tells a general tool nothing about jobs', async () => {
    const registry = createToolRegistry();
    const seen: (readonly string[] | undefined)[] = [];
    registry.registerTool(def('read_file'), jobsRecorder(seen));
    await registry.invoke(registry.resolve({ model: models.claude }), { callId: '1', name: 'read_file', input: {} });
    expect(seen).toEqual([undefined]);
  });

  it('withdraws from every job when another pack fits the model better for one of them', () => {
    const registry = withGeneralTools();
    registry.registerModelSpecificTool(
      def('broad_editor', { models: claudeOnly, replaces: ['read_file', 'create_file', 'edit_file'] }),
      recordingTool('broad'),
    );
    registry.registerModelSpecificTool(
      def('sonnet_reader', { models: [{ family: 'claude-sonnet-4' }], replaces: ['read_file'] }),
      recordingTool('sonnet'),
    );
    const sonnet = registry.resolve({ model: models.claude });
    // The reader wins read_file; the broad editor, beaten there, gives its other jobs back.
    expect(names(sonnet)).toEqual(['create_file', 'replace_string_in_file', 'sonnet_reader']);
    expect(sonnet.notSent).toContainEqual(
      expect.objectContaining({
        name: 'broad_editor',
        reason: 'variant',
        detail: expect.stringContaining("'sonnet_reader' (family=claude-sonnet-4) fits this model better"),
      }),
    );
    const opus = registry.resolve({ model: { ...models.claude, id: 'claude-opus-4.5', family: 'claude-opus-4.5' } });
    expect(names(opus)).toEqual(['broad_editor']);
  });

  it('keeps the first loaded of two packs that claim the same family equally, and warns', () => {
    const registry = withGeneralTools();
    registry.registerModelSpecificTool(
      def('first_editor', { models: claudeOnly, replaces: ['read_file', 'edit_file'] }),
      recordingTool('first'),
    );
    registry.registerModelSpecificTool(
      def('second_editor', { models: claudeOnly, replaces: ['read_file', 'edit_file'] }),
      recordingTool('second'),
    );
    const resolved = registry.resolve({ model: models.claude });
    expect(names(resolved)).toEqual(['create_file', 'first_editor']);
    expect(resolved.diagnostics.map((d) => d.code)).toEqual(['variant-tie']);
    expect(resolved.notSent).toContainEqual(expect.objectContaining({ name: 'second_editor', reason: 'variant' }));
  });

  it('settles overlapping claims that only partly agree: one tool per job, none sent twice', () => {
    // read_and_edit loses edit_file to the closer match, so it withdraws and read_file comes back.
    const registry = withGeneralTools();
    registry.registerModelSpecificTool(
      def('read_and_edit', { models: claudeOnly, replaces: ['read_file', 'edit_file'] }),
      recordingTool('a'),
    );
    registry.registerModelSpecificTool(
      def('edit_and_create', { models: [{ family: 'claude-sonnet-4' }], replaces: ['edit_file', 'create_file'] }),
      recordingTool('b'),
    );
    const resolved = registry.resolve({ model: models.claude });
    expect(names(resolved)).toEqual(['read_file', 'edit_and_create']);
    expect(new Set(names(resolved)).size).toBe(names(resolved).length);
  });

  it('does not let a tool that withdraws take another down with it', () => {
    const registry = withGeneralTools();
    registry.registerModelSpecificTool(
      def('a_editor', { models: claudeOnly, replaces: ['read_file', 'edit_file'] }),
      recordingTool('a'),
    );
    registry.registerModelSpecificTool(
      def('c_reader', { models: [{ family: 'claude-sonnet-4' }], replaces: ['read_file', 'create_file'] }),
      recordingTool('c'),
    );
    registry.registerModelSpecificTool(
      def('d_creator', {
        models: [{ id: 'claude-sonnet-4', family: 'claude-sonnet-4' }],
        toolReferenceName: 'create_file',
      }),
      recordingTool('d'),
    );
    // d beats c for create_file; c withdraws, and a, which lost read_file only to c, comes back.
    const resolved = registry.resolve({ model: models.claude });
    expect(names(resolved)).toEqual(['a_editor', 'd_creator']);
    expect(resolved.notSent).toContainEqual(
      expect.objectContaining({ name: 'c_reader', detail: expect.stringContaining("'d_creator'") }),
    );
  });

  it('refuses a replaces list without models, with a job twice, or with a reference name outside it', () => {
    const registry = createToolRegistry();
    expect(() => registry.registerTool(def('a_tool', { replaces: ['read_file'] }), recordingTool('a'))).toThrow(
      /replaces needs models/,
    );
    expect(() =>
      registry.registerModelSpecificTool(
        def('b_tool', { models: claudeOnly, replaces: ['read_file', 'read_file'] }),
        recordingTool('b'),
      ),
    ).toThrow(/names a job twice/);
    expect(() =>
      registry.registerModelSpecificTool(
        def('c_tool', { models: claudeOnly, replaces: ['read_file'], toolReferenceName: 'edit_file' }),
        recordingTool('c'),
      ),
    ).toThrow(/must be one of the jobs it replaces/);
    expect(() =>
      registry.registerModelSpecificTool(def('d_tool', { models: claudeOnly, replaces: [] }), recordingTool('d')),
    ).toThrow(/non-empty array/);
  });
});
