// Many calls at once (issue 30 findings 6 and 8): a session flooded with grep_search calls lives and
// answers every one; calls run a bounded few at a time per server, in lanes per client and tool,
// the rest wait or are refused with words the model can act on, in both eras; what is not a call
// (tools/list) and another client's or another tool's call are answered while a lane is saturated;
// a call waiting for a person's answer gives its place up. Real NodeHost sessions (the four packs
// and a gated probe tool), real Streamable HTTP, the SDK clients of both eras.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost, type NodeHostOptions } from '@toolpacks/host-node';
import { initRepository, killLiveProcesses, testModels } from '@toolpacks/host-node/testing';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { definePack, textResult, type Tool } from '@toolpacks/registry';
import { DEFAULT_RUNNING, type CallLimitOptions } from './callLimiter';
import { createHostSession } from './hostSession';
import { serveHttp } from './http';
import { connectHttp, connectInMemory, waitUntil, type TestClient } from './testing/clients';
import { connectModernHttp, connectModernStdio, type ModernClient } from './testing/modernClients';
import type { HttpServeOptions, HttpServer, McpServerOptions } from './types';

jest.setTimeout(180_000);

/** The default bounds: calls running in the server, and of one lane (a client's calls of one tool). */
const RUNNING = DEFAULT_RUNNING;
const PER_LANE = RUNNING - 2;

/** The probe: each call counts itself running until the gate opens. */
class Gate {
  running = 0;
  most = 0;
  calls = 0;
  private open!: () => void;
  private opened = new Promise<void>((resolve) => (this.open = resolve));
  readonly tool: Tool<Record<string, never>> = {
    invoke: async () => {
      this.calls++;
      this.most = Math.max(this.most, ++this.running);
      try {
        await this.opened;
      } finally {
        this.running--;
      }
      return textResult('through the gate');
    },
  };
  release(): void {
    this.open();
  }
}

const roots: string[] = [];
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close().catch(() => undefined);
});
afterAll(async () => {
  for (const root of roots) {
    killLiveProcesses({ marker: root });
    await fs.rm(root, { recursive: true, force: true });
  }
});

/** The real git's path (before PATH is changed). */
function whichGit(): string {
  return execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
}

/** One workspace folder (a git repository with files to grep), shared by the test's sessions. */
async function workspace(): Promise<string> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-load-')));
  roots.push(root);
  const files: Record<string, string> = { 'notes.txt': 'hello from notes\n' };
  for (let i = 0; i < 60; i++) files[`src/m${i}.ts`] = `import { a } from './a';\nexport const needle${i} = a;\n`;
  await initRepository(root, [{ files, message: 'initial' }]);
  return root;
}

/** Server options whose sessions are NodeHosts over `root` with the four packs and the gate's probe. */
function options(
  root: string,
  gate: Gate,
  host: NodeHostOptions = {},
  extra: Partial<McpServerOptions> & CallLimitOptions = {},
): McpServerOptions & CallLimitOptions {
  const probe = definePack({
    id: 'probe',
    displayName: 'Probe',
    version: '1.0.0',
    tools: [
      {
        definition: {
          name: 'wait_for_gate',
          modelDescription: 'Waits until the spec opens the gate.',
          annotations: { readOnly: true },
        },
        implementation: gate.tool,
      },
      {
        definition: { name: 'ask_first', modelDescription: 'Asks the person, then answers.' },
        implementation: {
          prepareInvocation: () => ({ confirmationMessages: { title: 'Go on?', message: { value: 'Go on?' } } }),
          invoke: () => textResult('asked and done'),
        } satisfies Tool<Record<string, never>>,
      },
    ],
  });
  return {
    approvals: {},
    createSession: async () => {
      const node = await createNodeHost(root, host);
      const { registry } = await node.createRegistry([editorPack, searchPack, gitPack, debugPack, probe]);
      return createHostSession({
        registry,
        contextKeys: node.contextKeys,
        model: testModels.general,
        threshold: 1_000,
        dispose: () => node.dispose(),
      });
    },
    ...extra,
  };
}

async function serve(serverOptions: McpServerOptions & CallLimitOptions): Promise<HttpServer> {
  const server = await serveHttp({ ...(serverOptions as HttpServeOptions), port: 0 });
  closing.push(() => server.close());
  return server;
}

type Result = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: Result) => (result.content ?? []).map((part) => part.text ?? '').join('\n');

async function legacyHttp(url: string): Promise<TestClient> {
  const client = await connectHttp(url);
  closing.push(() => client.close());
  return client;
}

