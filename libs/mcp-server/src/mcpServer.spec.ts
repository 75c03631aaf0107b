// The MCP server over a real NodeHost and the four built-in packs, driven by the SDK's own Client:
// in memory for the session logic, over real Streamable HTTP for sessions, DNS-rebinding checks
// and the bearer token. Real tools, a real Node debuggee, real child processes.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createNodeHost, type NodeHostOptions } from '@toolpacks/host-node';
import { ENDLESS_PROGRAM, GRANDCHILD_PROGRAM, initRepository, killLiveProcesses, liveProcesses, SAMPLE_PROGRAM, survivors, testModels, writeFiles } from '@toolpacks/host-node/testing';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import type { ToolCallResult } from '@toolpacks/registry';
import { toMcpContent } from './content';
import { createHostSession } from './hostSession';
import { serveHttp } from './http';
import { connectHttp, connectInMemory, waitUntil, type TestClient, type TestClientOptions } from './testing/clients';
import type { McpApprovalPolicy, McpServerOptions, McpSession } from './types';

jest.setTimeout(60_000);

const roots: string[] = [];
let disposedSessions = 0;
const cleanups: (() => Promise<unknown>)[] = [];

interface NodeSessionOptions {
  readonly threshold?: number;
  readonly host?: NodeHostOptions;
  /** Makes the folder a git repository (the git tools are offered only then). */
  readonly git?: boolean;
}

async function nodeSession(options: NodeSessionOptions = {}): Promise<McpSession & { root: string }> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-')));
  roots.push(root);
  await writeFiles(root, { 'program.js': SAMPLE_PROGRAM, 'endless.js': ENDLESS_PROGRAM, 'grandchild.js': GRANDCHILD_PROGRAM, 'notes.txt': 'hello from notes\n' });
  if (options.git) await initRepository(root, [{ files: { 'README.md': '# fixture\n' }, message: 'initial' }]);
  const host = await createNodeHost(root, options.host);
  const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
  const session = createHostSession({
    registry,
    contextKeys: host.contextKeys,
    model: testModels.claude,
    ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
    dispose: async () => {
      await host.debug.stop();
      host.dispose();
      disposedSessions++;
    },
  });
  return Object.assign(session, { root });
}

/** Server options whose sessions are recorded (their roots), with the given approval policy. */
function serverOptions(approvals: McpApprovalPolicy = {}, session: NodeSessionOptions = {}): McpServerOptions & { sessions: (McpSession & { root: string })[] } {
  const sessions: (McpSession & { root: string })[] = [];
  return {
    sessions,
    approvals,
    createSession: async () => {
      const s = await nodeSession(session);
      sessions.push(s);
      return s;
    },
  };
}

async function open(approvals: McpApprovalPolicy = {}, session: NodeSessionOptions = {}, elicit?: TestClientOptions['elicit']) {
  const options = serverOptions(approvals, session);
  const client = await connectInMemory(options, elicit ? { elicit } : {});
  cleanups.push(() => client.close());
  return { ...client, options, root: async () => (await client.server.session) as McpSession & { root: string } };
}

const call = (c: TestClient, name: string, args: Record<string, unknown> = {}) =>
  c.client.callTool({ name, arguments: args }) as Promise<{ content: { type: string; text?: string }[]; isError?: boolean }>;
const names = async (c: TestClient) => (await c.client.listTools()).tools.map((t) => t.name);

/** The registry's decline of a call that runs code the model wrote, when nobody could be asked. */
const RUNS_CODE_DECLINED = (tool: string) => new RegExp(`^The user declined to run \`${tool}\` for this call \\(it runs code, so it needs a person's yes or approval that names this tool`);
/** A program (or expression) that proves it ran: it writes marker.txt next to itself. */
const MARKER_PROGRAM = "require('node:fs').writeFileSync(require('node:path').join(__dirname, 'marker.txt'), 'ran');\n";
const markerExpression = (root: string) => `process.mainModule.require('node:fs').writeFileSync(${JSON.stringify(path.join(root, 'marker.txt'))}, 'ran')`;
const markerExists = (root: string) =>
  fs.stat(path.join(root, 'marker.txt')).then(
    () => true,
    () => false,
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  for (const root of roots) {
    killLiveProcesses({ marker: root });
    await fs.rm(root, { recursive: true, force: true });
  }
});

