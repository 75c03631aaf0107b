// Attacks on the debuggee's lifecycle: concurrent starts, cancellation, dispose, an inspector
// that cannot be reached, a program whose own child outlives it. After each, the process census
// (from /proc) must find nothing left of what the debugger started.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { CancellationTokenSource } from '@toolpacks/base';
import { WorkspaceError, type DebugState } from '@toolpacks/services';
import { createDebugFixture, type DebugFixture } from './testing/debugFixtures';
import { NodeDebugService } from './nodeDebugService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { isAlive, killLiveProcesses, liveProcesses, survivors } from './testing/processCensus';

jest.setTimeout(30_000);

let fixture: DebugFixture;
let debug: NodeDebugService;
let states: DebugState[];

function service(options: ConstructorParameters<typeof NodeDebugService>[1] = {}): NodeDebugService {
  const created = new NodeDebugService(new NodeWorkspaceFileSystem(fixture.root), options);
  created.onDidChangeState((s) => states.push(s));
  return created;
}

/** Debuggees (not their children) running now. */
const debuggees = () => liveProcesses({ marker: fixture.root }).filter((p) => p.commandLine.includes('endless.js'));

beforeEach(async () => {
  fixture = await createDebugFixture();
  states = [];
});

afterEach(async () => {
  debug?.dispose();
  // Whatever a failing test left behind: end it so later tests and the machine stay clean.
  killLiveProcesses({ marker: fixture.root });
  await fixture.remove();
});

describe('NodeDebugService lifecycle: no debuggee leaks, the state follows the process', () => {
  it('serializes three concurrent starts: one debuggee runs, each start reports it running, stop ends it', async () => {
    debug = service({ stopWaitMs: 500 });
    const results = await Promise.all([1, 2, 3].map(() => debug.start({ program: 'endless.js' })));
    expect(results.map((r) => r.state)).toEqual(['running', 'running', 'running']);
    expect(debug.state).toBe('running');
    expect(debuggees()).toHaveLength(1);
    expect((await debug.stop()).state).toBe('inactive');
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    expect(debug.state).toBe('inactive');
  });

  it('kills what a cancelled start started, and says so instead of "running" or "ended"', async () => {
    debug = service({ stopWaitMs: 5_000 });
    const source = new CancellationTokenSource();
    const starting = debug.start({ program: 'endless.js' }, source.token);
    await fixture.waitForPids();
    source.cancel();
    await expect(starting).rejects.toThrow(WorkspaceError);
    await expect(starting).rejects.toThrow(/cancelled.*stopped/);
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    expect(debug.state).toBe('inactive');
  });

  it('runs nothing for a start cancelled before it began', async () => {
    debug = service({ stopWaitMs: 5_000 });
    const source = new CancellationTokenSource();
    source.cancel();
    await expect(debug.start({ program: 'endless.js' }, source.token)).rejects.toThrow(/cancelled/);
    expect(await fixture.pids()).toBeUndefined();
    expect(debug.state).toBe('inactive');
  });

  it("ends the whole process group on dispose (synchronously), the program's own child included", async () => {
    debug = service({ stopWaitMs: 300 });
    expect((await debug.start({ program: 'endless.js' })).state).toBe('running');
    const { debuggee, child } = await fixture.waitForPids();
    debug.dispose();
    expect(await survivors({ marker: fixture.root, pids: [debuggee, child] })).toEqual([]);
  });

  it('ends a debuggee that is still starting when disposed, and the start fails clearly', async () => {
    debug = service({ stopWaitMs: 10_000 });
    const starting = debug.start({ program: 'endless.js' });
    await fixture.waitForPids();
    debug.dispose();
    await expect(starting).rejects.toThrow(WorkspaceError);
    expect(await survivors({ marker: fixture.root })).toEqual([]);
  });

  it('kills the debuggee when the inspector connection fails (issue #11)', async () => {
    debug = service({ stopWaitMs: 1_000, node: fixture.unreachableInspectorNode });
    await expect(debug.start({ program: 'endless.js' })).rejects.toThrow(/could not attach/);
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    expect(debug.state).toBe('inactive');
  });

  it('stop during a start ends the starting debuggee too', async () => {
    debug = service({ stopWaitMs: 10_000 });
    const starting = debug.start({ program: 'endless.js' });
    starting.catch(() => undefined);
    await fixture.waitForPids();
    expect(debug.state).toBe('running');
    expect((await debug.stop()).state).toBe('inactive');
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    await expect(starting).resolves.toMatchObject({ state: 'inactive' });
  });

  it('leaves nothing of a program that ended by itself, its own child included', async () => {
    debug = service({ stopWaitMs: 10_000 });
    const status = await debug.start({ program: 'short.js' });
    expect(status).toMatchObject({ state: 'inactive', exitCode: 0 });
    expect(status.output).toContain('parent done');
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    expect(states).toEqual(['running', 'inactive']);
  });

  it('says "inactive" only once the process has exited, when something outside kills it', async () => {
    debug = service({ stopWaitMs: 300 });
    expect((await debug.start({ program: 'endless.js' })).state).toBe('running');
    const { debuggee, child } = await fixture.waitForPids();
    const aliveWhenInactive: boolean[] = [];
    debug.onDidChangeState((s) => s === 'inactive' && aliveWhenInactive.push(isAlive(debuggee)));
    process.kill(debuggee, 'SIGKILL');
    for (let i = 0; i < 100 && debug.state !== 'inactive'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(debug.state).toBe('inactive');
    expect(aliveWhenInactive).toEqual([false]);
    // Its child was in its group: killed with it, not left behind.
    expect(await survivors({ marker: fixture.root, pids: [debuggee, child] })).toEqual([]);
  });
});

// Keeps the fixture helpers honest: the census sees a process it should, by marker and by group.
describe('processCensus', () => {
  it('finds a live process by marker and group, and not once it is gone', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [path.join(fixture.root, 'grandchild.js')], {
      detached: true,
      stdio: 'ignore',
    });
    await new Promise((resolve) => child.once('spawn', resolve));
    expect(liveProcesses({ marker: fixture.root }).map((p) => p.pid)).toEqual([child.pid]);
    expect(liveProcesses({ group: child.pid }).map((p) => p.pid)).toEqual([child.pid]);
    process.kill(-child.pid!, 'SIGKILL');
    expect(await survivors({ group: child.pid })).toEqual([]);
    await fs.rm(path.join(fixture.root, 'debuggee.pid'), { force: true });
  });
});

describe('NodeDebugService lifecycle: queued and refused starts', () => {
  it('a start cancelled while waiting its turn never runs, and the one running is unaffected', async () => {
    debug = service({ stopWaitMs: 1_000 });
    const first = debug.start({ program: 'endless.js' });
    const source = new CancellationTokenSource();
    const second = debug.start({ program: 'endless.js' }, source.token);
    source.cancel();
    await expect(second).rejects.toThrow(/cancelled/);
    expect((await first).state).toBe('running');
    expect(debuggees()).toHaveLength(1);
    await debug.stop();
    expect(await survivors({ marker: fixture.root })).toEqual([]);
  });

  it('refuses to start after dispose, and explains a node that cannot run', async () => {
    debug = service({ node: path.join(fixture.root, 'no-such-node') });
    await expect(debug.start({ program: 'endless.js' })).rejects.toThrow(
      /could not be started under the debugger: node could not run/,
    );
    expect(debug.state).toBe('inactive');
    debug.dispose();
    await expect(debug.start({ program: 'endless.js' })).rejects.toThrow(/shut down/);
  });
});
