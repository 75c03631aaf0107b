// Issue 19, finding 2: an MCP HTTP client that drops its connection must not leave its call
// running. A tools/call is sent over a raw loopback socket, the call's child processes are seen
// alive, the socket is destroyed, and then: the processes are gone, no process group is tracked,
// and the session answers its next request.
import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost, type NodeHostOptions } from '@toolpacks/host-node';
import {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  initRepository,
  killLiveProcesses,
  liveProcesses,
  survivors,
  testModels,
  writeFiles,
} from '@toolpacks/host-node/testing';
import { trackedProcessGroups } from '@toolpacks/node-services';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { createHostSession } from './hostSession';
import { serveHttp } from './http';
import { connectHttp, waitUntil, type TestClient, type TestClientOptions } from './testing/clients';
import type { HttpServer, McpApprovalPolicy, McpSession } from './types';

jest.setTimeout(90_000);

const roots: string[] = [];
const servers: HttpServer[] = [];
const clients: TestClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  for (const s of servers.splice(0)) await s.close();
});

afterAll(async () => {
  for (const root of roots) {
    killLiveProcesses({ marker: root });
    await fs.rm(root, { recursive: true, force: true });
  }
});

/** A git that hangs in `git status` (a foreground sleep, its pid recorded) and is the real git otherwise. */
const SLOW_GIT = (pidFile: string) => `#!/bin/sh
for arg in "$@"; do
  if [ "$arg" = status ]; then
    echo $$ > '${pidFile}'
    sleep 300
    exit 1
  fi
done
exec git "$@"
`;

interface Served {
  readonly server: HttpServer;
  readonly client: TestClient & { transport: { sessionId?: string; protocolVersion?: string } };
  readonly root: string;
}

async function serve(
  approvals: McpApprovalPolicy,
  host: (root: string) => Promise<NodeHostOptions>,
  elicit?: TestClientOptions['elicit'],
): Promise<Served> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-drop-')));
  roots.push(root);
  await writeFiles(root, {
    'endless.js': ENDLESS_PROGRAM,
    'grandchild.js': GRANDCHILD_PROGRAM,
    'notes.txt': 'hello from notes\n',
  });
  await initRepository(root, [{ files: { 'README.md': '# fixture\n' }, message: 'initial' }]);
  const hostOptions = await host(root);
  const server = await serveHttp({
    approvals,
    port: 0,
    createSession: async (): Promise<McpSession> => {
      const node = await createNodeHost(root, hostOptions);
      const { registry } = await node.createRegistry([editorPack, gitPack, debugPack]);
      return createHostSession({
        registry,
        contextKeys: node.contextKeys,
        model: testModels.general,
        dispose: async () => {
          await node.debug.stop();
          node.dispose();
        },
      });
    },
  });
  servers.push(server);
  const client = await connectHttp(server.url, elicit ? { elicit } : {});
  clients.push(client);
  await client.client.listTools();
  return { server, client, root };
}

/**
 * A tools/call on its own socket, the way a client that later vanishes sends it: `received` is what
 * its stream brought so far, `drop` destroys the socket (the connection closes before the answer).
 */
function rawCall(
  served: Served,
  id: number,
  name: string,
  args: Record<string, unknown>,
): { drop(): void; received(): string } {
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const request = http.request(served.server.url, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'mcp-session-id': served.client.transport.sessionId!,
      'mcp-protocol-version': served.client.transport.protocolVersion ?? '2025-11-25',
    },
  });
  request.on('error', () => undefined); // the socket is destroyed on purpose
  let received = '';
  request.on('response', (res) => res.on('data', (chunk: Buffer) => (received += chunk.toString('utf8'))));
  request.end(body);
  return { drop: () => request.destroy(), received: () => received };
}

const call = (c: TestClient, name: string, args: Record<string, unknown> = {}) =>
  c.client.callTool({ name, arguments: args }) as Promise<{
    content: { type: string; text?: string }[];
    isError?: boolean;
  }>;

describe('an HTTP request whose connection closes cancels its call', () => {
  it('start_debugging of an endless program: the debuggee and its child end; the session goes on', async () => {
    // The call waits for a stop that never comes: only the dropped connection can end it.
    const served = await serve({ allow: ['start_debugging'] }, async () => ({ debug: { stopWaitMs: 300_000 } }));
    const call1 = rawCall(served, 9001, 'start_debugging', { program: 'endless.js' });
    await waitUntil(
      () => liveProcesses({ marker: served.root }).some((p) => p.commandLine.includes('grandchild.js')),
      30_000,
    );
    expect(
      liveProcesses({ marker: served.root }).filter((p) => /endless\.js|grandchild\.js/.test(p.commandLine)),
    ).toHaveLength(2);

    call1.drop();
    expect(await survivors({ marker: served.root })).toEqual([]);
    await waitUntil(() => trackedProcessGroups().length === 0);
    const next = await call(served.client, 'read_file', { filePath: 'notes.txt' });
    expect(next.isError).toBeFalsy();
    expect(served.client.text(next)).toContain('hello from notes');
  });

  it('a git child that hangs: its process group ends; the session goes on', async () => {
    let pidFile = '';
    const served = await serve({}, async (root) => {
      const dir = await fs.mkdtemp(path.join(root, '..', 'toolpacks-mcp-drop-git-'));
      roots.push(dir);
      pidFile = path.join(dir, 'pid');
      const git = path.join(dir, 'git');
      await fs.writeFile(git, SLOW_GIT(pidFile), { mode: 0o755 });
      return { git: { git, timeoutMs: 300_000 } };
    });
    const call1 = rawCall(served, 9002, 'git_status', {});
    let group = 0;
    await waitUntil(async () => (group = Number(await fs.readFile(pidFile, 'utf8').catch(() => '0'))) > 0, 30_000);
    await waitUntil(() => liveProcesses({ group }).some((p) => p.commandLine.startsWith('sleep')), 30_000);
    expect(trackedProcessGroups()).toContain(group);

    call1.drop();
    expect(await survivors({ group })).toEqual([]);
    await waitUntil(() => !trackedProcessGroups().includes(group));
    const next = await call(served.client, 'read_file', { filePath: 'notes.txt' });
    expect(served.client.text(next)).toContain('hello from notes');
  });

  it('a call waiting for a confirmation when its connection drops is declined: nothing is written', async () => {
    let asked = 0;
    const served = await serve(
      {},
      async () => ({}),
      () => {
        asked++;
        return { action: 'accept', content: {} };
      },
    );
    const call1 = rawCall(served, 9003, 'create_file', {
      filePath: '.vscode/tasks.json',
      content: '{"version":"2.0.0"}\n',
    });
    // The question goes out on the call's own stream, which only the vanishing client reads.
    await waitUntil(() => call1.received().includes('elicitation/create'), 30_000);
    call1.drop();
    const next = await call(served.client, 'read_file', { filePath: 'notes.txt' });
    expect(served.client.text(next)).toContain('hello from notes');
    await expect(fs.stat(path.join(served.root, '.vscode/tasks.json'))).rejects.toThrow();
    expect(asked).toBe(0);
  });
});
