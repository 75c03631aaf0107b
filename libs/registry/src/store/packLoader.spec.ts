// Attacks on pack loading (issues #10, #11): one pack must never break the registry for everyone,
// concurrent loads are atomic, a failed load leaves no trace, diagnostics leave with their cause.
import { ContainerModule, injectable, preDestroy } from 'inversify';
import { definePack } from '../definePack';
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import type { LoadedPack, ToolPack, ToolSetDefinition } from '../definitions';
import type { ToolRegistry } from '../types';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A services module that finishes loading only when `gate` settles: loads overlap deterministically. */
function gatedServices(gate: Promise<void>): ContainerModule {
  return new ContainerModule(async () => {
    await gate;
  });
}

function pack(id: string, toolNames: string[], extra: Partial<Parameters<typeof definePack>[0]> = {}): ToolPack {
  return definePack({
    id,
    displayName: id,
    version: '1',
    tools: toolNames.map((n) => ({ definition: def(n), implementation: recordingTool(`${id}:${n}`) })),
    ...extra,
  });
}

/** `depth` toolsets, each listing the next; the innermost lists `tool_bottom`. */
function nestedSets(depth: number, prefix = 'set'): ToolSetDefinition[] {
  return Array.from({ length: depth }, (_, i) => ({
    name: `${prefix}_${i}`,
    description: `Level ${i}`,
    tools: [i + 1 < depth ? `${prefix}_${i + 1}` : 'tool_bottom'],
  }));
}

/** The registry still works for everyone: reading, resolving and a fresh pack loading. */
async function expectHealthy(registry: ToolRegistry): Promise<void> {
  expect(() => registry.diagnostics).not.toThrow();
  expect(() => registry.resolve({ model: models.claude, selection: { toolSets: { anything: false } } })).not.toThrow();
  const probe = await registry.loadPack(pack(`probe-${registry.version}`, [`probe_tool_${registry.version}`]));
  expect(probe.loaded).toBe(true);
  expect(names(registry.resolve({ model: models.claude }))).toContain(probe.id.replace('probe-', 'probe_tool_'));
  probe.dispose();
}

