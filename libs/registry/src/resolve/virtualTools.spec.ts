import { definePack } from '../definePack';
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import type { ResolvedToolSet } from './resolutionTypes';
import type { ToolPack } from '../definitions';
import type { ToolRegistry } from '../types';

function pack(
  id: string,
  count: number,
  toolSets: { name: string; from: number; to: number }[] = [],
  extra: (i: number) => object = () => ({}),
): ToolPack {
  return definePack({
    id,
    displayName: `${id} pack`,
    version: '1',
    tools: Array.from({ length: count }, (_, i) => ({
      definition: def(`${id}_tool_${i}`, extra(i)),
      implementation: recordingTool(`${id}${i}`),
    })),
    toolSets: toolSets.map((s) => ({
      name: s.name,
      description: `${s.name} tools`,
      tools: Array.from({ length: s.to - s.from }, (_, k) => `${id}_tool_${s.from + k}`),
    })),
  });
}

/** Every enabled tool is sent or sits in a listed group; nothing is listed twice. */
function expectReachable(resolved: ResolvedToolSet) {
  const sent = new Set(names(resolved));
  for (const entry of resolved.entries) {
    const inGroup = resolved.groups.some((g) => g.tools.includes(entry.name));
    expect(sent.has(entry.name) || inGroup).toBe(true);
  }
  expect(sent.size).toBe(resolved.tools.length);
}

async function registryWith(...packs: ToolPack[]): Promise<ToolRegistry> {
  const registry = createToolRegistry();
  for (const p of packs) expect((await registry.loadPack(p)).loaded).toBe(true);
  return registry;
}

