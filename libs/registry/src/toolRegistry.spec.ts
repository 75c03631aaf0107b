import { Container, ContainerModule, inject, injectable } from 'inversify';
import { definePack } from './definePack';
import { createToolRegistry } from './toolRegistry';
import { textResult } from './toolResult';
import { def, models, names, recordingTool } from './testing';
import { ToolRegistry } from './types';
import { type Tool, type ToolInvocationOptions } from './definitions';

describe('ToolRegistry resolution', () => {
  it('sends general tools to every model and model-specific ones only to matching models', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('read_file'), recordingTool('read'));
    registry.registerModelSpecificTool(
      def('apply_patch', { models: [{ family: 'gpt-4.1' }, { family: 'gpt-5*' }] }),
      recordingTool('patch'),
    );
    expect(names(registry.resolve({ model: models.gpt41 }))).toEqual(['read_file', 'apply_patch']);
    expect(names(registry.resolve({ model: models.gpt5 }))).toEqual(['read_file', 'apply_patch']);
    expect(names(registry.resolve({ model: models.claude }))).toEqual(['read_file']);
  });

  it('refuses registerModelSpecificTool without selectors', () => {
    const registry = createToolRegistry();
    expect(() =>
      registry.registerModelSpecificTool(def('x_tool', { models: [] }) as never, recordingTool('x')),
    ).toThrow(/at least one model selector/);
  });

  it('shows variants sharing a toolReferenceName once in selection and sends the one matching the model', () => {
    const registry = createToolRegistry();
    registry.registerModelSpecificTool(
      def('gpt41_get_time', { toolReferenceName: 'get_time', models: [{ family: 'gpt-4.1' }] }),
      recordingTool('41'),
    );
    registry.registerModelSpecificTool(
      def('gpt4o_get_time', { toolReferenceName: 'get_time', models: [{ family: 'gpt-4o' }] }),
      recordingTool('4o'),
    );
    registry.registerTool(def('get_time'), recordingTool('general'));
    expect(names(registry.resolve({ model: models.gpt41 }))).toEqual(['gpt41_get_time']);
    expect(names(registry.resolve({ model: models.gpt4o }))).toEqual(['gpt4o_get_time']);
    expect(names(registry.resolve({ model: models.claude }))).toEqual(['get_time']);
    // One picker entry controls every variant.
    expect(names(registry.resolve({ model: models.gpt41, selection: { tools: { get_time: false } } }))).toEqual([]);
    expect(names(registry.resolve({ model: models.claude, selection: { tools: { get_time: false } } }))).toEqual([]);
  });

  it('reports a tie between equally specific variants and keeps the first loaded', () => {
    const registry = createToolRegistry();
    registry.registerModelSpecificTool(
      def('a_time', { toolReferenceName: 'get_time', models: [{ family: 'gpt-4.1' }] }),
      recordingTool('a'),
    );
    registry.registerModelSpecificTool(
      def('b_time', { toolReferenceName: 'get_time', models: [{ family: 'gpt-4.1' }] }),
      recordingTool('b'),
    );
    const resolved = registry.resolve({ model: models.gpt41 });
    expect(names(resolved)).toEqual(['a_time']);
    expect(resolved.diagnostics).toEqual([expect.objectContaining({ code: 'variant-tie', severity: 'warning' })]);
  });

  describe('overridesTool', () => {
    function setup() {
      const calls: { label: string; input: unknown }[] = [];
      const registry = createToolRegistry();
      registry.registerTool(
        def('grep_search', {
          modelDescription: 'Base grep.',
          inputSchema: {
            type: 'object',
            properties: { query: { type: 'string' }, isRegexp: { type: 'boolean' } },
            required: ['query'],
          },
        }),
        recordingTool('base', calls),
      );
      registry.registerModelSpecificTool(
        def('gemini_grep_search', {
          overridesTool: 'grep_search',
          models: [{ family: 'gemini*' }],
          modelDescription: 'Gemini grep.',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        }),
        recordingTool('override', calls),
      );
      return { registry, calls };
    }

    it("gives a matching model the base's name with the override's description and schema", () => {
      const { registry } = setup();
      const resolved = registry.resolve({ model: models.gemini });
      expect(resolved.tools).toEqual([
        {
          name: 'grep_search',
          description: 'Gemini grep.',
          inputSchema: expect.objectContaining({ required: ['text'] }),
        },
      ]);
      expect(resolved.entries[0]).toMatchObject({ reason: 'override', implementationName: 'gemini_grep_search' });
      expect(registry.resolve({ model: models.gpt41 }).tools).toEqual([
        expect.objectContaining({ name: 'grep_search', description: 'Base grep.' }),
      ]);
    });

    it("runs the override's implementation, validated against the override's schema", async () => {
      const { registry, calls } = setup();
      const resolved = registry.resolve({ model: models.gemini });
      const ok = await registry.invoke(resolved, { callId: '1', name: 'grep_search', input: { text: 'x' } });
      expect(ok.status).toBe('ok');
      expect(calls).toEqual([{ label: 'override', input: { text: 'x' } }]);
      const bad = await registry.invoke(resolved, { callId: '2', name: 'grep_search', input: { query: 'x' } });
      expect(bad.status).toBe('invalid-input');
      expect(calls).toHaveLength(1);
      await registry.invoke(registry.resolve({ model: models.gpt41 }), {
        callId: '3',
        name: 'grep_search',
        input: { query: 'x' },
      });
      expect(calls[1]).toEqual({ label: 'base', input: { query: 'x' } });
    });

    it('never appears on its own and follows the base selection', () => {
      const { registry } = setup();
      expect(names(registry.resolve({ model: models.gemini, selection: { tools: { grep_search: false } } }))).toEqual(
        [],
      );
      expect(
        names(
          registry.resolve({
            model: models.gemini,
            selection: { tools: { gemini_grep_search: true, grep_search: false } },
          }),
        ),
      ).toEqual([]);
    });

    it('is inert with a warning when its base is missing', () => {
      const registry = createToolRegistry();
      registry.registerModelSpecificTool(
        def('gemini_lint', { overridesTool: 'run_lint', models: [{ family: 'gemini*' }] }),
        recordingTool('o'),
      );
      const resolved = registry.resolve({ model: models.gemini });
      expect(names(resolved)).toEqual([]);
      expect(resolved.diagnostics).toEqual([
        expect.objectContaining({ code: 'override-base-missing', severity: 'warning', toolName: 'gemini_lint' }),
      ]);
    });

    it('picks the most specific matching override and reports ties', () => {
      const { registry, calls } = setup();
      registry.registerModelSpecificTool(
        def('gemini25_grep', {
          overridesTool: 'grep_search',
          models: [{ family: 'gemini-2.5-pro', vendor: 'copilot' }],
          modelDescription: 'Specific.',
        }),
        recordingTool('specific', calls),
      );
      expect(registry.resolve({ model: models.gemini }).tools[0].description).toBe('Specific.');
      registry.registerModelSpecificTool(
        def('gemini25_grep_2', {
          overridesTool: 'grep_search',
          models: [{ family: 'gemini-2.5-pro', vendor: 'copilot' }],
          modelDescription: 'Tie.',
        }),
        recordingTool('tie', calls),
      );
      const resolved = registry.resolve({ model: models.gemini });
      expect(resolved.tools[0].description).toBe('Specific.');
      expect(resolved.diagnostics).toEqual([
        expect.objectContaining({ code: 'override-tie', toolName: 'grep_search' }),
      ]);
    });

    it('is inert when its own when clause is false', () => {
      const { registry } = setup();
      registry.registerModelSpecificTool(
        def('gpt_grep', {
          overridesTool: 'grep_search',
          models: [{ family: 'gpt-4.1' }],
          when: 'fancy',
          modelDescription: 'Fancy.',
        }),
        recordingTool('x'),
      );
      expect(registry.resolve({ model: models.gpt41 }).tools[0].description).toBe('Base grep.');
      expect(registry.resolve({ model: models.gpt41, context: { fancy: true } }).tools[0].description).toBe('Fancy.');
    });
  });

  describe('when clauses', () => {
    it('sends a tool only while its clause holds', () => {
      const registry = createToolRegistry();
      registry.registerTool(def('get_stack', { when: "debugState == 'stopped'" }), recordingTool('s'));
      expect(names(registry.resolve({ model: models.claude, context: { debugState: 'running' } }))).toEqual([]);
      expect(names(registry.resolve({ model: models.claude, context: { debugState: 'stopped' } }))).toEqual([
        'get_stack',
      ]);
    });

    it('turns a malformed clause into an error diagnostic and never sends that tool, without throwing', () => {
      const registry = createToolRegistry();
      expect(() => registry.registerTool(def('bad_when', { when: 'a && && b' }), recordingTool('b'))).not.toThrow();
      registry.registerTool(def('good_tool'), recordingTool('g'));
      const resolved = registry.resolve({ model: models.claude, context: { a: true, b: true } });
      expect(names(resolved)).toEqual(['good_tool']);
      expect(resolved.diagnostics).toEqual([
        expect.objectContaining({ code: 'when-invalid', severity: 'error', toolName: 'bad_when' }),
      ]);
      expect(registry.diagnostics).toEqual([expect.objectContaining({ code: 'when-invalid', toolName: 'bad_when' })]);
    });
  });

  describe('toolsets and selection', () => {
    function setup() {
      const registry = createToolRegistry();
      for (const name of ['read_file', 'list_dir', 'grep_search', 'git_status', 'git_commit'])
        registry.registerTool(def(name), recordingTool(name));
      registry.registerToolSet({ name: 'read', description: 'Read files', tools: ['read_file', 'list_dir'] });
      registry.registerToolSet({ name: 'search', description: 'Search', tools: ['grep_search'] });
      registry.registerToolSet({ name: 'explore', description: 'Read and search', tools: ['read', 'search'] });
      registry.registerToolSet({ name: 'git', description: 'Git', tools: ['git_status', 'git_commit'] });
      return registry;
    }

    it('turns off every member of a deselected toolset, nested ones included', () => {
      const registry = setup();
      expect(names(registry.resolve({ model: models.claude, selection: { toolSets: { explore: false } } }))).toEqual([
        'git_status',
        'git_commit',
      ]);
      expect(names(registry.resolve({ model: models.claude, selection: { toolSets: { git: false } } }))).toEqual([
        'read_file',
        'list_dir',
        'grep_search',
      ]);
    });

    it("lets a tool's explicit selection beat its toolset's, and a nearer toolset beat an outer one", () => {
      const registry = setup();
      expect(
        names(
          registry.resolve({
            model: models.claude,
            selection: { toolSets: { git: false }, tools: { git_status: true } },
          }),
        ),
      ).toContain('git_status');
      expect(
        names(
          registry.resolve({
            model: models.claude,
            selection: { toolSets: { git: true }, tools: { git_commit: false } },
          }),
        ),
      ).not.toContain('git_commit');
      const nested = names(
        registry.resolve({ model: models.claude, selection: { toolSets: { explore: false, search: true } } }),
      );
      expect(nested).toContain('grep_search');
      expect(nested).not.toContain('read_file');
    });

    it('reports a cycle and still resolves (no hang)', () => {
      const registry = setup();
      registry.registerToolSet({ name: 'loop_a', description: 'a', tools: ['loop_b', 'read_file'] });
      registry.registerToolSet({ name: 'loop_b', description: 'b', tools: ['loop_a'] });
      const resolved = registry.resolve({ model: models.claude, selection: { toolSets: { loop_a: false } } });
      expect(resolved.diagnostics).toEqual([
        expect.objectContaining({
          code: 'toolset-cycle',
          severity: 'error',
          message: expect.stringContaining('loop_a → loop_b → loop_a'),
        }),
      ]);
      expect(names(resolved)).not.toContain('read_file');
    });

    it('warns about a member that resolves to nothing', () => {
      const registry = setup();
      registry.registerToolSet({ name: 'broken', description: 'b', tools: ['no_such_tool'] });
      expect(registry.resolve({ model: models.claude }).diagnostics).toEqual([
        expect.objectContaining({ code: 'toolset-member-missing', severity: 'warning' }),
      ]);
    });

    it('adds tools that declare toolSet to that set', () => {
      const registry = setup();
      registry.registerTool(def('git_log', { toolSet: 'git' }), recordingTool('log'));
      expect(names(registry.resolve({ model: models.claude, selection: { toolSets: { git: false } } }))).not.toContain(
        'git_log',
      );
    });

    it('respects enabledByDefault until the user selects the tool', () => {
      const registry = setup();
      registry.registerTool(def('rare_tool', { enabledByDefault: false }), recordingTool('rare'));
      expect(names(registry.resolve({ model: models.claude }))).not.toContain('rare_tool');
      expect(names(registry.resolve({ model: models.claude, selection: { tools: { rare_tool: true } } }))).toContain(
        'rare_tool',
      );
    });

    it('sends #-referenced tools and toolsets even when deselected', () => {
      const registry = setup();
      const resolved = registry.resolve({
        model: models.claude,
        selection: { toolSets: { git: false, explore: false } },
        referencedTools: ['git_commit', 'search', 'nope'],
      });
      expect(names(resolved)).toEqual(['grep_search', 'git_commit']);
      expect(resolved.entries.map((e) => e.reason)).toEqual(['referenced', 'referenced']);
      expect(resolved.diagnostics).toEqual([expect.objectContaining({ code: 'reference-unknown' })]);
    });
  });

  describe('caching', () => {
    it('returns the same instance for an identical request until something that matters changes', () => {
      const registry = createToolRegistry();
      registry.registerTool(def('get_stack', { when: 'debugState == stopped' }), recordingTool('s'));
      const request = { model: models.claude, context: { debugState: 'stopped', unrelated: 1 } };
      const first = registry.resolve(request);
      expect(registry.resolve({ ...request })).toBe(first);
      // Context keys no when clause reads do not matter.
      expect(registry.resolve({ ...request, context: { debugState: 'stopped', unrelated: 2 } })).toBe(first);
      expect(registry.resolve({ ...request, context: { debugState: 'running' } })).not.toBe(first);
      expect(registry.resolve({ ...request, selection: { tools: { get_stack: false } } })).not.toBe(first);
      const again = registry.resolve(request);
      expect(again).toBe(first);
      const disposable = registry.registerTool(def('other_tool'), recordingTool('o'));
      const afterChange = registry.resolve(request);
      expect(afterChange).not.toBe(first);
      expect(names(afterChange)).toEqual(['get_stack', 'other_tool']);
      disposable.dispose();
      expect(names(registry.resolve(request))).toEqual(['get_stack']);
    });

    it('fires onDidChange and bumps the version on every change', () => {
      const registry = createToolRegistry();
      const events: number[] = [];
      registry.onDidChange(() => events.push(registry.version));
      const d = registry.registerTool(def('a_tool'), recordingTool('a'));
      d.dispose();
      d.dispose();
      expect(events).toEqual([1, 2]);
    });
  });

  describe('registration errors', () => {
    it.each([
      [def('bad name'), /must match/],
      [def('copilot_thing'), /reserved by VS Code/],
      [def('activate_x'), /reserved for virtual tool groups/],
      [def('no_desc', { modelDescription: '' }), /needs a modelDescription/],
      [def('bad_schema', { inputSchema: { type: 'string' } as never }), /must describe an object/],
      [
        def('bad_schema2', { inputSchema: { type: 'object', properties: { a: { type: 'nope' } } } as never }),
        /not a valid JSON Schema/,
      ],
      [
        def('bad_pattern', {
          inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '([a-z' } } } as never,
        }),
        /inputSchema does not compile: pattern `\(\[a-z` is not a valid regular expression/,
      ],
      [
        def('bad_output_pattern', {
          outputSchema: { type: 'object', patternProperties: { '(': { type: 'string' } } } as never,
        }),
        /outputSchema does not compile: pattern/,
      ],
      [def('bad_models', { models: [{ family: 3 }] as never }), /must be a non-empty string/],
      [def('bad_ref', { canBeReferencedInPrompt: true }), /needs a toolReferenceName/],
      [def('self_override', { overridesTool: 'self_override' }), /cannot override itself/],
    ])('refuses %j with a clear error', (definition, message) => {
      const registry = createToolRegistry();
      expect(() => registry.registerTool(definition, recordingTool('x'))).toThrow(message);
      expect(registry.tools).toEqual([]);
    });

    it('refuses a duplicate name, naming the owner', () => {
      const registry = createToolRegistry();
      registry.registerTool(def('dup_tool'), recordingTool('a'));
      expect(() => registry.registerTool(def('dup_tool'), recordingTool('b'))).toThrow(
        /already registered by a direct registration/,
      );
    });
  });
});