describe('tools/list', () => {
  it('is the registry resolution for the session, with MCP annotations set explicitly on every tool', async () => {
    const c = await open({}, { git: true });
    const { tools } = await c.client.listTools();
    const session = await c.root();
    const { threshold, ...request } = session.resolveRequest();
    const resolved = session.registry.resolve({ ...request, virtualTools: { threshold } });
    expect(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))).toEqual(
      resolved.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    );
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'create_file', 'grep_search', 'git_commit', 'start_debugging', 'set_breakpoint']));
    // Not stopped in the debugger: the tools that need a stopped program are not offered.
    expect(tools.map((t) => t.name)).not.toContain('get_call_stack');
    for (const tool of tools) {
      expect(tool.annotations).toEqual({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('read_file')!.annotations).toEqual({ title: 'Read File', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName.get('read_file')!.title).toBe('Read File');
    expect(byName.get('git_commit')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName.get('start_debugging')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
  });
});

describe('tools/call', () => {
  it('runs a tool, and answers schema errors, unknown and not-enabled tools with isError results, never protocol errors', async () => {
    const c = await open();
    const ok = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(ok.isError).toBe(false);
    expect(c.text(ok)).toContain('hello from notes');

    const invalid = await call(c, 'read_file', { nope: 1 });
    expect(invalid.isError).toBe(true);
    expect(c.text(invalid)).toMatch(/^Invalid input for `read_file`; it was not run:/);

    const unknown = await call(c, 'no_such_tool');
    expect(unknown.isError).toBe(true);
    expect(c.text(unknown)).toMatch(/There is no tool named `no_such_tool`; nothing was run. Available tools: .*read_file/);

    const notEnabled = await call(c, 'get_call_stack');
    expect(notEnabled.isError).toBe(true);
    expect(c.text(notEnabled)).toMatch(/is not enabled for this request/);

    // The session still works after the errors.
    expect((await call(c, 'list_dir', { path: '.' })).isError).toBe(false);
  });

  it('sends data parts as image content or an embedded resource blob, base64 of the bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const result: ToolCallResult = {
      callId: 'c1',
      name: 'x',
      isError: false,
      status: 'ok',
      content: [
        { kind: 'text', value: 'before' },
        { kind: 'data', mimeType: 'image/png', data: png },
        { kind: 'data', mimeType: 'application/pdf', data: pdf },
        { kind: 'text', value: 'after' },
      ],
    };
    expect(await toMcpContent(result)).toEqual([
      { type: 'text', text: 'before' },
      { type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') },
      { type: 'resource', resource: { uri: 'toolpacks:result/c1/2', mimeType: 'application/pdf', blob: Buffer.from(pdf).toString('base64') } },
      { type: 'text', text: 'after' },
    ]);
  });
});

describe('list_changed', () => {
  it('activate_* expands the group for this session and announces the new list', async () => {
    const c = await open({}, { threshold: 4 });
    const before = await c.client.listTools();
    const activators = before.tools.filter((t) => t.name.startsWith('activate_'));
    expect(activators.length).toBeGreaterThan(1);
    for (const a of activators) expect(a.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    const debugGroup = activators.find((a) => /debug/.test(a.name)) ?? activators[0];
    const changed = c.nextListChange();
    const result = await call(c, debugGroup.name);
    expect(result.isError).toBe(false);
    expect(c.text(result)).toMatch(/^Tools activated: /);
    await changed;
    const after = await names(c);
    const activated = c
      .text(result)
      .replace(/^Tools activated: /, '')
      .split('.')[0]
      .split(', ');
    for (const name of activated) expect(after).toContain(name);
    expect(after).not.toContain(debugGroup.name);
    // Listing again without a change sends nothing more.
    const count = c.listChanges();
    await names(c);
    expect(c.listChanges()).toBe(count);
  });

  it('a breakpoint stop changes debugState: the list changes, and the stopped-program tools work in the same session', async () => {
    const c = await open({ allow: ['start_debugging'] });
    const session = await c.root();
    await names(c);
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 2 })).isError).toBe(false);
    const changed = c.nextListChange();
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(c.text(started)).toMatch(/^Stopped \(breakpoint bp-1\) in add at .*program\.js:2/);
    await changed;
    expect(await names(c)).toEqual(expect.arrayContaining(['get_call_stack', 'get_variables', 'continue_execution', 'stop_debugging']));
    expect(c.text(await call(c, 'get_call_stack'))).toMatch(/add/);
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*0/s);
    const next = await call(c, 'continue_execution');
    expect(next.isError).toBe(false);
    expect(c.text(next)).toMatch(/^Stopped \(breakpoint bp-1\)/);
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*1/s);
    await c.close();
    expect(await survivors({ marker: session.root })).toEqual([]);
  });
});