describe('virtual tools', () => {
  it('sends tools flat up to the threshold', async () => {
    const registry = await registryWith(pack('a', 64));
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.tools).toHaveLength(64);
    expect(resolved.groups).toEqual([]);
  });

  it('groups by toolset, then by pack, then in chunks, behind activate_* tools', async () => {
    const registry = await registryWith(pack('edit', 30, [{ name: 'editing', from: 0, to: 20 }]), pack('misc', 100));
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.groups.map((g) => [g.name, g.tools.length, g.expanded])).toEqual([
      ['activate_editing', 20, false],
      ['activate_edit_tools', 10, false],
      ['activate_misc_tools_1', 64, false],
      ['activate_misc_tools_2', 36, false],
    ]);
    expect(names(resolved)).toEqual(resolved.groups.map((g) => g.name));
    expect(resolved.groups[0].description).toContain('editing: editing tools');
    expect(resolved.groups[0].description).toContain('edit_tool_0, edit_tool_1');
    expectReachable(resolved);
  });

  it('groups deterministically: the same registry gives the same groups', async () => {
    const a = (await registryWith(pack('x', 100), pack('y', 100))).resolve({ model: models.claude });
    const b = (await registryWith(pack('x', 100), pack('y', 100))).resolve({ model: models.claude });
    expect(a.groups).toEqual(b.groups);
  });

  it('keeps referenced and core tools expanded', async () => {
    const registry = await registryWith(pack('p', 100, [], (i) => (i === 5 ? { tags: ['core'] } : {})));
    const resolved = registry.resolve({ model: models.claude, referencedTools: ['p_tool_70'] });
    expect(names(resolved).slice(0, 2)).toEqual(['p_tool_5', 'p_tool_70']);
    expect(resolved.groups.flatMap((g) => g.tools)).not.toContain('p_tool_5');
    expectReachable(resolved);
  });

  it('expands a group after activate_x for the next request of that session', async () => {
    const registry = await registryWith(pack('p', 100));
    const session = registry.createVirtualToolSession();
    const first = registry.resolve({ model: models.claude, virtualTools: { session } });
    const group = first.groups[1];
    const result = await registry.invoke(first, { callId: 'a', name: group.name, input: {} });
    expect(result).toMatchObject({ status: 'activated', isError: false });
    expect(result.content[0]).toEqual({
      kind: 'text',
      value: expect.stringContaining(`Tools activated: ${group.tools.join(', ')}`),
    });
    const second = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect(second).not.toBe(first);
    expect(names(second)).toEqual(expect.arrayContaining(group.tools as string[]));
    expect(names(second)).not.toContain(group.name);
    expect(second.groups[1].expanded).toBe(true);
    // Another session is unaffected.
    expect(
      names(registry.resolve({ model: models.claude, virtualTools: { session: registry.createVirtualToolSession() } })),
    ).toContain(group.name);
  });

  it('never sends more than the model limit and collapses the least recently used group', async () => {
    const registry = await registryWith(pack('p', 200));
    const session = registry.createVirtualToolSession();
    const model = { ...models.claude, maxTools: 40 };
    const first = registry.resolve({ model, virtualTools: { session } });
    expect(first.tools.length).toBeLessThanOrEqual(40);
    expect(Math.max(...first.groups.map((g) => g.tools.length))).toBeLessThanOrEqual(40 - first.groups.length + 1);
    expectReachable(first);
    let current = first;
    const activated: string[] = [];
    for (const group of first.groups.slice(0, 3)) {
      await registry.invoke(current, { callId: group.name, name: group.name, input: {} });
      activated.push(group.name);
      current = registry.resolve({ model, virtualTools: { session } });
      expect(current.tools.length).toBeLessThanOrEqual(40);
      expectReachable(current);
      expect(current.groups.find((g) => g.name === group.name)!.expanded).toBe(true);
    }
    // The limit fits one expanded group at a time here: the older ones collapsed, LRU first.
    expect(current.groups.filter((g) => g.expanded).map((g) => g.name)).toEqual([activated[2]]);
  });

  it('runs an enabled tool sitting in a collapsed group and expands its group', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    for (let i = 0; i < 80; i++) registry.registerTool(def(`t_${i}`), recordingTool(`t${i}`, calls));
    const session = registry.createVirtualToolSession();
    const resolved = registry.resolve({ model: models.claude, virtualTools: { session } });
    expect(names(resolved)).not.toContain('t_50');
    const result = await registry.invoke(resolved, { callId: 'c', name: 't_50', input: {} });
    expect(result.status).toBe('ok');
    expect(calls).toEqual([{ label: 't50', input: {} }]);
    expect(names(registry.resolve({ model: models.claude, virtualTools: { session } }))).toContain('t_50');
  });

  it('respects a per-request threshold and merges many small packs to stay within the limit', async () => {
    const packs = Array.from({ length: 150 }, (_, i) => pack(`p${i}`, 2));
    const registry = await registryWith(...packs);
    const resolved = registry.resolve({ model: models.claude, virtualTools: { threshold: 10 } });
    expect(resolved.tools.length).toBeLessThanOrEqual(128);
    expectReachable(resolved);
    expect(resolved.diagnostics).toEqual([]);
    for (const group of resolved.groups) expect(group.tools.length).toBeLessThanOrEqual(10);
  });

  it('reports tools that cannot fit even when grouped', async () => {
    // At most 65 groups of 64 fit a 128-tool limit with one group open: 4,160 tools.
    const registry = await registryWith(pack('big', 5000));
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.tools.length).toBeLessThanOrEqual(128);
    expect(resolved.diagnostics).toEqual([
      expect.objectContaining({
        code: 'tool-limit',
        severity: 'warning',
        message: expect.stringContaining('840 enabled tools'),
      }),
    ]);
    expect(resolved.entries).toHaveLength(4160);
    expect(resolved.notSent).toHaveLength(840);
    expect(resolved.notSent.every((t) => t.reason === 'limit')).toBe(true);
    expectReachable(resolved);
  });

  it('never makes a group of one: a lone tool is sent as itself, in its group’s place', async () => {
    const registry = await registryWith(pack('p', 100, [{ name: 'solo', from: 0, to: 1 }]));
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.groups.map((g) => g.tools.length)).toEqual([64, 35]);
    expect(names(resolved)).toEqual(['p_tool_0', ...resolved.groups.map((g) => g.name)]);
    expect(resolved.entries.find((e) => e.name === 'p_tool_0')).toMatchObject({
      sent: true,
      reason: 'general',
      group: undefined,
    });
    expectReachable(resolved);
  });

  it('estimates fewer tokens grouped than flat', async () => {
    const registry = await registryWith(pack('p', 500));
    const grouped = registry.resolve({ model: models.claude });
    const flat = registry.resolve({ model: { ...models.claude, maxTools: 1000 }, virtualTools: { threshold: 1000 } });
    expect(flat.tools).toHaveLength(500);
    expect(grouped.estimatedTokens).toBeLessThan(flat.estimatedTokens / 2);
  });
});