describe('packs', () => {
  const Clock = Symbol('Clock');
  interface Clock {
    now(): string;
  }

  @injectable()
  class GetTimeTool implements Tool {
    constructor(@inject(Clock) private readonly clock: Clock) {}
    invoke(_options: ToolInvocationOptions<object>) {
      return textResult(this.clock.now());
    }
  }

  const services = new ContainerModule(({ bind }) => {
    bind<Clock>(Clock).toConstantValue({ now: () => '12:00' });
  });

  const timePack = definePack({
    id: 'time',
    displayName: 'Time',
    version: '1.0.0',
    tools: [{ definition: def('get_time', { toolSet: 'clock' }), implementation: GetTimeTool }],
    toolSets: [{ name: 'clock', description: 'Clock tools', tools: ['get_time'] }],
    services,
  });

  it('loads a pack into a child container, so its services reach its tools by @inject', async () => {
    const container = new Container();
    const registry = createToolRegistry({ container });
    const loaded = await registry.loadPack(timePack);
    expect(loaded).toMatchObject({ id: 'time', loaded: true, diagnostics: [] });
    expect(container.isBound(Clock)).toBe(false);
    expect(container.get(ToolRegistry)).toBe(registry);
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.entries[0]).toMatchObject({ name: 'get_time', packId: 'time', reason: 'general' });
    const result = await registry.invoke(resolved, { callId: 'c', name: 'get_time', input: {} });
    expect(result.content).toEqual([{ kind: 'text', value: '12:00' }]);
  });

  it('removes every trace of a pack when it is disposed', async () => {
    const registry = createToolRegistry();
    const loaded = await registry.loadPack(timePack);
    loaded.dispose();
    expect(registry.tools).toEqual([]);
    expect(registry.toolSets).toEqual([]);
    expect(registry.packs).toEqual([]);
    expect(names(registry.resolve({ model: models.claude }))).toEqual([]);
    expect((await registry.loadPack(timePack)).loaded).toBe(true);
  });

  it('refuses a whole pack for one bad definition and leaves loaded packs untouched', async () => {
    const registry = createToolRegistry();
    await registry.loadPack(timePack);
    const broken = definePack({
      id: 'broken',
      displayName: 'Broken',
      version: '1.0.0',
      tools: [
        { definition: def('fine_tool'), implementation: recordingTool('fine') },
        {
          definition: def('bad_schema', { inputSchema: { type: 'array' } as never }),
          implementation: recordingTool('bad'),
        },
      ],
    });
    const result = await registry.loadPack(broken);
    expect(result.loaded).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'tool-schema-invalid',
        toolName: 'bad_schema',
        packId: 'broken',
      }),
    ]);
    expect(registry.tools.map((t) => t.definition.name)).toEqual(['get_time']);
    expect(registry.diagnostics).toEqual(result.diagnostics);
  });

  it("refuses a pack that claims another pack's tool name, naming both", async () => {
    const registry = createToolRegistry();
    await registry.loadPack(timePack);
    const thief = definePack({
      id: 'thief',
      displayName: 'Thief',
      version: '1',
      tools: [{ definition: def('get_time'), implementation: recordingTool('t') }],
    });
    const result = await registry.loadPack(thief);
    expect(result.loaded).toBe(false);
    expect(result.diagnostics[0].message).toMatch(
      /Pack 'thief' was not loaded: Tool 'get_time' is already registered by pack 'time'/,
    );
  });

  it('refuses a pack whose services module fails or whose tool cannot be constructed', async () => {
    const registry = createToolRegistry();
    const failing = definePack({
      id: 'failing',
      displayName: 'Failing',
      version: '1',
      tools: [{ definition: def('get_time'), implementation: GetTimeTool }],
      services: new ContainerModule(() => {
        throw new Error('no database');
      }),
    });
    const result = await registry.loadPack(failing);
    expect(result).toMatchObject({
      loaded: false,
      diagnostics: [
        expect.objectContaining({ code: 'pack-services-failed', message: expect.stringContaining('no database') }),
      ],
    });
    const unbound = definePack({
      id: 'unbound',
      displayName: 'Unbound',
      version: '1',
      tools: [{ definition: def('get_time'), implementation: GetTimeTool }],
    });
    const second = await registry.loadPack(unbound);
    expect(second).toMatchObject({
      loaded: false,
      diagnostics: [
        expect.objectContaining({
          code: 'pack-services-failed',
          message: expect.stringContaining("tool 'get_time' could not be constructed"),
        }),
      ],
    });
    expect(registry.tools).toEqual([]);
  });

  it('refuses loading the same pack twice and malformed packs', async () => {
    const registry = createToolRegistry();
    await registry.loadPack(timePack);
    expect((await registry.loadPack(timePack)).diagnostics[0].code).toBe('pack-duplicate');
    expect((await registry.loadPack({ id: 'x y' } as never)).diagnostics[0].code).toBe('pack-invalid');
    expect(
      (
        await registry.loadPack(
          definePack({
            id: 'noimpl',
            displayName: 'n',
            version: '1',
            tools: [{ definition: def('a_b'), implementation: {} as never }],
          }),
        )
      ).diagnostics[0].code,
    ).toBe('tool-implementation-invalid');
  });

  it('loads a pack whose tool has a malformed when clause, with that tool inert', async () => {
    const registry = createToolRegistry();
    const pack = definePack({
      id: 'partly',
      displayName: 'Partly',
      version: '1',
      tools: [
        { definition: def('ok_tool'), implementation: recordingTool('ok') },
        { definition: def('odd_tool', { when: '(a' }), implementation: recordingTool('odd') },
      ],
    });
    const loaded = await registry.loadPack(pack);
    expect(loaded.loaded).toBe(true);
    expect(loaded.diagnostics).toEqual([expect.objectContaining({ code: 'when-invalid', toolName: 'odd_tool' })]);
    expect(names(registry.resolve({ model: models.claude, context: { a: true } }))).toEqual(['ok_tool']);
  });

  it('removes overrides with their pack', async () => {
    const registry = createToolRegistry();
    registry.registerTool(def('grep_search', { modelDescription: 'Base.' }), recordingTool('b'));
    const pack = definePack({
      id: 'gemini-tweaks',
      displayName: 'Gemini tweaks',
      version: '1',
      tools: [
        {
          definition: def('gemini_grep', {
            overridesTool: 'grep_search',
            models: [{ family: 'gemini*' }],
            modelDescription: 'Gemini.',
          }),
          implementation: recordingTool('o'),
        },
      ],
    });
    const loaded = await registry.loadPack(pack);
    expect(registry.resolve({ model: models.gemini }).tools[0].description).toBe('Gemini.');
    loaded.dispose();
    expect(registry.resolve({ model: models.gemini }).tools[0].description).toBe('Base.');
  });
});
