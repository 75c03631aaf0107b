// A workspace session that fails to start (a folder gone, a pack that throws) is answered with its
// reason in both eras, never a bare internal error or a hang; over HTTP the next request tries again.
import { serveHttp } from './http';
import { connectInMemory } from './testing/clients';
import { connectModernInMemory, MODERN } from './testing/modernClients';
import { cleanUpSessions, nodeSession } from './testing/nodeSessions';
import type { McpServerOptions } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

const failing = (errors: unknown[]): McpServerOptions => ({
  approvals: {},
  onError: (error) => errors.push(error),
  createSession: async () => {
    throw new Error('the workspace folder /gone does not exist');
  },
});

describe('a workspace session that does not start', () => {
  it('stdio, either era: the connection opens and tools requests are answered with the reason', async () => {
    const errors: unknown[] = [];
    const old = await connectInMemory(failing(errors));
    await expect(old.client.listTools()).rejects.toThrow(
      /The workspace session did not start: the workspace folder \/gone does not exist/,
    );
    await old.close();
    const modern = await connectModernInMemory(failing(errors), { listen: false });
    await expect(modern.client.callTool({ name: 'read_file', arguments: {} })).rejects.toThrow(
      /did not start: the workspace folder \/gone/,
    );
    await modern.close();
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });

  it('HTTP: initialize and modern requests get a 500 with the reason; the next modern request starts it again', async () => {
    let attempts = 0;
    const server = await serveHttp({
      ...failing([]),
      port: 0,
      createSession: async () => {
        if (++attempts === 1 || attempts === 2) throw new Error(`attempt ${attempts} failed`);
        return nodeSession();
      },
    });
    try {
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(server.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(body),
        });
      const init = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      expect(init.status).toBe(500);
      expect(await init.json()).toMatchObject({
        id: 1,
        error: { message: 'The MCP session did not start: attempt 1 failed' },
      });
      const meta = {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      const list = () =>
        post(
          { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } },
          { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' },
        );
      const first = await list();
      expect(first.status).toBe(500);
      expect(await first.json()).toMatchObject({
        id: 2,
        error: { message: 'The workspace session did not start: attempt 2 failed' },
      });
      const second = await list();
      expect(second.status).toBe(200);
      expect(await second.text()).toContain('read_file');
    } finally {
      await server.close();
    }
  });
});
