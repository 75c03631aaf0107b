// A real CLI process debugging an endless program (which starts a child of its own) is sent
// SIGTERM, SIGINT or SIGHUP: it must end the debuggee's whole process group and exit with
// 128 + the signal's number. Survivors are counted from /proc by the temporary folder's path.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import * as path from 'node:path';
import {
  createDebugFixture,
  isAlive,
  killLiveProcesses,
  survivors,
  type DebugFixture,
} from '@toolpacks/node-services/testing';

jest.setTimeout(60_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

let fixture: DebugFixture;
beforeEach(async () => (fixture = await createDebugFixture()));
afterEach(async () => {
  killLiveProcesses({ marker: fixture.root });
  await fixture.remove();
});

describe('the CLI ends every child on a signal', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s: the debuggee and its child are gone, the exit code is 128 + signal',
    async (signal) => {
      const cli = spawn(
        process.execPath,
        [BIN, '--root', fixture.root, 'invoke', 'start_debugging', '{"program":"endless.js"}', '--yes'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      cli.stderr.on('data', (chunk) => (stderr += String(chunk)));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        cli.once('exit', (code, sig) => resolve({ code, signal: sig })),
      );
      // The CLI may first rebuild its cached bundle (a second or more on a busy machine): wait for the program to run.
      const { debuggee, child } = await fixture.waitForPids(400);
      expect([isAlive(debuggee), isAlive(child)]).toEqual([true, true]);

      cli.kill(signal);
      const result = await exited;
      expect(await survivors({ marker: fixture.root, pids: [debuggee, child] })).toEqual([]);
      expect({ ...result, stderr }).toEqual({ code: 128 + constants.signals[signal], signal: null, stderr: '' });
    },
  );
});
