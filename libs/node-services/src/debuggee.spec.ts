// Issue 19, finding 7 and the debuggee's memory bound, with real debuggees.
// - The inspector listens on 127.0.0.1 without authentication; its WebSocket path (a random
//   UUID) is the only secret. Another local process can find the port (/proc/net/tcp names it),
//   so the spec finds it that way too and attacks from a separate process that knows nothing else.
// - A debuggee runs under a bound on its private memory: past it, allocation fails.
import { execFile } from 'node:child_process';
import { promises as fs, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Debuggee } from './debuggee';
import { SAMPLE_PROGRAM } from './testing/debugFixtures';
import { NodeDebugService, type NodeDebugOptions } from './nodeDebugService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { killLiveProcesses, liveProcesses } from './testing/processCensus';

jest.setTimeout(60_000);

let root: string;
let debug: NodeDebugService;

async function service(options: NodeDebugOptions = {}): Promise<NodeDebugService> {
  debug = new NodeDebugService(new NodeWorkspaceFileSystem(root), options);
  return debug;
}

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-debuggee-')));
  await fs.writeFile(path.join(root, 'program.js'), SAMPLE_PROGRAM);
});

afterEach(async () => {
  debug?.dispose();
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

/** The debuggee's pid, found as any local process could: by its command line. */
function debuggeePid(): number {
  const found = liveProcesses({ marker: path.join(root, 'program.js') }).filter(
    (p) => !p.commandLine.startsWith('/bin/sh'),
  );
  expect(found).toHaveLength(1);
  return found[0].pid;
}

/** The TCP ports `pid` listens on, from /proc: what an attacker on the machine can always learn. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })();
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match) inodes.add(match[1]);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; field 9 is the socket's inode.
      if (fields.length > 9 && fields[3] === '0A' && inodes.has(fields[9]))
        ports.push(parseInt(fields[1].split(':')[1], 16));
    }
  }
  return ports;
}

// Another process that knows the port only: it asks every discovery endpoint for a target, tries
// every WebSocket URL it learns or can guess, and on a connection runs code in the debuggee.
const ATTACKER = `
const http = require('node:http');
const crypto = require('node:crypto');
const WebSocket = require(process.argv[2]);
const port = process.argv[1];
const told = process.argv.slice(3);
const get = (p) => new Promise((resolve) => {
  http.get({ host: '127.0.0.1', port, path: p }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => resolve({ path: p, status: res.statusCode, body }));
  }).on('error', (e) => resolve({ path: p, error: e.message, body: '' }));
});
const attach = (url) => new Promise((resolve) => {
  const socket = new WebSocket(url);
  socket.on('open', () => {
    socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: '6 * 7', returnByValue: true } }));
    socket.on('message', (m) => { resolve({ url, attached: true, answer: String(m) }); socket.terminate(); });
  });
  socket.on('unexpected-response', (_req, res) => { resolve({ url, attached: false, status: res.statusCode }); socket.terminate(); });
  socket.on('error', (e) => resolve({ url, attached: false, error: e.message }));
});
(async () => {
  const answers = [];
  for (const p of ['/json', '/json/list', '/json/version', '/json/protocol', '/']) answers.push(await get(p));
  const learned = answers.flatMap((a) => a.body.match(/ws:\\/\\/[^"\\s]+/g) || []);
  const base = 'ws://127.0.0.1:' + port;
  const urls = [...new Set([...told, ...learned, base, base + '/', base + '/' + crypto.randomUUID(), base + '/json', base + '/ws'])];
  const attempts = [];
  for (const url of urls) attempts.push(await attach(url));
  console.log(JSON.stringify({ answers, learned, attempts }));
})();
`;

/** Runs the attacker in its own process; `told` are addresses it is given (the control case). */
async function attack(port: number, told: string[] = []) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '-e',
    ATTACKER,
    String(port),
    require.resolve('ws'),
    ...told,
  ]);
  return JSON.parse(stdout) as {
    answers: { path: string; status?: number; body: string }[];
    learned: string[];
    attempts: { url: string; attached: boolean; status?: number; answer?: string }[];
  };
}

