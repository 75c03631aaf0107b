import type * as vscode from 'vscode';
import { shapesEditorPack, MODELS, shapesRegistry } from './testing/shapesPack';
import { ThemeIcon } from './testing/vscodeFake';
import { definePack, type ToolDefinition } from '@toolpacks/registry/host';
import { registerToolsWithVsCode } from './vscodeToolRegistration';

type Registered = {
  name: string;
  models?: { vendor: string; id: string }[];
  toolSet?: string;
  tags?: string[];
  icon?: unknown;
};

/** The two `vscode.lm`s: the runtime's (registerTool, the models VS Code offers) and the pack extension's. */
function fakeLms(offered: (typeof MODELS)[keyof typeof MODELS][]) {
  const contributed: string[] = [];
  const live = new Map<string, Registered>();
  const log: string[] = [];
  let modelsChanged: (() => void) | undefined;
  const runtimeLm = {
    registerTool: (name: string) => (contributed.push(name), { dispose: () => undefined }),
    selectChatModels: async () => offered.map((m) => ({ ...m, name: m.id })),
    onDidChangeChatModels: (listener: () => void) => (
      (modelsChanged = listener),
      { dispose: () => (modelsChanged = undefined) }
    ),
    registerToolDefinition: () => {
      throw new Error('per-model tools go through the pack extension');
    },
  } as unknown as typeof vscode.lm;
  const packLm = {
    registerToolDefinition: (definition: Registered) => {
      if (live.has(definition.name)) throw new Error(`Tool "${definition.name}" is already registered.`);
      live.set(definition.name, definition);
      log.push(`+${definition.name}`);
      return { dispose: () => (live.delete(definition.name), log.push(`-${definition.name}`)) };
    },
  } as unknown as typeof vscode.lm;
  return { runtimeLm, packLm, contributed, live, log, offered, changeModels: () => modelsChanged?.() };
}

const toolSetNames = new Map([
  ['read', 'toolpacks-read'],
  ['edit', 'toolpacks-edit'],
]);

/** What register() registers instead of the shapes' editor pack, its contributed tools and toolset names. */
interface PackRegistered {
  readonly registry?: Awaited<ReturnType<typeof shapesRegistry>>;
  readonly definitions?: readonly ToolDefinition[];
  readonly packId?: string;
  readonly contributed?: readonly string[];
  readonly toolSetNames?: ReadonlyMap<string, string>;
}

/** A pack registered as its pack extension registers it, with fake vscode.lm APIs offering `offered`; ready. */
async function register(offered = Object.values(MODELS), pack: PackRegistered = {}) {
  const registry = pack.registry ?? (await shapesRegistry());
  const lms = fakeLms(offered);
  const registration = registerToolsWithVsCode(
    registry,
    pack.definitions ?? shapesEditorPack.tools.map((t) => t.definition),
    {
      lm: lms.runtimeLm,
      packLm: lms.packLm,
      packId: pack.packId ?? 'editor',
      contributed: new Set(pack.contributed ?? ['move_file', 'list_open_editors']),
      toolSetNames: pack.toolSetNames ?? toolSetNames,
    },
  );
  await registration.ready;
  return { registry, registration, ...lms };
}

