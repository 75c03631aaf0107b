// There in time (issue 32 item 5): a host that describes its session (describeSession) has the
// client's opening answered while the workspace session is still starting, in both eras; the
// instructions say what the started session's would, and tools requests wait for the session.
import { connectInMemory } from './testing/clients';
import { connectModernInMemory } from './testing/modernClients';
import { cleanUpSessions, nodeSession } from './testing/nodeSessions';
import { describeStarted } from './workspaceTools';
import type { McpServerOptions, McpSession, SessionDescription } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

/** Options whose session starts only when the test says; `about` is the description of the same session. */
async function gated(): Promise<{ options: McpServerOptions; start: () => void; about: SessionDescription }> {
  const session = await nodeSession();
  const about = describeStarted(session);
  let start!: () => void;
  const started = new Promise<McpSession>((resolve) => (start = () => resolve(session)));
  return {
    options: {
      approvals: {},
      createSession: () => started,
      describeSession: () => about,
    },
    start,
    about,
  };
}

describe('the opening is answered before the workspace session has started', () => {
  it('2025 era: initialize completes, with the instructions the started session gives; tools/list waits for it', async () => {
    const { options, start, about } = await gated();
    const c = await connectInMemory(options);
    try {
      expect(c.client.getInstructions()).toContain(about.root);
      expect(c.client.getInstructions()).toContain(`of the ${about.packs.join(', ')} packs`);
      let listed = false;
      const listing = c.client.listTools().then((result) => ((listed = true), result));
      await new Promise((resolve) => setImmediate(resolve));
      expect(listed).toBe(false);
      start();
      expect((await listing).tools.map((t) => t.name)).toContain('read_file');
    } finally {
      start();
      await c.close();
    }
  });

  it('2026-07-28: server/discover is answered the same way, and tools/list waits for the session', async () => {
    const { options, start, about } = await gated();
    const c = await connectModernInMemory(options, { listen: false });
    try {
      expect(c.client.getInstructions()).toContain(about.root);
      start();
      expect(await c.names()).toContain('read_file');
    } finally {
      start();
      await c.close();
    }
  });
});