describe('cancellation', () => {
  it('notifications/cancelled cancels the running tool and its debuggee and child process end', async () => {
    const c = await open({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 30_000 } } });
    const session = await c.root();
    const controller = new AbortController();
    const running = c.client.callTool({ name: 'start_debugging', arguments: { program: 'endless.js' } }, undefined, { signal: controller.signal, timeout: 60_000 });
    running.catch(() => undefined);
    await waitUntil(() => liveProcesses({ marker: session.root }).some((p) => p.commandLine.includes('grandchild.js')), 20_000);
    expect(liveProcesses({ marker: session.root }).filter((p) => /endless\.js|grandchild\.js/.test(p.commandLine)).length).toBe(2);
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
    const options = { ...serverOptions({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 30_000 } } }), timeoutMs: 1_500 };
    const c = await connectInMemory(options);
    cleanups.push(() => c.close());
    const result = await call(c, 'start_debugging', { program: 'endless.js' });
    expect(result.isError).toBe(true);
    expect(c.text(result)).toMatch(/^Tool `start_debugging` did not finish within 1500 ms and was stopped/);
    expect(await survivors({ marker: options.sessions[0].root })).toEqual([]);
  });
});

describe('confirmation', () => {
  it('elicitation: accept runs a sensitive write; decline with a reason reaches the model; the next call works', async () => {
    const answers: ElicitResult[] = [
      { action: 'accept', content: {} },
      { action: 'decline', content: { reason: 'put it in package.json scripts instead' } },
    ];
    const c = await open({}, {}, () => answers.shift()!);
    const session = await c.root();
    const accepted = await call(c, 'create_file', { filePath: '.vscode/tasks.json', content: '{"version":"2.0.0"}\n' });
    expect(accepted.isError).toBe(false);
    expect(await fs.readFile(path.join(session.root, '.vscode/tasks.json'), 'utf8')).toBe('{"version":"2.0.0"}\n');
    expect(c.elicitations[0].message).toMatch(/tasks\.json/);
    expect(c.elicitations[0]).toMatchObject({ mode: 'form', requestedSchema: { type: 'object', properties: { reason: { type: 'string' } } } });

    const declined = await call(c, 'create_file', { filePath: '.vscode/settings.json', content: '{}\n' });
    expect(declined.isError).toBe(true);
    expect(c.text(declined)).toMatch(/^The user declined to run `create_file` for this call and said: .*put it in package\.json scripts instead/);
    await expect(fs.stat(path.join(session.root, '.vscode/settings.json'))).rejects.toThrow();

    const next = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(next.isError).toBe(false);
    expect(c.elicitations).toHaveLength(2);
  });

  it('elicitation decline without a reason, and cancel, decline the call', async () => {
    const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'cancel' }];
    const c = await open({}, {}, () => answers.shift()!);
    for (let i = 0; i < 2; i++) {
      const result = await call(c, 'start_debugging', { program: 'program.js' });
      expect(result.isError).toBe(true);
      expect(c.text(result)).toMatch(/^The user declined to run `start_debugging` for this call\. Do not retry/);
    }
  });

  it('without elicitation, yes approves what asks but never a sensitive write (.vscode/tasks.json, .git/config) nor code that runs', async () => {
    const c = await open({ yes: true });
    const session = await c.root();
    for (const filePath of ['.vscode/tasks.json', '.git/config']) {
      const result = await call(c, 'create_file', { filePath, content: '[core]\n\tfsmonitor = evil\n' });
      expect(result.isError).toBe(true);
      expect(c.text(result)).toMatch(/^The user declined to run `create_file` for this call \(it can make code run or changes a sensitive file/);
      await expect(fs.stat(path.join(session.root, filePath))).rejects.toThrow();
    }
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
  });

  it('without elicitation and no policy, what asks is declined (no hang), and the next call works; allow approves the named tools', async () => {
    const c = await open();
    const declined = await call(c, 'start_debugging', { program: 'program.js' });
    expect(declined.isError).toBe(true);
    expect(c.text(declined)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
    expect((await call(c, 'read_file', { filePath: 'notes.txt' })).isError).toBe(false);

    const allowed = await open({ allow: ['start_debugging'] }, { git: true });
    expect(allowed.text(await call(allowed, 'start_debugging', { program: 'program.js' }))).toMatch(/^The program ended/);
    const commit = await call(allowed, 'git_commit', { message: 'x', all: true });
    expect(commit.isError).toBe(true);
    expect(allowed.text(commit)).toMatch(/^The user declined to run `git_commit` for this call \(it needs confirmation and none could be asked\)/);
  });
});

