import { createToolRegistry } from '@toolpacks/registry/host';
import { examplePack } from './index';
import { loadExample, models } from './testing';

describe('example pack', () => {
  it('loads without diagnostics and declares its toolset', async () => {
    const registry = await loadExample();
    expect(registry.diagnostics).toEqual([]);
    expect(registry.toolSets.map((s) => s.definition.name)).toEqual(['example']);
    expect(registry.resolve({ model: models.claude, selection: { toolSets: { example: false } } }).tools).toEqual([]);
  });

  it('binds the system clock when the host binds none', async () => {
    const registry = createToolRegistry();
    expect((await registry.loadPack(examplePack)).loaded).toBe(true);
    const result = await registry.invoke(registry.resolve({ model: models.claude }), {
      callId: 'c',
      name: 'get_time',
      input: {},
    });
    const stamp = Date.parse(String(result.content[0].kind === 'text' && result.content[0].value.split(' ')[0]));
    expect(Math.abs(stamp - Date.now())).toBeLessThan(60_000);
  });
});