async function modernHttp(url: string, name: string): Promise<ModernClient> {
  const client = await connectModernHttp(url, { name, listen: false });
  closing.push(() => client.close());
  return client;
}

/** `count` calls of the probe at once; each resolves to its result. */
function flood(call: (name: string, args: Record<string, unknown>) => Promise<unknown>, count: number) {
  return Array.from({ length: count }, () => call('wait_for_gate', {}) as Promise<Result>);
}

describe('calls at once over one connection (stdio code, in memory), 2025 era', () => {
  it('run a bounded few of one tool at a time; the client lists and reads while they wait; all answer', async () => {
    const gate = new Gate();
    const root = await workspace();
    const c = await connectInMemory(options(root, gate));
    closing.push(() => c.close());
    const calls = flood(
      (name, args) => c.client.callTool({ name, arguments: args }, undefined, { timeout: 170_000 }),
      40,
    );
    await waitUntil(() => gate.running >= PER_LANE, 60_000);
    // What is not a call, and a call of another tool, are answered while the probe's lane is full.
    expect((await c.client.listTools()).tools.map((t) => t.name)).toContain('wait_for_gate');
    const read = (await c.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(read)).toContain('hello from notes');
    expect(gate.most).toBe(PER_LANE);
    gate.release();
    const results = await Promise.all(calls);
    expect(results.map(textOf)).toEqual(Array(40).fill('through the gate'));
    expect(gate.calls).toBe(40);
  });
});

describe('calls at once over HTTP: bounded per server, in both eras', () => {
  it('a 2026-07-28 client saturating one tool: a fresh connection lists, discovers and reads meanwhile', async () => {
    const gate = new Gate();
    const root = await workspace();
    const server = await serve(options(root, gate));
    const busy = await modernHttp(server.url, 'flooding-client');
    const calls = flood((name, args) => busy.client.callTool({ name, arguments: args }, { timeout: 170_000 }), 40);
    await waitUntil(() => gate.running >= PER_LANE, 60_000);
    const fresh = await modernHttp(server.url, 'fresh-client');
    expect(await fresh.names()).toContain('read_file');
    const read = (await fresh.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(read)).toContain('hello from notes');
    // The same client's call of another tool is not stuck behind its own flood either.
    const own = (await busy.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(own)).toContain('hello from notes');
    expect(gate.most).toBe(PER_LANE);
    gate.release();
    expect((await Promise.all(calls)).map(textOf)).toEqual(Array(40).fill('through the gate'));
  });

  it('2025 sessions and 2026-07-28 exchanges share the server bound', async () => {
    const gate = new Gate();
    const root = await workspace();
    const server = await serve(options(root, gate));
    const legacy = await legacyHttp(server.url);
    const modern = await modernHttp(server.url, 'modern-client');
    const another = await modernHttp(server.url, 'another-client');
    // Three lanes, each allowed RUNNING − 2: together more than the server runs at once.
    const calls = [
      ...flood((name, args) => legacy.client.callTool({ name, arguments: args }, undefined, { timeout: 170_000 }), 20),
      ...flood((name, args) => modern.client.callTool({ name, arguments: args }, { timeout: 170_000 }), 20),
      ...flood((name, args) => another.client.callTool({ name, arguments: args }, { timeout: 170_000 }), 20),
    ];
    await waitUntil(() => gate.running >= RUNNING, 60_000);
    // A listing is still answered, in both eras.
    expect(await modern.names()).toContain('wait_for_gate');
    expect((await legacy.client.listTools()).tools.length).toBeGreaterThan(0);
    expect(gate.most).toBe(RUNNING);
    gate.release();
    expect((await Promise.all(calls)).map(textOf)).toEqual(Array(60).fill('through the gate'));
  });

  it('past the waiting bound a call is refused at once with what to do, and nothing runs for it', async () => {
    const gate = new Gate();
    const root = await workspace();
    const server = await serve(
      options(root, gate, {}, { callLimits: { running: 2, runningPerLane: 2, waitingPerLane: 3 } }),
    );
    const c = await legacyHttp(server.url);
    const calls = flood(
      (name, args) => c.client.callTool({ name, arguments: args }, undefined, { timeout: 170_000 }),
      10,
    );
    const refused: Result[] = [];
    for (const call of calls) void call.then((result) => result.isError && refused.push(result));
    await waitUntil(() => refused.length === 5, 60_000);
    expect(refused.map(textOf)).toEqual(
      Array(5).fill(
        expect.stringMatching(
          /^The server is busy: 2 calls of `wait_for_gate` from this client are running and 3 more are waiting\. Nothing was run\. Wait for some of them to answer, then call again/,
        ),
      ),
    );
    gate.release();
    const results = await Promise.all(calls);
    expect(results.filter((r) => !r.isError).map(textOf)).toEqual(Array(5).fill('through the gate'));
    expect(gate.calls).toBe(5);
  });

  it("a call waiting for a person's answer does not hold its place: other calls run meanwhile", async () => {
    const gate = new Gate();
    const root = await workspace();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    const c = await connectInMemory(options(root, gate, {}, { callLimits: { running: 1 } }), {
      elicit: async () => {
        asked = true;
        await answered;
        return { action: 'accept', content: {} };
      },
    });
    closing.push(() => c.close());
    const asking = c.client.callTool({ name: 'ask_first', arguments: {} }) as Promise<Result>;
    await waitUntil(() => asked, 60_000);
    const read = (await c.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(read)).toContain('hello from notes');
    answer();
    const done = await asking;
    expect([textOf(done), done.isError]).toEqual(['asked and done', false]);
  });
});