describe('pack loading: deep toolset graphs', () => {
  it.each([10_000, 100_000])(
    'loads a pack with %i nested toolsets without RangeError, and unloads it without a trace',
    async (depth) => {
      const registry = createToolRegistry();
      const deep = pack('deep', ['tool_bottom'], { toolSets: nestedSets(depth) });
      const loaded = await registry.loadPack(deep);
      expect(loaded.diagnostics).toEqual([]);
      expect(loaded.loaded).toBe(true);
      expect(registry.toolSetMembers('set_0')).toEqual(['tool_bottom']);
      // The outermost set's choice reaches the innermost tool, through every level.
      expect(names(registry.resolve({ model: models.claude }))).toEqual(['tool_bottom']);
      expect(names(registry.resolve({ model: models.claude, selection: { toolSets: { set_0: false } } }))).toEqual([]);
      expect(
        names(
          registry.resolve({
            model: models.claude,
            selection: { toolSets: { set_0: false, [`set_${depth - 1}`]: true } },
          }),
        ),
      ).toEqual(['tool_bottom']);
      loaded.dispose();
      expect(registry.toolSets).toEqual([]);
      expect(registry.tools).toEqual([]);
      expect(registry.packs).toEqual([]);
      await expectHealthy(registry);
    },
  );

  it('reports and cuts a cycle through 100,000 toolsets with a bounded message, never a hang or RangeError', async () => {
    const registry = createToolRegistry();
    const sets = nestedSets(100_000);
    sets[sets.length - 1] = { ...sets[sets.length - 1], tools: ['tool_bottom', 'set_0'] };
    const loaded = await registry.loadPack(pack('ring', ['tool_bottom'], { toolSets: sets }));
    expect(loaded.loaded).toBe(true);
    const cycles = registry.diagnostics.filter((d) => d.code === 'toolset-cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/set_0 → set_1 → .*more.*The edge 'set_99999' → 'set_0' is ignored/);
    expect(cycles[0].message.length).toBeLessThan(2_000);
    expect(names(registry.resolve({ model: models.claude, selection: { toolSets: { set_5: false } } }))).toEqual([]);
    await expectHealthy(registry);
  });

  it("bounds one pack's toolset problems, so they cannot flood every resolved set", async () => {
    const registry = createToolRegistry();
    const missing = {
      name: 'holes',
      description: 'x',
      tools: Array.from({ length: 10_000 }, (_, i) => `missing_${i}`),
    };
    const pairs = Array.from({ length: 1_000 }, (_, i) => [
      { name: `ping_${i}`, description: 'x', tools: [`pong_${i}`] },
      { name: `pong_${i}`, description: 'x', tools: [`ping_${i}`] },
    ]).flat();
    const loaded = await registry.loadPack(pack('noisy', ['quiet_tool'], { toolSets: [missing, ...pairs] }));
    expect(loaded.loaded).toBe(true);
    expect(loaded.diagnostics.length).toBeLessThanOrEqual(25);
    expect(loaded.diagnostics.at(-1)!.message).toMatch(/and 10980 more toolset problems in pack 'noisy'/);
    expect(registry.resolve({ model: models.claude }).diagnostics.length).toBeLessThanOrEqual(25);
  });

  it('decides a tool in each of 10,000 nested toolsets from the nearest choice', async () => {
    const registry = createToolRegistry({ hardToolLimit: 100_000 });
    const depth = 10_000;
    const sets = Array.from({ length: depth }, (_, i) => ({
      name: `lvl_${i}`,
      description: 'x',
      tools: i + 1 < depth ? [`lvl_${i + 1}`, `t_${i}`] : [`t_${i}`],
    }));
    const tools = Array.from({ length: depth }, (_, i) => `t_${i}`);
    expect((await registry.loadPack(pack('chain', tools, { toolSets: sets }))).loaded).toBe(true);
    const resolved = registry.resolve({
      model: models.claude,
      selection: { toolSets: { lvl_0: false, lvl_9000: true } },
      virtualTools: { threshold: 100_000 },
    });
    expect(resolved.entries.map((e) => e.name)).toEqual(tools.slice(9000));
  });
});

describe('pack loading: a failed load leaves no trace', () => {
  it('keeps the registry untouched when a tool constructor throws, and dispose() of the refusal is harmless', async () => {
    const registry = createToolRegistry();
    @injectable()
    class Exploding {
      constructor() {
        throw new Error('boom');
      }
      invoke() {
        return undefined;
      }
    }
    const before = registry.version;
    const refused = await registry.loadPack(
      definePack({
        id: 'explodes',
        displayName: 'x',
        version: '1',
        tools: [{ definition: def('explode_now'), implementation: Exploding }],
        toolSets: nestedSets(3, 'ex'),
      }),
    );
    expect(refused).toMatchObject({
      loaded: false,
      diagnostics: [expect.objectContaining({ message: expect.stringContaining('boom') })],
    });
    refused.dispose();
    expect(registry.version).toBe(before);
    expect([registry.tools, registry.toolSets, registry.packs]).toEqual([[], [], []]);
    await expectHealthy(registry);
  });
});

describe('pack loading: concurrency', () => {
  it('loads the same pack id twice at once exactly once', async () => {
    const registry = createToolRegistry();
    const gate = deferred();
    const twice = pack('twice', ['twice_tool'], { services: gatedServices(gate.promise) });
    const both = Promise.all([registry.loadPack(twice), registry.loadPack(twice)]);
    gate.resolve();
    const results = await both;
    expect(results.map((r) => r.loaded).sort()).toEqual([false, true]);
    const refused = results.find((r) => !r.loaded)!;
    expect(refused.diagnostics).toEqual([
      expect.objectContaining({
        code: 'pack-duplicate',
        message: expect.stringMatching(/Pack 'twice' is (already loaded|being loaded)/),
      }),
    ]);
    expect(registry.packs.map((p) => p.id)).toEqual(['twice']);
    expect(registry.tools.map((t) => t.definition.name)).toEqual(['twice_tool']);
  });

  it('refuses the second of two packs loaded at once that claim one tool name, naming both; the winner resolves', async () => {
    const registry = createToolRegistry();
    const gateA = deferred();
    const gateB = deferred();
    const first = registry.loadPack(pack('first', ['shared_tool'], { services: gatedServices(gateA.promise) }));
    const second = registry.loadPack(
      pack('second', ['shared_tool', 'own_tool'], { services: gatedServices(gateB.promise) }),
    );
    gateB.resolve();
    gateA.resolve();
    const [a, b] = await Promise.all([first, second]);
    expect(a.loaded).toBe(true);
    expect(b.loaded).toBe(false);
    expect(b.diagnostics).toEqual([
      expect.objectContaining({
        code: 'tool-duplicate',
        packId: 'second',
        message: expect.stringMatching(/Pack 'second' was not loaded: Tool 'shared_tool' is .*pack 'first'/),
      }),
    ]);
    expect(registry.tools.map((t) => [t.definition.name, t.packId])).toEqual([['shared_tool', 'first']]);
    const resolved = registry.resolve({ model: models.claude });
    const result = await registry.invoke(resolved, { callId: 'c', name: 'shared_tool', input: {} });
    expect(result.content).toEqual([{ kind: 'text', value: 'first:shared_tool ran' }]);
  });

  it('refuses a toolset name claimed by a pack that is still loading', async () => {
    const registry = createToolRegistry();
    const gate = deferred();
    const set = { name: 'shared_set', description: 'x', tools: [] };
    const first = registry.loadPack(
      pack('first', ['a_tool'], { services: gatedServices(gate.promise), toolSets: [set] }),
    );
    const second = await registry.loadPack(pack('second', ['b_tool'], { toolSets: [set] }));
    gate.resolve();
    expect((await first).loaded).toBe(true);
    expect(second).toMatchObject({
      loaded: false,
      diagnostics: [
        expect.objectContaining({ code: 'toolset-duplicate', message: expect.stringContaining("pack 'first'") }),
      ],
    });
  });

  it('refuses a direct registration of a name a loading pack reserved, and releases the names when that load fails', async () => {
    const registry = createToolRegistry();
    const gate = deferred();
    const failing = registry.loadPack(pack('failing', ['held_tool'], { services: gatedServices(gate.promise) }));
    expect(() => registry.registerTool(def('held_tool'), recordingTool('direct'))).toThrow(/held_tool.*pack 'failing'/);
    gate.reject(new Error('database down'));
    expect(await failing).toMatchObject({
      loaded: false,
      diagnostics: [expect.objectContaining({ message: expect.stringContaining('database down') })],
    });
    expect((await registry.loadPack(pack('failing', ['held_tool']))).loaded).toBe(true);
    expect(registry.tools.map((t) => t.packId)).toEqual(['failing']);
  });

  it('lets other packs load and resolve() answer while a pack hangs in its services module', async () => {
    const registry = createToolRegistry();
    const never = new Promise<void>(() => undefined);
    const hanging = registry.loadPack(pack('hanging', ['hang_tool'], { services: gatedServices(never) }));
    const other = await registry.loadPack(pack('other', ['other_tool']));
    expect(other.loaded).toBe(true);
    expect(names(registry.resolve({ model: models.claude }))).toEqual(['other_tool']);
    void hanging;
  });
});

describe('pack loading: hostile pack objects never reject loadPack', () => {
  const throwing = (what: string) => () => {
    throw new Error(`${what} exploded`);
  };
  const base = () => ({
    id: 'hostile',
    displayName: 'Hostile',
    version: '1',
    kind: 'toolpacks.pack',
    tools: [{ definition: def('fine_tool'), implementation: recordingTool('fine') }],
  });
  const withGetter = (key: string, extra: object = {}) =>
    Object.defineProperty({ ...base(), ...extra }, key, { get: throwing(key), enumerable: true });
  const evilToString = { toString: throwing('toString'), valueOf: throwing('valueOf') };
  const cases: [string, unknown, RegExp][] = [
    ['an id getter that throws', withGetter('id'), /id exploded/],
    ['an id whose toString throws', { ...base(), id: evilToString }, /pack needs an id/i],
    ['a tools getter that throws', withGetter('tools'), /tools exploded/],
    ['a toolSets getter that throws', withGetter('toolSets'), /toolSets exploded/],
    ['a displayName getter that throws', withGetter('displayName'), /displayName exploded/],
    ['tools that is a string', { ...base(), tools: 'read_file' }, /tools array/],
    ['tools that is an object', { ...base(), tools: { 0: base().tools[0], length: 1 } }, /tools array/],
    ['toolSets that is not an array', { ...base(), toolSets: 'x' }, /toolSets/],
    [
      'a definition whose name getter throws',
      {
        ...base(),
        tools: [
          {
            definition: Object.defineProperty({ modelDescription: 'x' }, 'name', {
              get: throwing('name'),
              enumerable: true,
            }),
            implementation: recordingTool('x'),
          },
        ],
      },
      /name exploded/,
    ],
    [
      'a tool entry whose definition getter throws',
      {
        ...base(),
        tools: [
          Object.defineProperty({ implementation: recordingTool('x') }, 'definition', {
            get: throwing('definition'),
            enumerable: true,
          }),
        ],
      },
      /definition exploded/,
    ],
    [
      'a definition whose inputSchema is a throwing Proxy',
      {
        ...base(),
        tools: [
          {
            definition: {
              ...def('proxy_schema'),
              inputSchema: new Proxy(
                {},
                {
                  get: throwing('schema'),
                  ownKeys: throwing('schema keys'),
                  getOwnPropertyDescriptor: throwing('schema keys'),
                },
              ),
            },
            implementation: recordingTool('x'),
          },
        ],
      },
      /schema/,
    ],
    [
      'a Proxy whose every trap throws',
      new Proxy(
        {},
        {
          get: throwing('trap'),
          has: throwing('trap'),
          ownKeys: throwing('trap'),
          getOwnPropertyDescriptor: throwing('trap'),
          getPrototypeOf: throwing('trap'),
        },
      ),
      /trap exploded/,
    ],
    ['null', null, /pack needs an id/i],
    ['a number', 42, /pack needs an id/i],
  ];

  it.each(cases)(
    'refuses %s with a clear diagnostic, and the registry keeps working',
    async (_label, hostile, message) => {
      const registry = createToolRegistry();
      let result: LoadedPack | undefined;
      await expect(
        (async () => {
          result = await registry.loadPack(hostile as ToolPack);
        })(),
      ).resolves.toBeUndefined();
      expect(result!.loaded).toBe(false);
      expect(result!.diagnostics.length).toBeGreaterThan(0);
      expect(result!.diagnostics.map((d) => d.message).join('\n')).toMatch(message);
      expect(() => result!.dispose()).not.toThrow();
      expect([registry.tools, registry.toolSets, registry.packs]).toEqual([[], [], []]);
      await expectHealthy(registry);
    },
  );

  it('keeps serving a loaded pack whose getters start throwing afterwards', async () => {
    const registry = createToolRegistry();
    let armed = false;
    const fickle = { ...base(), kind: 'toolpacks.pack' } as Record<string, unknown>;
    for (const key of ['id', 'displayName', 'version', 'tools']) {
      const value = fickle[key];
      Object.defineProperty(fickle, key, { get: () => (armed ? throwing(key)() : value), enumerable: true });
    }
    const loaded = await registry.loadPack(fickle as unknown as ToolPack);
    expect(loaded.loaded).toBe(true);
    armed = true;
    expect(registry.packs).toEqual([{ id: 'hostile', displayName: 'Hostile', version: '1' }]);
    const resolved = registry.resolve({ model: models.claude, virtualTools: { threshold: 0 } });
    expect(resolved.entries.map((e) => e.name)).toEqual(['fine_tool']);
    expect(() => loaded.dispose()).not.toThrow();
    expect(registry.packs).toEqual([]);
  });
});

describe('pack loading: diagnostics leave with what produced them', () => {
  const broken = (id: string) =>
    pack(id, [], {
      tools: [
        {
          definition: def('bad_schema', { inputSchema: { type: 'array' } as never }),
          implementation: recordingTool('bad'),
        },
      ],
    });

  it("replaces a refused pack's diagnostics when it is refused again, and drops them when a fixed version loads", async () => {
    const registry = createToolRegistry();
    await registry.loadPack(broken('flaky'));
    await registry.loadPack(broken('flaky'));
    expect(registry.diagnostics.filter((d) => d.packId === 'flaky')).toHaveLength(1);
    expect((await registry.loadPack(pack('flaky', ['good_tool']))).loaded).toBe(true);
    expect(registry.diagnostics).toEqual([]);
  });

  it("drops a refused pack's diagnostics when its refusal is disposed, but not a later refusal's", async () => {
    const registry = createToolRegistry();
    const first = await registry.loadPack(broken('flaky'));
    const second = await registry.loadPack(broken('flaky'));
    first.dispose();
    expect(registry.diagnostics.filter((d) => d.packId === 'flaky')).toHaveLength(1);
    second.dispose();
    expect(registry.diagnostics).toEqual([]);
  });

  it('keeps a bounded history of refused packs', async () => {
    const registry = createToolRegistry();
    for (let i = 0; i < 500; i++) await registry.loadPack(broken(`broken-${i}`));
    expect(registry.diagnostics.length).toBeLessThanOrEqual(100);
    expect(registry.diagnostics.some((d) => d.packId === 'broken-499')).toBe(true);
  });

  it('bounds the diagnostics of one refusal', async () => {
    const registry = createToolRegistry();
    const many = definePack({
      id: 'many',
      displayName: 'm',
      version: '1',
      tools: Array.from({ length: 5_000 }, (_, i) => ({
        definition: def(`bad ${i}`),
        implementation: recordingTool('x'),
      })),
    });
    const result = await registry.loadPack(many);
    expect(result.loaded).toBe(false);
    expect(result.diagnostics.length).toBeLessThanOrEqual(25);
    expect(result.diagnostics.at(-1)!.message).toMatch(/more/);
  });
});

describe('direct registration lifecycle', () => {
  it("disposes the tool's own container when its registration is disposed", () => {
    const registry = createToolRegistry();
    const destroyed: string[] = [];
    @injectable()
    class Disposing {
      invoke() {
        return undefined;
      }
      @preDestroy()
      dispose() {
        destroyed.push('disposing');
      }
    }
    const registration = registry.registerTool(def('disposing_tool'), Disposing);
    expect(destroyed).toEqual([]);
    registration.dispose();
    expect(destroyed).toEqual(['disposing']);
    registration.dispose();
    expect(destroyed).toEqual(['disposing']);
  });

  it('runs an asynchronous preDestroy of a registration once', async () => {
    const registry = createToolRegistry();
    const destroyed: string[] = [];
    @injectable()
    class AsyncDisposing {
      invoke() {
        return undefined;
      }
      @preDestroy()
      async dispose() {
        await Promise.resolve();
        destroyed.push('async');
      }
    }
    registry.registerTool(def('async_disposing_tool'), AsyncDisposing).dispose();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(destroyed).toEqual(['async']);
    expect(registry.tools).toEqual([]);
  });
});