describe('code the model wrote (`yes` never runs it)', () => {
  it('yes without elicitation: create_file x.js is approved, start_debugging x.js is declined and nothing runs', async () => {
    const c = await open({ yes: true });
    const session = await c.root();
    const created = await call(c, 'create_file', { filePath: 'x.js', content: MARKER_PROGRAM });
    expect(created.isError).toBe(false);
    expect(await fs.readFile(path.join(session.root, 'x.js'), 'utf8')).toBe(MARKER_PROGRAM);

    const started = await call(c, 'start_debugging', { program: 'x.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
    expect(liveProcesses({ marker: session.root })).toEqual([]);
    expect(await markerExists(session.root)).toBe(false);
    // The session goes on.
    expect((await call(c, 'read_file', { filePath: 'x.js' })).isError).toBe(false);
  });

  it('yes + allow start_debugging: the program runs, but evaluate_expression and a conditional breakpoint are declined and run nothing', async () => {
    const c = await open({ yes: true, allow: ['start_debugging'] });
    const session = await c.root();
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 2 })).isError).toBe(false);
    expect(c.text(await call(c, 'start_debugging', { program: 'program.js' }))).toMatch(/^Stopped \(breakpoint bp-1\) in add/);

    const evaluated = await call(c, 'evaluate_expression', { expression: markerExpression(session.root) });
    expect(evaluated.isError).toBe(true);
    expect(c.text(evaluated)).toMatch(RUNS_CODE_DECLINED('evaluate_expression'));

    const conditional = await call(c, 'set_breakpoint', { path: 'program.js', line: 3, condition: `${markerExpression(session.root)} || false` });
    expect(conditional.isError).toBe(true);
    expect(c.text(conditional)).toMatch(RUNS_CODE_DECLINED('set_breakpoint'));
    expect(c.text(await call(c, 'list_breakpoints'))).not.toMatch(/marker/);

    // Run the program to its end through line 3: no condition was set, nothing wrote the marker.
    expect((await call(c, 'remove_breakpoint', { id: 'bp-1' })).isError).toBe(false);
    expect(c.text(await call(c, 'continue_execution'))).toMatch(/^The program ended with exit code 0/);
    expect(await markerExists(session.root)).toBe(false);

    // Approval that names the tool runs it (the program the model wrote, too).
    await fs.writeFile(path.join(session.root, 'x.js'), MARKER_PROGRAM);
    expect(c.text(await call(c, 'start_debugging', { program: 'x.js' }))).toMatch(/^The program ended with exit code 0/);
    expect(await markerExists(session.root)).toBe(true);
  });

  it('allow naming evaluate_expression and set_breakpoint runs an expression and a condition', async () => {
    const c = await open({ allow: ['start_debugging', 'evaluate_expression', 'set_breakpoint'] });
    const session = await c.root();
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 3, condition: 'a === 1' })).isError).toBe(false);
    expect(c.text(await call(c, 'start_debugging', { program: 'program.js' }))).toMatch(/^Stopped \(breakpoint bp-1\) in add/);
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*1/s);
    const evaluated = await call(c, 'evaluate_expression', { expression: markerExpression(session.root) });
    expect(c.text(evaluated)).not.toMatch(/declined/);
    expect(await markerExists(session.root)).toBe(true);
  });

  it("with elicitation, a person's yes runs it (on a yes server too), and a no runs nothing", async () => {
    const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'accept' }];
    const c = await open({ yes: true }, {}, () => answers.shift()!);
    const session = await c.root();
    expect((await call(c, 'create_file', { filePath: 'x.js', content: MARKER_PROGRAM })).isError).toBe(false);
    const declined = await call(c, 'start_debugging', { program: 'x.js' });
    expect(c.text(declined)).toMatch(/^The user declined to run `start_debugging` for this call\. /);
    expect(await markerExists(session.root)).toBe(false);

    const started = await call(c, 'start_debugging', { program: 'x.js' });
    expect(started.isError).toBe(false);
    expect(c.text(started)).toMatch(/^The program ended with exit code 0/);
    expect(await markerExists(session.root)).toBe(true);
    // Asked both times; the prompt shows the command that runs.
    expect(c.elicitations).toHaveLength(2);
    expect(c.elicitations[1].message).toMatch(/node "x\.js"/);
  });
});

