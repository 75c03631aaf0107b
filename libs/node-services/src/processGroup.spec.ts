// The process-group helpers the debugger relies on: one kill ends a group and its children, and
// a tracked group dies with the process that tracked it, however that process exits.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createDebugFixture, type DebugFixture } from './testing/debugFixtures';
import { killLiveProcesses, liveProcesses, survivors } from './testing/processCensus';
import { endTrackedProcessGroups, killProcessGroup, trackedProcessGroups, trackProcessGroup } from './processGroup';

jest.setTimeout(30_000);

let fixture: DebugFixture;
beforeEach(async () => (fixture = await createDebugFixture()));
afterEach(async () => {
  killLiveProcesses({ marker: fixture.root });
  await fixture.remove();
});

/** Runs endless.js (which starts grandchild.js) as the leader of a new process group. */
async function startGroup(): Promise<{ debuggee: number; child: number }> {
  spawn(process.execPath, [path.join(fixture.root, 'endless.js')], { detached: true, stdio: 'ignore' }).unref();
  return fixture.waitForPids();
}

describe('processGroup', () => {
  it('killProcessGroup ends the leader and what it started; a gone group is fine', async () => {
    const { debuggee, child } = await startGroup();
    expect(
      liveProcesses({ group: debuggee })
        .map((p) => p.pid)
        .sort(),
    ).toEqual([debuggee, child].sort());
    killProcessGroup(debuggee);
    expect(await survivors({ group: debuggee })).toEqual([]);
    expect(() => killProcessGroup(debuggee)).not.toThrow();
    expect(() => killProcessGroup(undefined)).not.toThrow();
  });

  it('endTrackedProcessGroups kills every tracked group; a disposed one is forgotten', async () => {
    const { debuggee, child } = await startGroup();
    const forgotten = trackProcessGroup(424242);
    forgotten.dispose();
    trackProcessGroup(debuggee);
    expect(trackedProcessGroups()).toEqual([debuggee]);
    endTrackedProcessGroups();
    expect(trackedProcessGroups()).toEqual([]);
    expect(await survivors({ marker: fixture.root, pids: [debuggee, child] })).toEqual([]);
  });

  it.each([
    ['process.exit()', 'process.exit(3)'],
    ['an uncaught exception', "throw new Error('boom')"],
  ])('a tracked group dies when its tracker ends by %s', async (_name, ending) => {
    // The tracker is a separate node process running processGroup.ts from source.
    const script = `
      require('esbuild-register/dist/node').register({ target: 'node20' });
      const { trackProcessGroup } = require(${JSON.stringify(path.join(__dirname, 'processGroup.ts'))});
      const { spawn } = require('node:child_process');
      const leader = spawn(process.execPath, [${JSON.stringify(path.join(fixture.root, 'endless.js'))}], { detached: true, stdio: 'ignore' });
      trackProcessGroup(leader.pid);
      const wait = setInterval(() => {
        if (!require('node:fs').existsSync(${JSON.stringify(path.join(fixture.root, 'debuggee.pid'))})) return;
        clearInterval(wait);
        ${ending};
      }, 20);`;
    const tracker = spawn(process.execPath, ['-e', script], {
      stdio: 'ignore',
      cwd: path.resolve(__dirname, '../../..'),
    });
    const code = await new Promise((resolve) => tracker.once('exit', resolve));
    expect(code).not.toBe(0);
    const pids = await fixture.pids();
    expect(pids).toBeDefined();
    expect(await survivors({ marker: fixture.root })).toEqual([]);
    await fs.rm(path.join(fixture.root, 'debuggee.pid'), { force: true });
  });
});