describe('grep_search floods (real ripgrep and git)', () => {
  it('400 calls at once over one 2025 session of a server process, stopped by the search deadline while git lists: it lives and answers each', async () => {
    const root = await workspace();
    // A loaded machine, made certain: git's listing takes 300 ms and the search deadline is 1 ms,
    // so ripgrep is stopped while git still lists (the unhandled rejection that ended the process).
    const slowGit = path.join(root, '.slow-git');
    await fs.mkdir(slowGit);
    await fs.writeFile(
      path.join(slowGit, 'git'),
      `#!/bin/sh\ncase " $* " in *" ls-files "*) sleep 0.3;; esac\nexec ${JSON.stringify(whichGit())} "$@"\n`,
      { mode: 0o755 },
    );
    const server = await connectModernStdio(
      {
        command: process.execPath,
        args: [path.join(__dirname, 'testing/stdioServerProcess.js'), root, '1'],
        env: { ...(process.env as Record<string, string>), PATH: `${slowGit}${path.delimiter}${process.env.PATH}` },
      },
      { era: 'legacy', name: 'flooding-client' },
    );
    let exited = false;
    server.client.onclose = () => (exited = true);
    closing.push(() => server.close());
    const results = await Promise.all(
      Array.from(
        { length: 400 },
        (_, i) =>
          server.client.callTool(
            { name: 'grep_search', arguments: { query: `needle${i % 60}` } },
            { timeout: 170_000 },
          ) as Promise<Result>,
      ),
    );
    const answers = results.map((result) => textOf(result).replace(/^Tool `grep_search` failed: /, ''));
    // Each call is answered (all of them wait their turn: 400 is within the waiting bound): stopped
    // at the deadline, or (a ripgrep quicker than 1 ms) with what it found.
    const deadline =
      'The search did not finish within 0.001 s and was stopped; nothing was found in that time. Narrow it with includePattern or a more specific glob, or use a simpler pattern.';
    const wrong = answers.filter((answer, i) => answer !== deadline && !answer.includes(`src/m${i % 60}.ts:2:`));
    expect(wrong).toEqual([]);
    expect(answers.filter((answer) => answer === deadline).length).toBeGreaterThan(0);
    // Still serving.
    const read = (await server.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(read)).toContain('hello from notes');
    expect(exited).toBe(false);
  });

  it('300 calls at once (2026-07-28): a fresh connection is answered before they have all finished', async () => {
    const root = await workspace();
    const server = await serve(options(root, new Gate()));
    const busy = await modernHttp(server.url, 'flooding-client');
    let answered = 0;
    const calls = Array.from({ length: 300 }, (_, i) =>
      (
        busy.client.callTool(
          { name: 'grep_search', arguments: { query: `needle${i % 60}` } },
          { timeout: 170_000 },
        ) as Promise<Result>
      ).then((result) => {
        answered++;
        return result;
      }),
    );
    // Saturated: the calls are under way.
    await waitUntil(() => answered >= 1, 120_000);
    const fresh = await modernHttp(server.url, 'fresh-client');
    expect(await fresh.names()).toContain('grep_search');
    const read = (await fresh.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as Result;
    expect(textOf(read)).toContain('hello from notes');
    const answeredBeforeFresh = answered;
    expect(answeredBeforeFresh).toBeLessThan(300);
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.isError).map(textOf)).toEqual([]);
  });
});