describe('registering a pack with VS Code', () => {
  it('implements what package.json contributes, and registers the rest through the pack extension, per model, in its VS Code toolset', async () => {
    const { registration, contributed, live } = await register();
    expect(contributed).toEqual(['move_file', 'list_open_editors']);
    expect([...live.keys()].sort()).toEqual([
      'apply_patch',
      'create_file',
      'read_file',
      'replace',
      'replace_string_in_file',
      'str_replace_based_edit_tool',
      'write_file',
    ]);
    expect(live.get('apply_patch')).toMatchObject({
      models: [{ vendor: 'copilot', id: 'gpt-4.1' }],
      toolSet: 'toolpacks-edit',
      tags: ['toolpacks:editor'],
      icon: new ThemeIcon('diff'),
    });
    expect(live.get('read_file')).toMatchObject({ toolSet: 'toolpacks-read' });
    // Overrides are never VS Code's to list.
    expect(registration.kinds.get('gemini_read_file')).toBe('participant-only');
    expect(registration.kinds.get('apply_patch')).toBe('registerToolDefinition');
    expect(registration.kinds.get('move_file')).toBe('registerTool');
    registration.dispose();
    expect(live.size).toBe(0);
  });

  it('re-registers only the tools whose models changed when VS Code offers other models', async () => {
    const offered = [MODELS.claude];
    const { registration, live, log, changeModels } = await register(offered);
    expect([...live.keys()]).toEqual(['str_replace_based_edit_tool']);
    offered.push(MODELS.gpt41);
    log.length = 0;
    changeModels();
    await new Promise((r) => setTimeout(r, 10));
    // The Claude tool serves the same model as before: left alone.
    expect(log.sort()).toEqual(['+apply_patch', '+create_file', '+read_file']);
    registration.dispose();
  });

  it("plans again when another pack's tool competes for one of these jobs, and costs no resolution for any other pack", async () => {
    const { registry, registration, live } = await register();
    const resolve = jest.spyOn(registry, 'resolve');
    const tool = (definition: ToolDefinition) => ({
      definition: { inputSchema: { type: 'object' as const, properties: {} }, ...definition },
      implementation: { invoke: () => undefined },
    });
    await registry.loadPack(
      definePack({
        id: 'other',
        displayName: 'Other',
        version: '1',
        tools: [tool({ name: 'ping', modelDescription: 'Pings.' })],
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(resolve).not.toHaveBeenCalled();
    // A pack with a better variant of edit_file for GPT-4.1 (an id beats a family pattern) takes the job.
    await registry.loadPack(
      definePack({
        id: 'better',
        displayName: 'Better',
        version: '1',
        tools: [
          tool({
            name: 'gpt_edit',
            toolReferenceName: 'edit_file',
            modelDescription: 'Edits.',
            models: [{ id: 'gpt-4.1' }],
          }),
        ],
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(resolve).toHaveBeenCalled();
    expect(live.has('apply_patch')).toBe(false);
    registration.dispose();
  });

  it('puts a per-model tool in the toolset that lists it itself, not in a set around that one', async () => {
    const registry = await shapesRegistry();
    const tool = (definition: ToolDefinition) => ({
      definition: { inputSchema: { type: 'object' as const, properties: {} }, ...definition },
      implementation: { invoke: () => undefined },
    });
    const pack = definePack({
      id: 'nested',
      displayName: 'Nested',
      version: '1',
      tools: [tool({ name: 'claude_lint', modelDescription: 'Lints.', models: [{ family: 'claude-*' }] })],
      toolSets: [
        { name: 'outer', description: 'Outer.', tools: ['inner'] },
        { name: 'inner', description: 'Inner.', tools: ['claude_lint'] },
      ],
    });
    await registry.loadPack(pack);
    const { registration, live } = await register([MODELS.claude], {
      registry,
      definitions: pack.tools.map((t) => t.definition),
      packId: 'nested',
      contributed: [],
      toolSetNames: new Map([
        ['outer', 'toolpacks-outer'],
        ['inner', 'toolpacks-inner'],
      ]),
    });
    expect(live.get('claude_lint')).toMatchObject({ toolSet: 'toolpacks-inner', tags: ['toolpacks:nested'] });
    registration.dispose();
  });

  it('with no chat model offered, registers the general tools for every model and no variant', async () => {
    const { registration, live } = await register([]);
    expect([...live.keys()].sort()).toEqual(['create_file', 'read_file', 'replace_string_in_file']);
    expect(live.get('read_file')!.models).toBeUndefined();
    registration.dispose();
  });

  it('without a pack extension (a pack registered by code), contributes general tools and registers variants through the runtime', async () => {
    const registry = await shapesRegistry();
    const defined: string[] = [];
    const lm = {
      registerTool: () => ({ dispose: () => undefined }),
      selectChatModels: async () => [{ ...MODELS.gpt41, name: 'GPT' }],
      onDidChangeChatModels: () => ({ dispose: () => undefined }),
      registerToolDefinition: (d: Registered) => (defined.push(d.name), { dispose: () => undefined }),
    } as unknown as typeof vscode.lm;
    const registration = registerToolsWithVsCode(
      registry,
      shapesEditorPack.tools.map((t) => t.definition),
      { lm },
    );
    await registration.ready;
    expect(registration.kinds.get('read_file')).toBe('registerTool');
    expect(defined).toEqual(['apply_patch']);
    registration.dispose();
  });

  describe('where VS Code grants no proposal (the Marketplace flavour, stable VS Code)', () => {
    // What VS Code 1.139 throws from registerToolDefinition for an extension not granted the proposal.
    const refusal = () => {
      throw new Error(
        "Extension 'toolpacks.toolpacks-pack-editor' CANNOT use API proposal: languageModelToolSupportsModel.\nIts package.json#enabledApiProposals-property declares: [] but NOT languageModelToolSupportsModel.",
      );
    };
    const marketplace = ['read_file', 'create_file', 'replace_string_in_file', 'move_file', 'list_open_editors'];

    /** The shapes' editor pack registered where VS Code refuses registerToolDefinition, with what it said. */
    async function registerRefused(contributed: readonly string[], options: { readonly perModelTools?: boolean } = {}) {
      const lms = fakeLms(Object.values(MODELS));
      const notes: string[] = [];
      const errors: string[] = [];
      const registration = registerToolsWithVsCode(
        await shapesRegistry(),
        shapesEditorPack.tools.map((t) => t.definition),
        {
          lm: lms.runtimeLm,
          packLm: { ...lms.packLm, registerToolDefinition: refusal } as unknown as typeof vscode.lm,
          packId: 'editor',
          contributed: new Set(contributed),
          ...options,
          onParticipantOnly: (note) => notes.push(note),
          onError: (message) => errors.push(message),
        },
      );
      await registration.ready;
      return { lms, notes, errors, registration };
    }

    it('a manifest without the proposal: general tools with registerTool, the variants to the participant, no proposed call, one note', async () => {
      const { lms, notes, errors, registration } = await registerRefused(marketplace, { perModelTools: false });
      expect(lms.contributed).toEqual(marketplace);
      expect(registration.kinds.get('apply_patch')).toBe('participant-only');
      expect(registration.kinds.get('str_replace_based_edit_tool')).toBe('participant-only');
      expect(errors).toEqual([]);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^VS Code grants no per-model tool registration here .*apply_patch.*through @toolpacks/);
      expect(notes[0]).not.toMatch(/error|fail/i);
      registration.dispose();
    });

    it('a manifest that declares the proposal VS Code refuses: the first refusal sends every variant to the participant, said once, no error', async () => {
      const { lms, notes, errors, registration } = await registerRefused(['move_file', 'list_open_editors']);
      expect(registration.kinds.get('read_file')).toBe('participant-only');
      expect(registration.kinds.get('apply_patch')).toBe('participant-only');
      expect(errors).toEqual([]);
      expect(notes).toHaveLength(1);
      lms.changeModels();
      await new Promise((r) => setTimeout(r, 10));
      expect(notes).toHaveLength(1);
      registration.dispose();
    });
  });
});