describe('alwaysAsk', () => {
  it('keeps tools manual: neither yes nor allow approves them; without elicitation they are declined', async () => {
    const c = await open({ yes: true, allow: ['start_debugging', 'git_commit'], alwaysAsk: ['git_commit', 'start_debugging'] }, { git: true });
    const session = await c.root();
    await fs.appendFile(path.join(session.root, 'README.md'), 'one\n');
    const commit = await call(c, 'git_commit', { message: 'change one', all: true });
    expect(commit.isError).toBe(true);
    expect(c.text(commit)).toMatch(/^The user declined to run `git_commit` for this call \(it needs confirmation and none could be asked\)/);
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(/^The user declined to run `start_debugging` for this call/);
    expect(liveProcesses({ marker: session.root })).toEqual([]);
  });

  it('with elicitation a tool in alwaysAsk is asked every time, where yes alone approves it without asking', async () => {
    const asked = await open({ yes: true, alwaysAsk: ['git_commit'] }, { git: true }, () => ({ action: 'accept' }));
    const askedRoot = (await asked.root()).root;
    for (const change of ['one', 'two']) {
      // A change to a tracked file, for `git commit --all`.
      await fs.appendFile(path.join(askedRoot, 'README.md'), `${change}\n`);
      const commit = await call(asked, 'git_commit', { message: `change ${change}`, all: true });
      expect(asked.text(commit)).not.toMatch(/declined/);
      expect(commit.isError).toBe(false);
    }
    expect(asked.elicitations).toHaveLength(2);

    const plain = await open({ yes: true }, { git: true }, () => ({ action: 'decline' }));
    await fs.appendFile(path.join((await plain.root()).root, 'README.md'), 'one\n');
    const commit = await call(plain, 'git_commit', { message: 'change one', all: true });
    expect(plain.text(commit)).not.toMatch(/declined/);
    expect(commit.isError).toBe(false);
    expect(plain.elicitations).toHaveLength(0);
  });
});

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

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
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }, signal: controller.signal });
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

    const before = disposedSessions;
    const idA = a.transport.sessionId!;
    await a.transport.terminateSession();
    await waitUntil(() => disposedSessions === before + 1);
    const stale = await fetch(server.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'mcp-session-id': idA, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    expect(stale.status).toBe(404);
    await a.close();

    expect(b.text(await call(b, 'read_file', { filePath: 'notes.txt' }))).toContain('hello from notes');
    await server.close();
    started.length = 0;
    expect(disposedSessions).toBe(before + 2);
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
    expect(c.text(await call(c, 'create_file', { filePath: '.vscode/tasks.json', content: '{}\n' }))).toMatch(/^Created \.vscode\/tasks\.json/);
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
    const before = disposedSessions;
    // The client goes away without DELETE (its stream closes): the session idles out.
    await c.close();
    await waitUntil(() => disposedSessions === before + 1, 10_000);
    expect(await survivors({ marker: root })).toEqual([]);
    expect((await rawPost(server.url, { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }, id)).status).toBe(404);
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
    let before = disposedSessions;
    const c = await rawSession(server.url);
    await waitUntil(() => disposedSessions === before + 1);
    expect(await rawList(server.url, b)).toBe(404);
    expect(await rawList(server.url, a)).toBe(200);
    expect(await rawList(server.url, c)).toBe(200);

    // An open stream (the standalone GET stream) makes a session busy: both busy, so a third is refused.
    const streams = await Promise.all([a, c].map((id) => rawStream(server.url, id)));
    const refused = await rawPost(server.url, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many sessions \(2\), all of them busy/);
    expect(options.sessions).toHaveLength(3);

    // a's stream closes: a is idle again and is the one evicted.
    streams[0].abort();
    before = disposedSessions;
    await waitUntil(async () => (await rawPost(server.url, INITIALIZE).then(async (r) => (await r.text(), r.status))) === 200);
    await waitUntil(() => disposedSessions === before + 1);
    expect(await rawList(server.url, a)).toBe(404);
    expect(await rawList(server.url, c)).toBe(200);
    streams[1].abort();
  });

  it('refuses a foreign Origin or Host (403) and a missing or wrong bearer token (401)', async () => {
    const options = serverOptions();
    const server = await serveHttp({ ...options, port: 0, token: 'secret-token', allowedOrigins: ['https://trusted.example'] });
    started.push(server);
    const port = new URL(server.url).port;
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const post = (headers: Record<string, string>) =>
      fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body: init });

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
      const req = http.request(server.url, { method: 'POST', headers: { Host: `evil.example.com:${port}`, 'Content-Type': 'application/json', Authorization: 'Bearer secret-token' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
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
