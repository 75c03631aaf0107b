// Protocol revision 2026-07-28 over real Streamable HTTP, beside the 2025 era on the same endpoint:
// the SDK v2 Client pinned to it discovers, lists and calls, and a confirmation lands or changes
// nothing; each request's client gets its own family; raw requests show the wire (resultType, the
// cache hints, serverInfo in `_meta`, the Mcp-Method / Mcp-Name checks and their -32020), the Host,
// Origin and token checks; a dropped connection ends its call's processes; close() ends the
// workspace's debuggee.
import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { initRepository, liveProcesses, survivors } from '@toolpacks/host-node/testing';
import { serveHttp } from './http';
import { connectHttp, waitUntil } from './testing/clients';
import { connectModernHttp, MODERN } from './testing/modernClients';
import { cleanUpSessions, names, serverOptions } from './testing/nodeSessions';
import type { HttpServeOptions, HttpServer } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of started.splice(0).reverse()) await s.close().catch(() => undefined);
});

async function serve(extra: Partial<HttpServeOptions> = {}) {
  const options = { ...serverOptions({ allow: ['start_debugging'] }), ...extra };
  const server: HttpServer = await serveHttp({ ...options, port: 0 });
  started.push(server);
  return { server, options };
}

const envelope = (client = 'raw-modern') => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: client, version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

/** A raw 2026-07-28 request; `headers` override the ones a client sends. */
async function raw(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const name: Record<string, string> = typeof params.name === 'string' ? { 'Mcp-Name': params.name } : {};
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': MODERN,
      'Mcp-Method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope() } }),
  });
  const text = await response.text();
  // One JSON body, or an SSE stream whose last event is the answer.
  const json = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .at(-1)!
        .slice(6);
  return {
    status: response.status,
    body: JSON.parse(json) as { result?: Record<string, unknown>; error?: { code: number; message: string } },
  };
}

