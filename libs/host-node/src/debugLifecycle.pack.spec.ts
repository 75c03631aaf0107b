// The debugger's lifecycle as the model meets it, through the debug pack's tools and the
// registry: concurrent start_debugging calls, a start that times out, host.dispose(). The
// debugState context key must follow the real process and nothing may survive.
import { debugPack } from '@toolpacks/pack-debug';
import {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  killLiveProcesses,
  liveProcesses,
  survivors,
} from '@toolpacks/node-services/testing';
import { createPackHarness, type PackHarness } from './testing';

jest.setTimeout(30_000);

let h: PackHarness;

async function harness(stopWaitMs: number): Promise<PackHarness> {
  return createPackHarness(
    [debugPack],
    { 'endless.js': ENDLESS_PROGRAM, 'grandchild.js': GRANDCHILD_PROGRAM },
    { host: { debug: { stopWaitMs } } },
  );
}

afterEach(async () => {
  const root = h.root;
  await h.dispose();
  killLiveProcesses({ marker: root });
});

describe('debug pack lifecycle over a NodeHost', () => {
  it('three concurrent start_debugging calls leave one running debuggee, offer stop_debugging, and host.dispose() ends it', async () => {
    h = await harness(500);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        h.call('start_debugging', { program: 'endless.js' }, { autoApprove: { start_debugging: true } }),
      ),
    );
    for (const result of results) expect(result.text).toMatch(/^The program is running/);
    expect(h.host.contextKeys.values.debugState).toBe('running');
    expect(h.names()).toContain('stop_debugging');
    expect(liveProcesses({ marker: h.root }).filter((p) => p.commandLine.includes('endless.js'))).toHaveLength(1);
    h.host.dispose();
    expect(await survivors({ marker: h.root })).toEqual([]);
  });

  it('a start that times out kills what it started, and the state says inactive', async () => {
    h = await harness(10_000);
    const result = await h.call(
      'start_debugging',
      { program: 'endless.js' },
      { autoApprove: { start_debugging: true }, timeoutMs: 1_500 },
    );
    expect(result.status).toBe('timeout');
    expect(await survivors({ marker: h.root })).toEqual([]);
    // The registry answers the moment it cancels; the state turns once the exit is processed.
    for (let i = 0; i < 100 && h.host.contextKeys.values.debugState !== 'inactive'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.host.contextKeys.values.debugState).toBe('inactive');
    expect(h.names()).not.toContain('stop_debugging');
  });

  it('continue_execution that times out stops waiting and leaves a truthful state (running, stop offered)', async () => {
    h = await harness(10_000);
    await h.call('set_breakpoint', { path: 'endless.js', line: 6 });
    const stopped = await h.call(
      'start_debugging',
      { program: 'endless.js' },
      { autoApprove: { start_debugging: true } },
    );
    expect(stopped.text).toMatch(/^Stopped \(breakpoint bp-1\)/);
    await h.call('remove_breakpoint', { id: 'bp-1' });
    const result = await h.call('continue_execution', {}, { timeoutMs: 500 });
    expect(result.status).toBe('timeout');
    expect(h.host.contextKeys.values.debugState).toBe('running');
    expect(h.names()).toContain('stop_debugging');
    expect((await h.call('stop_debugging', {})).text).toMatch(/ended/);
    expect(await survivors({ marker: h.root })).toEqual([]);
  });
});
