// `toolpacks mcp` answers the client's opening (initialize, server/discover) before the MCP SDK loads (issue 32 item 5: the SDK's
// schemas take longer to load than a client such as Codex waits): in a real process, from the
// sources, a hook on Node's module loader sees the SDK load only after the answer is on stdout; the
// session then goes on (tools/list), and the answer is the one the SDK gives (one answer, not two).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BUILT_IN_PACK_NAMES } from './commands/mcp';
import { builtInPacks } from './packs';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

/** Says on stderr whether the SDK's first module loaded before or after the first write to stdout. */
const HOOK = `
const Module = require('node:module');
let answered = false;
let told = false;
const write = process.stdout.write;
process.stdout.write = function (...args) { answered = true; return write.apply(this, args); };
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!told && /@modelcontextprotocol[\\\\/]server/.test(request)) {
    told = true;
    process.stderr.write('SDK loaded ' + (answered ? 'after' : 'before') + ' the first answer\\n');
  }
  return load.call(this, request, ...rest);
};
`;

let dir: string;
beforeEach(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-opening-')));
  await fs.mkdir(path.join(dir, 'ws'));
  await fs.writeFile(path.join(dir, 'ws/README.md'), 'hello\n');
  await fs.writeFile(path.join(dir, 'hook.js'), HOOK);
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

it('names the built-in packs as they name themselves, without loading them', () => {
  expect(BUILT_IN_PACK_NAMES).toEqual(builtInPacks.map((pack) => pack.displayName));
});

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'opening-spec', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
/** Each era's opening request and what follows it. */
const ERAS = {
  '2025-11-25': {
    opening: {
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'opening-spec', version: '1' } },
    },
    then: [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    ],
  },
  '2026-07-28': {
    opening: { method: 'server/discover', params: { _meta: META } },
    then: [{ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }],
  },
};

it.each(Object.keys(ERAS) as (keyof typeof ERAS)[])(
  '%s: answers the opening before the SDK loads, then lists the tools; one answer per request',
  async (era) => {
    const child = spawn(process.execPath, ['--require', path.join(dir, 'hook.js'), BIN, 'mcp', '--root', 'ws'], {
      cwd: dir,
      env: { ...process.env, TOOLPACKS_FROM_SOURCE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const answers: { id?: number; result?: { tools?: { name: string }[] } }[] = [];
    let buffer = '';
    const listed = new Promise<void>((resolve, reject) => {
      child.on('close', () => reject(new Error(`exited before tools/list was answered: ${stderr}`)));
      child.stdout.on('data', (chunk) => {
        buffer += String(chunk);
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const answer = JSON.parse(buffer.slice(0, end)) as (typeof answers)[number];
          buffer = buffer.slice(end + 1);
          answers.push(answer);
          if (answer.id === 1) for (const message of ERAS[era].then) child.stdin.write(`${JSON.stringify(message)}\n`);
          if (answer.id === 2) resolve();
        }
      });
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, ...ERAS[era].opening })}\n`);
    const closed = new Promise((resolve) => child.on('close', resolve));
    try {
      await listed;
    } finally {
      child.stdin.end();
      await closed;
    }
    expect(stderr).toContain('SDK loaded after the first answer');
    expect(stderr).not.toMatch(/differs from the SDK's answer/);
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[0].result).toHaveProperty('capabilities', { tools: { listChanged: true } });
    expect(answers[1].result?.tools?.map((t) => t.name)).toContain('read_file');
  },
);

it('a probe (server/discover, then the end of stdin, as the SDK’s stdio client probes on a sibling) is answered and the process exits 0 without loading the SDK', async () => {
  const child = spawn(process.execPath, ['--require', path.join(dir, 'hook.js'), BIN, 'mcp', '--root', 'ws'], {
    cwd: dir,
    env: { ...process.env, TOOLPACKS_FROM_SOURCE: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
    if (stdout.includes('\n')) child.stdin.end();
  });
  const code = new Promise((resolve) => child.on('close', resolve));
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, ...ERAS['2026-07-28'].opening })}\n`);
  expect(await code).toBe(0);
  expect(JSON.parse(stdout)).toMatchObject({ id: 1, result: { supportedVersions: ['2026-07-28'] } });
  expect(stderr).not.toContain('SDK loaded');
});
