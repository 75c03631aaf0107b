// The MCP server over a real NodeHost: a call the client cancels, or one that overruns timeoutMs, is
// stopped, and the debuggee and child processes it started end with it.
import { liveProcesses, survivors } from '@toolpacks/host-node/testing';
import { connectInMemory, waitUntil } from './testing/clients';
import { call, cleanups, cleanUpSessions, open, serverOptions } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('cancellation', () => {
  it('notifications/cancelled cancels the running tool and its debuggee and child process end', async () => {
    const c = await open({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 30_000 } } });
    const session = await c.root();
    const controller = new AbortController();
    const running = c.client.callTool({ name: 'start_debugging', arguments: { program: 'endless.js' } }, undefined, {
      signal: controller.signal,
      timeout: 60_000,
    });
    running.catch(() => undefined);
    await waitUntil(
      () => liveProcesses({ marker: session.root }).some((p) => p.commandLine.includes('grandchild.js')),
      20_000,
    );
    expect(
      liveProcesses({ marker: session.root }).filter((p) => /endless\.js|grandchild\.js/.test(p.commandLine)).length,
    ).toBe(2);
    controller.abort('the person pressed stop');
    await expect(running).rejects.toThrow();
    expect(await survivors({ marker: session.root })).toEqual([]);
    // The session goes on.
    const after = await call(c, 'list_breakpoints');
    expect(after.isError).toBe(false);
  });
});

describe('timeouts', () => {
  it('a tool that overruns timeoutMs is stopped and answered with an isError result; its processes end', async () => {
    const options = {
      ...serverOptions({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 30_000 } } }),
      timeoutMs: 1_500,
    };
    const c = await connectInMemory(options);
    cleanups.push(() => c.close());
    const result = await call(c, 'start_debugging', { program: 'endless.js' });
    expect(result.isError).toBe(true);
    expect(c.text(result)).toMatch(/^Tool `start_debugging` did not finish within 1500 ms and was stopped/);
    expect(await survivors({ marker: options.sessions[0].root })).toEqual([]);
  });
});
