// Disposing the registry ends everything it holds, once, and leaves it answering clearly.
import { ContainerModule, injectable, preDestroy } from 'inversify';
import { definePack } from './definePack';
import { createToolRegistry } from './toolRegistry';
import { def, models, recordingTool } from './testing';

function destroying(log: string[], label: string) {
  @injectable()
  class Destroying {
    invoke() {
      return undefined;
    }
    @preDestroy()
    async destroy() {
      await Promise.resolve();
      log.push(label);
    }
  }
  return Destroying;
}

describe('ToolRegistry.dispose', () => {
  it('ends every pack and registration: containers unbound (preDestroy awaited), tools, toolsets and diagnostics gone', async () => {
    const log: string[] = [];
    const registry = createToolRegistry();
    const loaded = await registry.loadPack(
      definePack({
        id: 'p',
        displayName: 'P',
        version: '1',
        tools: [{ definition: def('pack_tool'), implementation: destroying(log, 'pack tool') }],
        toolSets: [{ name: 'p_set', description: 'P', tools: ['pack_tool'] }],
      }),
    );
    expect(loaded.loaded).toBe(true);
    const registration = registry.registerTool(def('direct_tool', { when: '(broken' }), destroying(log, 'direct tool'));
    registry.registerToolSet({ name: 'direct_set', description: 'D', tools: ['direct_tool'] });
    await registry.loadPack(
      definePack({
        id: 'refused',
        displayName: 'R',
        version: '1',
        tools: [{ definition: def('bad name'), implementation: recordingTool('x') }],
      }),
    );
    expect(registry.diagnostics.length).toBeGreaterThan(0);

    await registry.dispose();
    expect(log.sort()).toEqual(['direct tool', 'pack tool']);
    expect(registry.tools).toEqual([]);
    expect(registry.toolSets).toEqual([]);
    expect(registry.packs).toEqual([]);
    expect(registry.diagnostics).toEqual([]);
    // What the host still holds is harmless to dispose afterwards.
    loaded.dispose();
    registration.dispose();
    expect(log).toHaveLength(2);
  });

  it('is idempotent', async () => {
    const log: string[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('direct_tool'), destroying(log, 'once'));
    const first = registry.dispose();
    expect(registry.dispose()).toBe(first);
    await first;
    await registry.dispose();
    expect(log).toEqual(['once']);
  });

  it('answers clearly afterwards: resolve, bindTool and registration throw, loadPack refuses, invoke and prepare run nothing', async () => {
    const calls: { label: string; input: unknown }[] = [];
    const registry = createToolRegistry();
    registry.registerTool(def('read_file'), recordingTool('read', calls));
    const resolved = registry.resolve({ model: models.claude });
    await registry.dispose();
    expect(() => registry.resolve({ model: models.claude })).toThrow(
      /resolve\(\) was called on a disposed tool registry/,
    );
    expect(() => registry.bindTool('read_file')).toThrow(/disposed/);
    expect(() => registry.registerTool(def('late_tool'), recordingTool('late'))).toThrow(/disposed/);
    expect(() => registry.registerToolSet({ name: 'late', description: 'L', tools: [] })).toThrow(/disposed/);
    const late = await registry.loadPack(
      definePack({
        id: 'late',
        displayName: 'L',
        version: '1',
        tools: [{ definition: def('late_tool'), implementation: recordingTool('late') }],
      }),
    );
    expect(late).toMatchObject({
      id: 'late',
      loaded: false,
      diagnostics: [expect.objectContaining({ code: 'registry-disposed' })],
    });
    expect(registry.diagnostics).toEqual([]);
    const result = await registry.invoke(resolved, { callId: '1', name: 'read_file', input: {} });
    expect(result).toMatchObject({
      callId: '1',
      status: 'error',
      isError: true,
      content: [{ kind: 'text', value: expect.stringMatching(/registry has shut down/) }],
    });
    expect(await registry.prepare(resolved, { name: 'read_file', input: {} })).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('refuses a pack still loading when the registry is disposed, and unbinds its container', async () => {
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const registry = createToolRegistry();
    const loading = registry.loadPack(
      definePack({
        id: 'slow',
        displayName: 'S',
        version: '1',
        services: new ContainerModule(async () => gate),
        tools: [{ definition: def('slow_tool'), implementation: destroying(log, 'slow tool') }],
      }),
    );
    await registry.dispose();
    open();
    expect(await loading).toMatchObject({ loaded: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['slow tool']);
    expect(registry.tools).toEqual([]);
  });

  it('stops change events and the sessions it made', async () => {
    const registry = createToolRegistry();
    const session = registry.createVirtualToolSession();
    let changes = 0;
    let sessionChanges = 0;
    registry.onDidChange(() => changes++);
    session.onDidChange(() => sessionChanges++);
    const loaded = await registry.loadPack(
      definePack({
        id: 'p',
        displayName: 'P',
        version: '1',
        tools: [{ definition: def('pack_tool'), implementation: recordingTool('p') }],
      }),
    );
    const before = changes;
    expect(before).toBeGreaterThan(0);
    await registry.dispose();
    loaded.dispose();
    session.expand('activate_x');
    expect(changes).toBe(before);
    expect(sessionChanges).toBe(0);
  });
});
