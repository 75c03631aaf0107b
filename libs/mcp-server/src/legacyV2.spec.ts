// The 2025 era as the SDK v2 Client speaks it in legacy mode (the initialize handshake), over stdio
// (a real child process, scripts/stdio-entry.js) and real Streamable HTTP: a session of its own,
// activate_* groups, list_changed, elicitation that lands an edit, and structured results.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { killLiveProcesses, writeFiles } from '@toolpacks/host-node/testing';
import { serveHttp } from './http';
import { waitUntil } from './testing/clients';
import { connectModernHttp, connectModernStdio, type ModernClient } from './testing/modernClients';
import { cleanUpSessions, serverOptions } from './testing/nodeSessions';

jest.setTimeout(90_000);
cleanUpSessions();

const ENTRY = path.join(__dirname, '../scripts/stdio-entry.js');
let root: string;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-legacy2-')));
  await writeFiles(root, { 'notes.txt': 'legacy notes\n' });
});
afterEach(async () => {
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

/** Activates a group, sees list_changed, writes a sensitive file the person accepts, reads a file. */
async function drive(c: ModernClient, folder: string) {
  expect(c.client.getProtocolEra()).toBe('legacy');
  expect(c.client.getInstructions()).toMatch(/through elicitation/);
  const listed = await c.names();
  const group = listed.find((n) => n.startsWith('activate_'))!;
  expect(group).toBeDefined();
  const activated = await c.client.callTool({ name: group, arguments: {} });
  expect(c.text(activated)).toMatch(/^Tools activated/);
  expect(activated.structuredContent).toEqual({ activated: expect.any(Array) });
  await waitUntil(() => c.listChanges() > 0);
  expect(await c.names()).not.toContain(group);
  const created = await c.client.callTool({
    name: 'create_file',
    arguments: { filePath: '.vscode/tasks.json', content: '{}\n' },
  });
  expect(created.isError).toBeFalsy();
  expect(await fs.readFile(path.join(folder, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
  expect(c.elicitations).toHaveLength(1);
  expect(c.text(await c.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } }))).toMatch(/notes/);
}

describe('the SDK v2 client in legacy mode (2025-11-25)', () => {
  it('over stdio', async () => {
    const c = await connectModernStdio(
      { command: process.execPath, args: [ENTRY, root, '--threshold', '4'], cwd: root },
      { era: 'legacy', elicit: () => ({ action: 'accept', content: {} }) },
    );
    await drive(c, root);
    await c.close();
  });

  it('over Streamable HTTP', async () => {
    const options = serverOptions({}, { threshold: 4 });
    const server = await serveHttp({ ...options, port: 0 });
    try {
      const c = await connectModernHttp(server.url, {
        era: 'legacy',
        elicit: () => ({ action: 'accept', content: {} }),
      });
      await drive(c, options.sessions[0].root);
      await c.close();
    } finally {
      await server.close();
    }
  });
});
