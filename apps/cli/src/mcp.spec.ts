// `toolpacks mcp`: the sessions the CLI hands the server library (one NodeHost + registry + packs
// each, context changes announced, dispose ending the debuggee), and end to end over stdio driven
// by the MCP SDK's Client once @toolpacks/mcp-server exists.
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { killLiveProcesses, SAMPLE_PROGRAM, survivors } from '@toolpacks/node-services/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describeCliSession, type McpServerOptions } from './commands/mcp';
import { main } from './main';

jest.setTimeout(60_000);

const served: { options?: McpServerOptions; close: jest.Mock; end?: () => void } = {
  close: jest.fn(async () => undefined),
};
jest.mock(
  '@toolpacks/mcp-server',
  () => ({
    serveStdio: async (options: McpServerOptions) => {
      served.options = options;
      return { closed: new Promise<void>((resolve) => (served.end = resolve)), close: served.close };
    },
    serveHttp: async () => ({ url: 'http://127.0.0.1:1/mcp', close: async () => undefined }),
  }),
  { virtual: true },
);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const SERVER_LIBRARY = path.resolve(__dirname, '../../../libs/mcp-server/src/index.ts');

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-mcp-')));
  await fs.writeFile(path.join(root, 'program.js'), SAMPLE_PROGRAM);
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(async () => {
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

describe('toolpacks mcp: the sessions it serves', () => {
  it('describes a session before it starts only when its packs are known by name (the built-in ones)', () => {
    const model = { id: 'm', vendor: 'v', family: 'f', version: '1' };
    const options = { root, packs: [], defaultPacks: true, request: { model } };
    expect(describeCliSession(options)).toEqual({ model, root, packs: ['Editor', 'Search', 'Git', 'Debug'] });
    expect(describeCliSession({ ...options, defaultPacks: false })?.packs).toEqual([]);
    // A pack imported from a spec is known by name only once loaded: the started session says it.
    const spec = { spec: './my-pack', base: root, searchPaths: [root], from: 'the command line' };
    expect(describeCliSession({ ...options, packs: [spec] })).toBeUndefined();
  });

  it('gives each session its own host and registry with the options’ request, announces context changes, and ends its debuggee on dispose', async () => {
    const stdout = new PassThrough();
    let protocol = '';
    stdout.on('data', (chunk) => (protocol += chunk));
    const err: string[] = [];
    const running = main(
      [
        'mcp',
        '--root',
        root,
        '--yes',
        '--allow',
        'git_commit',
        '--family',
        'gpt-5',
        '--context',
        'custom=1',
        '--threshold',
        '40',
      ],
      {
        out: () => {
          throw new Error('nothing may be written to stdout but protocol');
        },
        err: (t) => err.push(t),
        stdin: new PassThrough(),
        stdout,
      },
    );
    for (let i = 0; i < 100 && !served.options; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const options = served.options!;
    expect(options.approvals).toEqual({ yes: true, allow: ['git_commit'], alwaysAsk: [] });
    expect(options.name).toBe('toolpacks');

    const session = await options.createSession();
    // What the instructions are built from before the session starts is what the started session says.
    expect(await options.describeSession?.()).toEqual({
      model: session.request().model,
      root: session.root,
      packs: session.registry.packs.map((pack) => pack.displayName),
    });
    const other = await options.createSession();
    expect(other.registry).not.toBe(session.registry);
    await other.dispose();
    expect(session.registry.packs.map((p) => p.id)).toEqual(['editor', 'search', 'git', 'debug']);
    const request = session.request();
    expect(request).toMatchObject({
      model: { id: 'gpt-5', family: 'gpt-5' },
      virtualTools: { threshold: 40 },
      context: { custom: 1, debugState: 'inactive' },
    });

    let changes = 0;
    const subscription = session.onDidChangeContext(() => changes++);
    const resolved = session.registry.resolve(request);
    await session.registry.invoke(resolved, {
      callId: '1',
      name: 'set_breakpoint',
      input: { path: 'program.js', line: 2 },
    });
    const started = await session.registry.invoke(
      resolved,
      { callId: '2', name: 'start_debugging', input: { program: 'program.js' } },
      { autoApprove: { start_debugging: true } },
    );
    expect(started.status).toBe('ok');
    expect(changes).toBeGreaterThan(0);
    expect(session.request().context).toMatchObject({ debugState: 'stopped' });
    subscription.dispose();

    await session.dispose();
    expect(await survivors({ marker: path.join(root, 'program.js') })).toEqual([]);
    served.end!(); // stdin ended
    expect(await running).toBe(0);
    expect(served.close).toHaveBeenCalled();
    expect(protocol).toBe('');
    expect(err).toEqual([]);
  });

  it('refuses --http on another host without a token, --token without --http, and a root that is not a folder', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (t: string) => err.push(t) };
    expect(await main(['mcp', '--http', '0.0.0.0:8080', '--root', root], io)).toBe(2);
    expect(err.join('\n')).toContain('a host other than loopback needs a token');
    expect(await main(['mcp', '--token', 'x', '--root', root], io)).toBe(2);
    expect(await main(['resolve', '--http', '8080', '--root', root], io)).toBe(2);
    expect(await main(['mcp', '--root', path.join(root, 'missing')], io)).toBe(2);
    expect(err.join('\n')).toContain(`Workspace root '${path.join(root, 'missing')}' is not a folder.`);
    expect(err.join('\n')).toContain("--http is an option of 'toolpacks mcp'");
  });
});

// The server library is written beside this command; until it exists, the end-to-end specs wait.
const realLibrary = existsSync(SERVER_LIBRARY);

async function connect(...args: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', root, ...args],
    stderr: 'pipe',
    env: process.env as Record<string, string>,
  });
  // A server that refuses to start makes connect() fail: its stderr says why.
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
  const client = new Client({ name: 'cli-spec', version: '1.0.0' });
  const errors: unknown[] = [];
  client.onerror = (error: unknown) => errors.push(error); // e.g. a line on stdout that is not protocol
  await client.connect(transport);
  return { client, transport, stderr, errors };
}

