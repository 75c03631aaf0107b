// The runtime's activation, step by step, over the real registry and the host's real registration
// with a stand-in 'vscode' module: packs come and go with their extensions and the runtime, the
// chat's history becomes messages, the context keys VS Code lacks are mirrored, and the API resolves
// with the window's context. (The whole extension in a real VS Code is apps/e2e's.)
import * as vscode from 'vscode';
import { createToolRegistry, definePack, textResult, type ToolRegistry } from '@toolpacks/registry/host';
import { toMessages } from './chatParticipant';
import { mirrorContextKeys, runtimeApi } from './extension';
import { PackRegistrations } from './packRegistrations';
import {
  ChatRequestTurn,
  ChatResponseMarkdownPart,
  ChatResponseTurn,
  EventEmitter,
  executed,
  extensionsChanged,
  installed,
} from './testing/vscodeFake';

const tool = (name: string) => ({
  definition: {
    name,
    displayName: name,
    modelDescription: `Says ${name}.`,
    userDescription: `Says ${name}.`,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  } as const,
  implementation: { invoke: () => textResult(name) },
});

const pack = (id: string, names: string[]) =>
  definePack({ id, displayName: id, version: '1.0.0', tools: names.map(tool) });

let registry: ToolRegistry;
let log: string[];
let packs: PackRegistrations;
beforeEach(() => {
  registry = createToolRegistry();
  log = [];
  packs = new PackRegistrations(registry, { current: undefined }, { appendLine: (line) => log.push(line) });
  installed.clear();
  executed.length = 0;
});
afterEach(() => packs.dispose());

const names = () => registry.tools.map((t) => t.definition.name).sort();

describe('PackRegistrations', () => {
  it('loads a pack, says so, and takes it out again when its registration is disposed', async () => {
    const registration = await packs.register(pack('greet', ['say_hello', 'say_bye']));
    expect(registration).toMatchObject({ id: 'greet', loaded: true, diagnostics: [] });
    expect(names()).toEqual(['say_bye', 'say_hello']);
    expect(log).toEqual(['[greet] loaded 2 tools']);
    registration.dispose();
    registration.dispose(); // twice is once
    expect(names()).toEqual([]);
  });

  it('refuses a faulty pack with its diagnostics in the output, and registers nothing', async () => {
    const registration = await packs.register(pack('bad', ['Not A Name']));
    expect(registration.loaded).toBe(false);
    expect(names()).toEqual([]);
    expect(log[0]).toMatch(/^\[bad\] error /);
    expect(log.at(-1)).toBe('[bad] refused');
  });

  it('a pack leaves when its extension is uninstalled, before any reload; others stay', async () => {
    installed.set('me.greet', { packageJSON: { contributes: {} } });
    installed.set('me.other', { packageJSON: { contributes: {} } });
    await packs.register(pack('greet', ['say_hello']), 'me.greet');
    await packs.register(pack('other', ['say_other']), 'me.other');
    expect(names()).toEqual(['say_hello', 'say_other']);
    installed.delete('me.greet');
    extensionsChanged.fire();
    expect(names()).toEqual(['say_other']);
  });

  it('every pack leaves with the runtime, whoever registered it', async () => {
    await packs.register(pack('greet', ['say_hello']));
    await packs.register(pack('other', ['say_other']), 'me.other');
    packs.dispose();
    expect(names()).toEqual([]);
  });
});

describe('the chat participant’s messages', () => {
  it('are the person’s prompts and the markdown of each answer, in order; an answer without text is left out', () => {
    const history = [
      new ChatRequestTurn('read a.ts'),
      new ChatResponseTurn([
        new ChatResponseMarkdownPart('It holds '),
        { other: true },
        new ChatResponseMarkdownPart('x.'),
      ]),
      new ChatRequestTurn('and b.ts?'),
      new ChatResponseTurn([{ progress: 'Running read_file…' }]),
    ];
    const messages = toMessages({ history } as unknown as vscode.ChatContext);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'read a.ts'],
      ['assistant', 'It holds x.'],
      ['user', 'and b.ts?'],
    ]);
  });
});

describe('the window’s context', () => {
  const host = (values: Record<string, unknown>) => {
    const changed = new EventEmitter<void>();
    return { contextKeys: { values, onDidChange: changed.event }, changed };
  };

  it('mirrors hasOpenEditors now and on every change, until disposed', () => {
    const fake = host({ hasOpenEditors: true });
    const mirror = mirrorContextKeys(fake as never);
    fake.contextKeys.values.hasOpenEditors = false;
    fake.changed.fire();
    mirror.dispose();
    fake.changed.fire();
    expect(executed).toEqual([
      ['setContext', 'hasOpenEditors', true],
      ['setContext', 'hasOpenEditors', false],
    ]);
  });

  it('the API resolves with the window’s context keys and VS Code’s selection', async () => {
    await registry.loadPack(
      definePack({
        id: 'greet',
        displayName: 'greet',
        version: '1.0.0',
        tools: [{ ...tool('say_hello'), definition: { ...tool('say_hello').definition, when: 'greeting' } }],
      }),
    );
    const fake = host({ greeting: false });
    const api = runtimeApi(
      fake as never,
      registry,
      { current: undefined, onDidChange: new EventEmitter<void>().event },
      packs.register,
    );
    const model = { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' };
    expect(api.resolve(model).tools.map((t) => t.name)).toEqual([]);
    fake.contextKeys.values.greeting = true;
    expect(api.resolve(model).tools.map((t) => t.name)).toEqual(['say_hello']);
    expect(api.selection.get()).toBeUndefined();
    expect(api.registerPack).toBe(packs.register);
  });
});