describe('2026-07-28 over Streamable HTTP', () => {
  it('a pinned v2 client discovers, lists and calls; accept lands an edit and decline changes nothing', async () => {
    const { server, options } = await serve();
    const answers = [{ action: 'accept' as const, content: {} }, { action: 'decline' as const }];
    const c = await connectModernHttp(server.url, { elicit: () => answers.shift()! });
    expect(c.client.getProtocolEra()).toBe('modern');
    expect(c.client.getInstructions()).toMatch(/input_required/);
    expect(await c.names()).toEqual(expect.arrayContaining(['read_file', 'create_file', 'get_call_stack']));
    expect(c.text(await c.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } }))).toContain(
      'hello from notes',
    );
    const root = options.sessions[0].root;
    const accepted = await c.client.callTool({
      name: 'create_file',
      arguments: { filePath: '.vscode/tasks.json', content: '{}\n' },
    });
    expect(accepted.isError).toBeFalsy();
    expect(await fs.readFile(path.join(root, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
    const declined = await c.client.callTool({
      name: 'create_file',
      arguments: { filePath: '.vscode/settings.json', content: '{}\n' },
    });
    expect(declined.isError).toBe(true);
    await expect(fs.stat(path.join(root, '.vscode/settings.json'))).rejects.toThrow();
    expect(c.elicitations).toHaveLength(2);
    // Both eras on one endpoint: a 2025-era client gets a session (and a workspace) of its own.
    const old = await connectHttp(server.url);
    expect(await names(old)).toContain('read_file');
    expect(options.sessions).toHaveLength(2);
    await old.close();
    await c.close();
  });

  it('lists per request for the client’s family, private to it; an explicit model’s list is public', async () => {
    // Every tool served: this is about families (clientProfiles.spec covers what a client's built-ins leave out).
    const { server } = await serve({ model: {}, servesEverything: true });
    const claude = await connectModernHttp(server.url, { name: 'claude-code' });
    const codex = await connectModernHttp(server.url, { name: 'codex-mcp-client' });
    expect(await claude.names()).not.toContain('apply_patch');
    expect(await codex.names()).toContain('apply_patch');
    const listed = await raw(server.url, 'tools/list');
    expect(listed.body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 60_000,
      cacheScope: 'private',
      _meta: {
        'io.modelcontextprotocol/serverInfo': { name: 'toolpacks' },
        'toolpacks/modelReason': expect.any(String),
      },
    });
    await claude.close();
    await codex.close();

    const explicit = await serve({ model: { chosenBy: '--family' } });
    expect((await raw(explicit.server.url, 'tools/list')).body.result).toMatchObject({ cacheScope: 'public' });
  });

  it('announces a folder that becomes a repository on a listen stream, to every client; the debug tools stay listed', async () => {
    const { server, options } = await serve();
    const a = await connectModernHttp(server.url, { name: 'claude-code' });
    const b = await connectModernHttp(server.url, { name: 'codex-mcp-client' });
    const before = await a.names();
    expect(before).toEqual(expect.arrayContaining(['get_call_stack', 'stop_debugging']));
    expect(before).not.toContain('git_status');
    await b.names();
    const heard = Promise.all([a.nextListChange(), b.nextListChange()]);
    await initRepository(options.sessions[0].root, [{ files: { 'README.md': '# repository\n' }, message: 'first' }]);
    await heard;
    expect(await a.names()).toEqual(expect.arrayContaining(['git_status', 'get_call_stack']));
    expect(options.sessions).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it('answers server/discover and every result with resultType and serverInfo; checks Mcp-Method and Mcp-Name (-32020)', async () => {
    const { server } = await serve();
    const discover = await raw(server.url, 'server/discover');
    expect(discover.body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining([MODERN]),
      instructions: expect.stringMatching(/^Tool Packs/),
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolpacks' } },
    });
    const called = await raw(server.url, 'tools/call', { name: 'read_file', arguments: { filePath: 'notes.txt' } });
    expect(called.body.result).toMatchObject({ resultType: 'complete', isError: false });
    const wrongName = await raw(
      server.url,
      'tools/call',
      { name: 'read_file', arguments: { filePath: 'notes.txt' } },
      { 'Mcp-Name': 'create_file' },
    );
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error?.code).toBe(-32020);
    const wrongMethod = await raw(server.url, 'tools/list', {}, { 'Mcp-Method': 'tools/call' });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body.error?.code).toBe(-32020);
  });

  it('checks Host, Origin and the token on modern requests too', async () => {
    const { server } = await serve({ token: 'secret-token' });
    expect((await raw(server.url, 'tools/list')).status).toBe(401);
    const auth = { Authorization: 'Bearer secret-token' };
    expect((await raw(server.url, 'tools/list', {}, { ...auth, Origin: 'http://evil.example.com' })).status).toBe(403);
    expect((await raw(server.url, 'tools/list', {}, auth)).status).toBe(200);
  });

  it('a dropped connection ends its call (the debuggee and its child); close() ends the workspace’s debuggee', async () => {
    const { server, options } = await serve({
      ...serverOptions({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 300_000 } } }),
    });
    await raw(server.url, 'tools/list');
    const root = options.sessions[0].root;
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'start_debugging', arguments: { program: 'endless.js' }, _meta: envelope() },
    });
    const request = http.request(server.url, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'start_debugging',
      },
    });
    request.on('error', () => undefined); // destroyed on purpose
    request.end(body);
    await waitUntil(() => liveProcesses({ marker: root }).some((p) => p.commandLine.includes('grandchild.js')), 30_000);
    request.destroy();
    expect(await survivors({ marker: root })).toEqual([]);
    expect(
      (await raw(server.url, 'tools/call', { name: 'read_file', arguments: { filePath: 'notes.txt' } })).body.result,
    ).toMatchObject({ isError: false });

    // A debuggee stopped at a breakpoint lives in the workspace until the server closes.
    await raw(server.url, 'tools/call', { name: 'set_breakpoint', arguments: { path: 'endless.js', line: 6 } });
    await raw(server.url, 'tools/call', { name: 'start_debugging', arguments: { program: 'endless.js' } });
    await waitUntil(() => liveProcesses({ marker: root }).length > 0);
    await server.close();
    expect(await survivors({ marker: root })).toEqual([]);
  });
});
