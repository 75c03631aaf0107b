// bindTool: one tool a host's own picker chose, bound as itself, then prepared and invoked exactly
// like a resolution.
import { createToolRegistry } from '../toolRegistry';
import { textResult } from '../toolResult';
import { def, models, names, recordingTool } from '../testing';
import type { ModelInfo, Tool } from '../definitions';

function setup() {
  const calls: { label: string; input: unknown }[] = [];
  const registry = createToolRegistry();
  registry.registerTool(
    def('grep_search', {
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    }),
    recordingTool('base', calls),
  );
  registry.registerModelSpecificTool(
    def('gemini_grep', {
      overridesTool: 'grep_search',
      models: [{ family: 'gemini*' }],
      modelDescription: 'Gemini grep.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    }),
    recordingTool('override', calls),
  );
  return { registry, calls };
}

describe('bindTool', () => {
  it('binds a tool as itself, whatever the selection, its when clause or the threshold would say', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry({ virtualToolThreshold: 0 });
    registry.registerTool(
      def('get_stack', { when: 'debugState == stopped', enabledByDefault: false }),
      recordingTool('stack', calls),
    );
    expect(names(registry.resolve({ model: models.claude }))).toEqual([]);
    const bound = registry.bindTool('get_stack')!;
    expect(names(bound)).toEqual(['get_stack']);
    expect(bound).toMatchObject({ groups: [], notSent: [], diagnostics: [], registryVersion: registry.version });
    expect(bound.entries).toEqual([
      expect.objectContaining({ name: 'get_stack', reason: 'general', sent: true, implementationName: 'get_stack' }),
    ]);
    expect(bound.model).toBeUndefined();
    expect(bound.estimatedTokens).toBeGreaterThan(0);
    expect(await registry.invoke(bound, { callId: '1', name: 'get_stack', input: {} })).toMatchObject({ status: 'ok' });
    expect(calls).toEqual([{ label: 'stack', input: {} }]);
  });

  it('runs the override that matches the model, as resolve() does, and the tool itself without a model', async () => {
    const { registry, calls } = setup();
    const gemini = registry.bindTool('grep_search', models.gemini)!;
    expect(gemini.tools).toEqual([
      {
        name: 'grep_search',
        description: 'Gemini grep.',
        inputSchema: expect.objectContaining({ required: ['text'] }),
      },
    ]);
    expect(gemini.entries[0]).toMatchObject({ reason: 'override', implementationName: 'gemini_grep' });
    expect(gemini.tools).toEqual(registry.resolve({ model: models.gemini }).tools);
    expect((await registry.invoke(gemini, { callId: '1', name: 'grep_search', input: { query: 'x' } })).status).toBe(
      'invalid-input',
    );
    expect((await registry.invoke(gemini, { callId: '2', name: 'grep_search', input: { text: 'x' } })).status).toBe(
      'ok',
    );
    expect(
      (
        await registry.invoke(registry.bindTool('grep_search', models.gpt41)!, {
          callId: '3',
          name: 'grep_search',
          input: { query: 'y' },
        })
      ).status,
    ).toBe('ok');
    expect(
      (
        await registry.invoke(registry.bindTool('grep_search')!, {
          callId: '4',
          name: 'grep_search',
          input: { query: 'z' },
        })
      ).status,
    ).toBe('ok');
    expect(calls).toEqual([
      { label: 'override', input: { text: 'x' } },
      { label: 'base', input: { query: 'y' } },
      { label: 'base', input: { query: 'z' } },
    ]);
  });

  it('passes the model to the tool only when one was given', async () => {
    const seen: (ModelInfo | undefined)[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('which_model'), {
      invoke: (options) => (seen.push(options.model), textResult('ok')),
    } satisfies Tool);
    await registry.invoke(registry.bindTool('which_model')!, { callId: '1', name: 'which_model', input: {} });
    await registry.invoke(registry.bindTool('which_model', models.claude)!, {
      callId: '2',
      name: 'which_model',
      input: {},
    });
    expect(seen).toEqual([undefined, models.claude]);
  });

  it('answers undefined for an unknown name and for an override (it runs only as its base)', () => {
    const { registry } = setup();
    expect(registry.bindTool('nope')).toBeUndefined();
    expect(registry.bindTool('gemini_grep', models.gemini)).toBeUndefined();
  });

  it('never runs an override whose when clause does not parse', async () => {
    const { registry, calls } = setup();
    registry.registerModelSpecificTool(
      def('gemini_exact', { overridesTool: 'grep_search', models: [{ family: 'gemini-2.5-pro' }], when: '(a' }),
      recordingTool('broken', calls),
    );
    const bound = registry.bindTool('grep_search', models.gemini)!;
    expect(bound.entries[0]).toMatchObject({ reason: 'general', implementationName: 'grep_search' });
  });

  it('never binds a tool whose when clause does not parse (resolve() never sends it)', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('broken_when', { when: '(a' }), recordingTool('broken', []));
    expect(registry.resolve({ model: models.claude }).notSent).toEqual([
      expect.objectContaining({ name: 'broken_when', reason: 'when-invalid' }),
    ]);
    expect(registry.bindTool('broken_when')).toBeUndefined();
  });

  it('uses an override only where resolve() would: when the base is the variant for that model', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('find_text'), recordingTool('general', calls));
    registry.registerModelSpecificTool(
      def('gemini_find_text', { toolReferenceName: 'find_text', models: [{ family: 'gemini*' }] }),
      recordingTool('variant', calls),
    );
    registry.registerModelSpecificTool(
      def('override_general', { overridesTool: 'find_text', models: [{ family: 'gemini*' }] }),
      recordingTool('override', calls),
    );
    // For Gemini the variant wins the reference name, so resolve() never uses the general tool's override.
    expect(registry.resolve({ model: models.gemini }).entries.map((e) => e.implementationName)).toEqual([
      'gemini_find_text',
    ]);
    const bound = registry.bindTool('find_text', models.gemini)!;
    expect(bound.entries[0]).toMatchObject({ implementationName: 'find_text' });
    await registry.invoke(bound, { callId: '1', name: 'find_text', input: {} });
    expect(calls.map((c) => c.label)).toEqual(['general']);
  });

  it('refuses a call to any other tool, and prepares and confirms by the same rule as a resolution', async () => {
    const registry = createToolRegistry();
    registry.registerTool(def('git_commit', { annotations: { destructive: true } }), recordingTool('commit'));
    registry.registerTool(def('read_file'), recordingTool('read'));
    const bound = registry.bindTool('git_commit')!;
    expect((await registry.invoke(bound, { callId: '1', name: 'read_file', input: {} })).status).toBe('not-enabled');
    const prepared = await registry.prepare(bound, { name: 'git_commit', input: {} });
    expect(prepared).toEqual(
      await registry.prepare(registry.resolve({ model: models.claude }), { name: 'git_commit', input: {} }),
    );
    expect(prepared?.confirmationMessages?.title).toBe('Run git_commit?');
    const asked: string[] = [];
    const declined = await registry.invoke(
      bound,
      { callId: '2', name: 'git_commit', input: {} },
      { confirm: async (request) => (asked.push(request.title), 'decline') },
    );
    expect(declined.status).toBe('declined');
    expect(asked).toEqual(['Run git_commit?']);
  });

  it('is cached per registry version and model', () => {
    const { registry } = setup();
    const first = registry.bindTool('grep_search', models.gemini);
    expect(registry.bindTool('grep_search', models.gemini)).toBe(first);
    expect(registry.bindTool('grep_search', models.gpt41)).not.toBe(first);
    registry.registerTool(def('other_tool'), recordingTool('o'));
    const after = registry.bindTool('grep_search', models.gemini)!;
    expect(after).not.toBe(first);
    expect(after.registryVersion).toBe(registry.version);
  });
});