describe('the debuggee’s inspector: a secret only the host knows', () => {
  it('publishes no target on /json: another process finds the port but cannot attach, while the host’s session works', async () => {
    await service();
    await debug.setBreakpoint({ path: 'program.js', line: 2 });
    expect(await debug.start({ program: 'program.js' })).toMatchObject({ state: 'stopped', frame: { line: 2 } });
    const [port] = listeningPorts(debuggeePid());
    expect(port).toBeGreaterThan(0);

    const seen = await attack(port);
    expect(seen.learned).toEqual([]);
    for (const answer of seen.answers) expect(answer.body).not.toMatch(/webSocketDebuggerUrl|ws:\/\//);
    expect(seen.attempts.length).toBeGreaterThanOrEqual(5);
    for (const attempt of seen.attempts) expect(attempt).toMatchObject({ attached: false });

    // The host's own client is untouched: still stopped, still answering.
    expect(await debug.evaluate('a + b', 0)).toBe('1');
    expect((await debug.continue()).frame?.line).toBe(2);
  });

  it('is the only thing between another process and the program: told the address, the same attacker runs code', async () => {
    const debuggee = new Debuggee({
      node: process.execPath,
      program: path.join(root, 'program.js'),
      args: [],
      cwd: root,
      onOutput: () => undefined,
    });
    try {
      const secret = await debuggee.inspectorUrl;
      const port = Number(new URL(secret).port);
      expect(listeningPorts(debuggee.pid!)).toEqual([port]);
      const blind = await attack(port);
      expect(blind.attempts.filter((a) => a.attached)).toEqual([]);
      // The control: the attack itself works, so what stops it above is not knowing the address.
      const told = await attack(port, [secret]);
      expect(told.attempts.find((a) => a.url === secret)).toMatchObject({
        attached: true,
        answer: expect.stringContaining('"value":42'),
      });
    } finally {
      debuggee.kill('stopped');
      await debuggee.exited;
    }
  });

  it('keeps the inspector’s notices, and so the address, out of what the program’s output shows', async () => {
    await service();
    const end = await debug.start({ program: 'program.js' });
    expect(end).toMatchObject({ state: 'inactive', exitCode: 0 });
    expect(end.output).toContain('total 6');
    expect(end.output).not.toMatch(/ws:\/\/|Debugger/);
  });
});

// Allocates up to 384 MiB in 16 MiB buffers that are never written, so even unbounded it costs
// almost no real memory; RLIMIT_DATA counts the mappings, not the pages touched.
const ALLOCATING = `const chunks = [];
try {
  for (let i = 0; i < 24; i++) chunks.push(Buffer.allocUnsafeSlow(16 * 1024 * 1024));
  console.log('allocated ' + chunks.length * 16 + ' MiB');
} catch (error) {
  console.log('failed after ' + chunks.length * 16 + ' MiB: ' + error.message);
}
`;

describe('the debuggee’s memory bound', () => {
  it('makes allocation past the bound fail instead of growing', async () => {
    await fs.writeFile(path.join(root, 'allocate.js'), ALLOCATING);
    await service({ memoryLimitBytes: 256 * 1024 ** 2 });
    const end = await debug.start({ program: 'allocate.js' });
    expect(end).toMatchObject({ state: 'inactive', exitCode: 0 });
    const failed = /failed after (\d+) MiB: Array buffer allocation failed/.exec(end.output);
    expect(failed).not.toBeNull();
    expect(Number(failed![1])).toBeLessThan(256);
  });

  it('bounds every debuggee by default (4 GiB of data), in the same process the debugger attached to', async () => {
    await service();
    await debug.setBreakpoint({ path: 'program.js', line: 2 });
    await debug.start({ program: 'program.js' });
    const pid = debuggeePid();
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(new RegExp(`^Max data size\\s+${4 * 1024 ** 3}\\s+${4 * 1024 ** 3}\\s+bytes`, 'm'));
    // The shell that set the bound replaced itself with node: the pid the program sees is the one found here.
    expect(await debug.evaluate('process.pid', 0)).toBe(String(pid));
  });
});