/** The text of a tools/call result's first content part. */
const firstText = (result: unknown) => (result as { content: { text?: string }[] }).content[0].text;

const exitOf = (pid: number) =>
  new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      try {
        process.kill(pid, 0);
      } catch {
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });

(realLibrary ? describe : describe.skip)('toolpacks mcp over stdio (SDK client, real process)', () => {
  it('lists the tools and calls one; nothing but protocol on stdout; closing stdin ends the server', async () => {
    // A pack that logs, at import and when called: its output must go to stderr, never into the protocol.
    await fs.writeFile(
      path.join(root, 'noisy.js'),
      `console.log('noisy pack loading');
module.exports = { id: 'noisy', displayName: 'Noisy', tools: [{ definition: { name: 'make_noise', displayName: 'Noise', modelDescription: 'Logs.', inputSchema: { type: 'object' } },
  implementation: { invoke: () => { console.log('noise'); console.info('more noise'); return { content: [{ value: 'quiet result' }] }; } } }] };\n`,
    );
    const { client, transport, stderr, errors } = await connect('--pack', path.join(root, 'noisy.js'));
    const { tools } = await client.listTools();
    const names = tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'grep_search', 'start_debugging', 'make_noise']));
    expect(firstText(await client.callTool({ name: 'make_noise', arguments: {} }))).toBe('quiet result');
    const result = await client.callTool({ name: 'grep_search', arguments: { query: 'ToolRegistry' } });
    expect(result.isError ?? false).toBe(false);
    expect(firstText(result)).toContain('a.ts:1: export class ToolRegistry {}');
    const pid = transport.pid as number;
    await client.close();
    await exitOf(pid);
    expect(errors).toEqual([]);
    expect(stderr.join('')).toContain('noisy pack loading');
    expect(stderr.join('')).toContain('more noise');
    expect(stderr.join('')).not.toMatch(/\n\s+at /);
  });

  it('--yes does not run code the model wrote: start_debugging is declined unless --allow names it; a repository’s alwaysAsk never stops the server', async () => {
    // A cloned repository's config file (untrusted) keeps a tool manual: honoured, and --yes still starts.
    await fs.writeFile(
      path.join(root, 'toolpacks.config.json'),
      JSON.stringify({ approvals: { alwaysAsk: ['read_file'] } }),
    );
    const { client, transport, stderr } = await connect('--yes');
    const declined = await client.callTool({ name: 'start_debugging', arguments: { program: 'program.js' } });
    expect(declined.isError).toBe(true);
    expect(firstText(declined)).toMatch(/declined to run `start_debugging`.*runs code/);
    expect(await survivors({ marker: path.join(root, 'program.js') })).toEqual([]);
    expect(firstText(await client.callTool({ name: 'read_file', arguments: { filePath: 'a.ts' } }))).toContain(
      'ToolRegistry',
    );
    const pid = transport.pid as number;
    await client.close();
    await exitOf(pid);
    expect(stderr.join('')).not.toMatch(/cannot keep tools manual/);
  });

  it('SIGTERM closes the session, ends its debuggee and exits 0', async () => {
    // --allow names start_debugging: it runs code, which --yes alone does not cover.
    const { client, transport } = await connect('--allow', 'start_debugging');
    await client.callTool({ name: 'set_breakpoint', arguments: { path: 'program.js', line: 2 } });
    const started = await client.callTool({ name: 'start_debugging', arguments: { program: 'program.js' } });
    expect(firstText(started)).toMatch(/^Stopped \(breakpoint bp-1\)/);
    const pid = transport.pid as number;
    // The transport owns the child process (a private field): its exit code is what the spec is about.
    const exit = new Promise<number | null>((resolve) =>
      (transport as unknown as { _process: NodeJS.EventEmitter })._process.once('exit', (code: number | null) =>
        resolve(code),
      ),
    );
    process.kill(pid, 'SIGTERM');
    expect(await exit).toBe(0);
    expect(await survivors({ marker: root })).toEqual([]);
    await client.close().catch(() => undefined);
  });
});

