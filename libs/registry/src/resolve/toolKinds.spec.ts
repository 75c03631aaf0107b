// A resolved set says what each tool it sends is — one of the packs' tools, a group's activator or
// search_tools — so no host has to guess from a name (a pack may name its own tool search_tools).
import { definePack } from '../definePack';
import { createToolRegistry } from '../toolRegistry';
import { def, models, recordingTool } from '../testing';
import type { ToolPack } from '../definitions';

function pack(id: string, count: number, extra: ToolPack['tools'] = []): ToolPack {
  return definePack({
    id,
    displayName: `${id} pack`,
    version: '1',
    tools: [
      ...Array.from({ length: count }, (_, i) => ({
        definition: def(`${id}_tool_${i}`),
        implementation: recordingTool(`${id}${i}`),
      })),
      ...extra,
    ],
  });
}

describe('toolKinds', () => {
  it('names every sent tool: the packs’ tools, the activators and search_tools, and nothing else', async () => {
    const registry = createToolRegistry({ virtualToolMode: 'both' });
    expect((await registry.loadPack(pack('a', 150))).loaded).toBe(true);
    const resolved = registry.resolve({ model: models.claude });
    const kinds = resolved.toolKinds;
    expect(Object.keys(kinds).sort()).toEqual(resolved.tools.map((t) => t.name).sort());
    const activators = resolved.groups.filter((g) => !g.expanded).map((g) => g.name);
    expect(activators.length).toBeGreaterThan(0);
    for (const name of activators) expect(kinds[name]).toBe('activate');
    expect(kinds['search_tools']).toBe('search');
    for (const entry of resolved.entries.filter((e) => e.sent))
      expect(kinds[entry.sentName ?? entry.name]).toBe('tool');
    // A tool in a collapsed group is not sent: it has no kind here, and inherited names have none either.
    const grouped = resolved.entries.find((e) => !e.sent)!;
    expect(kinds[grouped.name]).toBeUndefined();
    expect(kinds['toString']).toBeUndefined();
    expect(kinds['__proto__']).toBeUndefined();
  });

  it('a pack’s own tool named search_tools is a tool, not the registry’s search', async () => {
    const registry = createToolRegistry();
    const own = { definition: def('search_tools'), implementation: recordingTool('own search') };
    expect((await registry.loadPack(pack('b', 2, [own]))).loaded).toBe(true);
    const resolved = registry.resolve({ model: models.claude });
    expect(resolved.toolKinds).toEqual({ b_tool_0: 'tool', b_tool_1: 'tool', search_tools: 'tool' });
  });

  it('keys a tool renamed for the model’s API by the name it is sent under', async () => {
    const registry = createToolRegistry();
    registry.registerTool(def('7zip_extract'), recordingTool('7zip'));
    const resolved = registry.resolve({ model: models.gemini });
    expect(resolved.entries[0].sentName).toBe('_7zip_extract');
    expect(resolved.toolKinds).toEqual({ _7zip_extract: 'tool' });
  });

  it('a bound tool is a tool', async () => {
    const registry = createToolRegistry();
    expect((await registry.loadPack(pack('d', 1))).loaded).toBe(true);
    expect(registry.bindTool('d_tool_0')?.toolKinds).toEqual({ d_tool_0: 'tool' });
  });
});
