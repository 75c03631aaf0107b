// The MCP server over real Streamable HTTP: sessions kept apart and disposed (DELETE, close(), idle,
// eviction at maxSessions), debug sessions and elicitation over HTTP, context changes on the
// standalone stream, DNS-rebinding checks and the bearer token.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { liveProcesses, survivors } from '@toolpacks/host-node/testing';
import { serveHttp } from './http';
import { connectHttp, waitUntil } from './testing/clients';
import { call, cleanUpSessions, disposedSessions, names, serverOptions, sleep } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST to the MCP endpoint (no SDK client, so no standalone stream is opened). */
const rawPost = (url: string, body: unknown, sessionId?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify(body),
  });

/** A session initialized with raw requests; it holds no stream open. */
async function rawSession(url: string): Promise<string> {
  const init = await rawPost(url, INITIALIZE);
  expect(init.status).toBe(200);
  await init.text();
  const id = init.headers.get('mcp-session-id')!;
  const initialized = await rawPost(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  expect(initialized.status).toBe(202);
  await initialized.text();
  return id;
}

async function rawList(url: string, sessionId: string): Promise<number> {
  const response = await rawPost(url, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, sessionId);
  await response.text();
  return response.status;
}

/** Opens the session's standalone GET stream; resolves once the server has answered it (it is open). */
async function rawStream(url: string, sessionId: string): Promise<AbortController> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  // Its body is left unread: the stream stays open until the controller aborts it.
  return controller;
}