(realLibrary ? describe : describe.skip)('toolpacks mcp --http (SDK client, real process)', () => {
  it('serves on loopback with the token from TOOLPACKS_MCP_TOKEN (401 without it); SIGINT exits 0', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', '--root', root], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLPACKS_MCP_TOKEN: 'sekret' },
    });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
        const match = /serving (http:\/\/127\.0\.0\.1:\d+\/\S*) \(bearer token required\)/.exec(stderr);
        if (match) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const client = new Client({ name: 'cli-spec', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: 'Bearer sekret' } } }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t: { name: string }) => t.name)).toContain('grep_search');
    await client.close();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });

  it('without a token makes one for the run, prints it on stderr with the URL and header, and requires it', async () => {
    const env = { ...process.env };
    delete env.TOOLPACKS_MCP_TOKEN;
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', '--root', root], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
        const match = /URL: (http:\/\/127\.0\.0\.1:\d+\/\S*)\n\s*Authorization: Bearer (\S+)\n/.exec(stderr);
        if (match) resolve([match[1], match[2]]);
      });
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    expect(stderr).toContain('(bearer token required)');
    expect(stderr).toContain('TOOLPACKS_MCP_TOKEN');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes, base64url
    const initialize = (authorization?: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'cli-spec', version: '1.0.0' },
          },
        }),
      });
    expect((await initialize()).status).toBe(401);
    expect((await initialize('Bearer not-the-token')).status).toBe(401);
    const authorized = await initialize(`Bearer ${token}`);
    expect(authorized.status).toBe(200);
    await authorized.body?.cancel();
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