describe('Streamable HTTP', () => {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const s of started.splice(0)) await s.close();
  });

  it('serves list and call, keeps two sessions apart, and DELETE / close() dispose sessions', async () => {
    const options = serverOptions({}, { threshold: 4 });
    const server = await serveHttp({ ...options, port: 0 });
    started.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const a = await connectHttp(server.url);
    const b = await connectHttp(server.url);
    expect(a.transport.sessionId).toBeDefined();
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);

    const listA = await names(a);
    const listB = await names(b);
    expect(listA).toEqual(listB);
    const group = listA.find((n) => /^activate_.*debug/.test(n)) ?? listA.find((n) => n.startsWith('activate_'))!;
    const changed = a.nextListChange();
    expect(a.text(await call(a, group))).toMatch(/^Tools activated/);
    await changed;
    expect(await names(a)).not.toEqual(listB);
    expect(await names(b)).toEqual(listB);
    expect(b.listChanges()).toBe(0);
    // Each session has its own host and folder.
    expect(options.sessions).toHaveLength(2);
    expect(options.sessions[0].root).not.toBe(options.sessions[1].root);
    expect(a.text(await call(a, 'read_file', { filePath: 'notes.txt' }))).toContain('hello from notes');

    const before = disposedSessions();
    const idA = a.transport.sessionId!;
    await a.transport.terminateSession();
    await waitUntil(() => disposedSessions() === before + 1);
    const stale = await fetch(server.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'mcp-session-id': idA,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    expect(stale.status).toBe(404);
    await a.close();

    expect(b.text(await call(b, 'read_file', { filePath: 'notes.txt' }))).toContain('hello from notes');
    await server.close();
    started.length = 0;
    expect(disposedSessions()).toBe(before + 2);
    await b.close().catch(() => undefined);
  });

  it('runs a debug session over HTTP and close() ends the debuggee', async () => {
    const options = serverOptions({ allow: ['start_debugging'] });
    const server = await serveHttp({ ...options, port: 0 });
    started.push(server);
    const c = await connectHttp(server.url);
    await names(c);
    await call(c, 'set_breakpoint', { path: 'endless.js', line: 6 });
    const changed = c.nextListChange();
    expect(c.text(await call(c, 'start_debugging', { program: 'endless.js' }))).toMatch(/^Stopped \(breakpoint bp-1\)/);
    await changed;
    expect(await names(c)).toContain('get_call_stack');
    expect(c.text(await call(c, 'get_call_stack'))).toMatch(/endless\.js/);
    const root = options.sessions[0].root;
    expect(liveProcesses({ marker: root }).length).toBeGreaterThan(0);
    await server.close();
    started.length = 0;
    expect(await survivors({ marker: root })).toEqual([]);
    await c.close().catch(() => undefined);
  });

  it('announces a context change that no call caused (the debuggee ends by itself) on the standalone stream', async () => {
    const options = serverOptions({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 300 } } });
    const server = await serveHttp({ ...options, port: 0 });
    started.push(server);
    const c = await connectHttp(server.url);
    await names(c);
    await fs.writeFile(path.join(options.sessions[0].root, 'brief.js'), 'setTimeout(() => {}, 3000);\n');
    expect(c.text(await call(c, 'start_debugging', { program: 'brief.js' }))).toMatch(/^The program is running/);
    const ended = c.nextListChange(15_000);
    expect(await names(c)).toContain('stop_debugging');
    await ended;
    expect(await names(c)).not.toContain('stop_debugging');
    await c.close();
  });

  it("asks through elicitation on the call's own stream, and a decline with a reason reaches the model", async () => {
    const options = serverOptions();
    const server = await serveHttp({ ...options, port: 0 });
    started.push(server);
    const answers: ElicitResult[] = [{ action: 'accept' }, { action: 'decline', content: { reason: 'not now' } }];
    const c = await connectHttp(server.url, { elicit: () => answers.shift()! });
    expect(c.text(await call(c, 'create_file', { filePath: '.vscode/tasks.json', content: '{}\n' }))).toMatch(
      /^Created \.vscode\/tasks\.json/,
    );
    expect(await fs.readFile(path.join(options.sessions[0].root, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
    const declined = await call(c, 'start_debugging', { program: 'program.js' });
    expect(declined.isError).toBe(true);
    expect(c.text(declined)).toMatch(/declined to run `start_debugging` for this call and said: .*not now/);
    expect(c.elicitations).toHaveLength(2);
    await c.close();
  });

  it('disposes a session idle for sessionIdleMs (no request, no open stream): its debuggee ends and its id gets 404', async () => {
    const options = serverOptions({ allow: ['start_debugging'] });
    const server = await serveHttp({ ...options, port: 0, sessionIdleMs: 300 });
    started.push(server);
    const c = await connectHttp(server.url);
    await names(c);
    await call(c, 'set_breakpoint', { path: 'endless.js', line: 6 });
    expect(c.text(await call(c, 'start_debugging', { program: 'endless.js' }))).toMatch(/^Stopped \(breakpoint bp-1\)/);
    const root = options.sessions[0].root;
    await waitUntil(() => liveProcesses({ marker: root }).some((p) => p.commandLine.includes('grandchild.js')));
    // A client whose stream is open is not idle, however long it waits between requests.
    await sleep(1_000);
    expect(c.text(await call(c, 'get_call_stack'))).toMatch(/endless\.js/);
    const id = c.transport.sessionId!;
    const before = disposedSessions();
    // The client goes away without DELETE (its stream closes): the session idles out.
    await c.close();
    await waitUntil(() => disposedSessions() === before + 1, 10_000);
    expect(await survivors({ marker: root })).toEqual([]);
    expect((await rawPost(server.url, { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }, id)).status).toBe(
      404,
    );
    // The server goes on: a new session works.
    const next = await connectHttp(server.url);
    expect(await names(next)).toContain('read_file');
    await next.close();
  });

  it('at maxSessions an initialize evicts the least recently used idle session; 503 only when every session is busy', async () => {
    const options = serverOptions();
    const server = await serveHttp({ ...options, port: 0, maxSessions: 2 });
    started.push(server);
    const a = await rawSession(server.url);
    const b = await rawSession(server.url);
    // a is used after b: b is the least recently used.
    expect(await rawList(server.url, a)).toBe(200);
    let before = disposedSessions();
    const c = await rawSession(server.url);
    await waitUntil(() => disposedSessions() === before + 1);
    expect(await rawList(server.url, b)).toBe(404);
    expect(await rawList(server.url, a)).toBe(200);
    expect(await rawList(server.url, c)).toBe(200);

    // An open stream (the standalone GET stream) makes a session busy: both busy, so a third is refused.
    const streams = await Promise.all([a, c].map((id) => rawStream(server.url, id)));
    const refused = await rawPost(server.url, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many sessions \(2\), all of them busy/,
    );
    expect(options.sessions).toHaveLength(3);

    // a's stream closes: a is idle again and is the one evicted.
    streams[0].abort();
    before = disposedSessions();
    await waitUntil(
      async () => (await rawPost(server.url, INITIALIZE).then(async (r) => (await r.text(), r.status))) === 200,
    );
    await waitUntil(() => disposedSessions() === before + 1);
    expect(await rawList(server.url, a)).toBe(404);
    expect(await rawList(server.url, c)).toBe(200);
    streams[1].abort();
  });

  it('refuses a foreign Origin or Host (403) and a missing or wrong bearer token (401)', async () => {
    const options = serverOptions();
    const server = await serveHttp({
      ...options,
      port: 0,
      token: 'secret-token',
      allowedOrigins: ['https://trusted.example'],
    });
    started.push(server);
    const port = new URL(server.url).port;
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: init,
      });

    const evil = await post({ Origin: 'http://evil.example.com', Authorization: 'Bearer secret-token' });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { message: string } }).error.message).toMatch(/Origin/);
    expect((await post({ Authorization: 'Bearer secret-token', Origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post({ Authorization: 'Bearer secret-token', Origin: 'https://trusted.example' })).status).toBe(200);
    const noToken = await post({});
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await post({ Authorization: 'Bearer wrong' })).status).toBe(401);

    // A rebinding attack's Host header (fetch cannot set Host; node:http can).
    const http = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        server.url,
        {
          method: 'POST',
          headers: {
            Host: `evil.example.com:${port}`,
            'Content-Type': 'application/json',
            Authorization: 'Bearer secret-token',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(init);
    });
    expect(status).toBe(403);

    const c = await connectHttp(server.url, { token: 'secret-token' });
    expect(await names(c)).toContain('read_file');
    await c.close();
    // The refused requests made no session; the two accepted initializes and the client's did.
    await waitUntil(() => options.sessions.length === 3);
  });
});
