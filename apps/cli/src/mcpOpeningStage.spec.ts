// `toolpacks mcp`'s first stage (mcpOpeningStage.ts), through the bin in real processes: the opening
// it answers before the CLI bundle is read is, byte for byte, what the server answers without it (the
// sources, TOOLPACKS_FROM_SOURCE=1, which run no stage) and what the SDK's own Server answers (hello.ts
// compares the two and says so on stderr), for each era and several clients, families and flags; the
// SDK client's discover probe (stdin ended after the opening) exits 0 without reading the CLI bundle;
// an opening the stage cannot answer is left to the server.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(300_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

/** Says on stderr when the bin reads a CLI bundle (the stage's own bundle is named opening-…). */
const HOOK = `
const fs = require('node:fs');
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (typeof file === 'string' && /[\\\\/](mcp|cli)-[0-9a-f]+\\.js$/.test(file)) process.stderr.write('read the CLI bundle\\n');
  return readFileSync.call(this, file, ...rest);
};
`;

let dir: string;
let root: string;
beforeAll(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-opening-stage-')));
  root = path.join(dir, 'ws');
  await fs.mkdir(root);
  await fs.writeFile(path.join(root, 'README.md'), 'hello\n');
  await fs.writeFile(path.join(dir, 'hook.js'), HOOK);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

interface Run {
  readonly status: number | null;
  readonly lines: Array<{ id?: unknown; result?: unknown; error?: unknown }>;
  readonly stderr: string;
}

/**
 * One `toolpacks mcp` process: `opening` written at once, `then` written once the opening is answered,
 * stdin ended after them (a probe when `then` is empty); its stdout as JSON lines, stderr and exit status.
 */
function serve(args: readonly string[], opening: object, then: readonly object[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--require', path.join(dir, 'hook.js'), BIN, 'mcp', '--root', root, ...args],
      {
        cwd: root,
        env: { ...process.env, TOOLPACKS_FROM_SOURCE: '', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    const lines: Run['lines'] = [];
    const expected = 1 + then.filter((message) => 'id' in message).length;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      let end;
      while ((end = stdout.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(stdout.slice(0, end)));
        stdout = stdout.slice(end + 1);
        if (lines.length === 1) for (const message of then) child.stdin.write(`${JSON.stringify(message)}\n`);
        if (lines.length === expected) child.stdin.end();
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, lines, stderr }));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', () => clearTimeout(timer));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, ...opening })}\n`);
    if (then.length === 0) child.stdin.end();
  });
}

const legacy = (client: string, capabilities: object = {}) => ({
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: client, version: '1' } },
});
const meta = (client: string, capabilities: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: client, version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});
const modern = (client: string, capabilities: object = {}) => ({
  method: 'server/discover',
  params: { _meta: meta(client, capabilities) },
});
/** What follows the opening in each era, up to a tools/list (answered by the SDK after the stage handed over). */
const follow = (opening: { method: string; params: object }) =>
  opening.method === 'initialize'
    ? [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      ]
    : [
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/list',
          params: { _meta: (opening.params as { _meta: object })._meta },
        },
      ];

const CASES: Array<{ name: string; args: string[]; opening: { method: string; params: object } }> = [
  {
    name: '2025, Claude Code with elicitation',
    args: [],
    opening: legacy('claude-code', { elicitation: { form: {} } }),
  },
  { name: '2025, Codex, --family claude', args: ['--family', 'claude'], opening: legacy('codex-mcp-client') },
  { name: '2026, Gemini CLI, --serve-all', args: ['--serve-all'], opening: modern('gemini-cli-mcp-client') },
  {
    name: '2026, Claude Code with elicitation, --no-default-packs',
    args: ['--no-default-packs'],
    opening: modern('claude-code', { elicitation: { form: {} } }),
  },
  { name: '2026, a client toolpacks does not know, --model', args: ['--model', 'gpt-5'], opening: modern('other') },
];

describe.each(CASES)('$name', ({ args, opening }) => {
  it('the probe is answered as the server answers it, and exits 0 (2026: without reading the CLI bundle)', async () => {
    const staged = await serve(args, opening, []);
    // The SDK client's probe is 2026's discover; a 2025 initialize is followed by more (the server loads at once).
    if (opening.method === 'server/discover') expect(staged.stderr).not.toContain('read the CLI bundle');
    expect(staged.status).toBe(0);
    const fromSource = await serve(args, opening, [], { TOOLPACKS_FROM_SOURCE: '1' });
    expect(fromSource.status).toBe(0);
    expect(staged.lines).toHaveLength(1);
    expect(staged.lines).toEqual(fromSource.lines);
  });

  it('a session goes on after the staged answer: one answer to the opening, the SDK agrees with it', async () => {
    const probe = await serve(args, opening, []);
    const session = await serve(args, opening, follow(opening));
    expect(session.stderr).toContain('read the CLI bundle');
    expect(session.stderr).not.toContain('differs');
    expect(session.status).toBe(0);
    expect(session.lines.map((line) => line.id)).toEqual([1, 2]);
    expect(session.lines[0]).toEqual(probe.lines[0]);
    const tools = (session.lines[1].result as { tools: unknown[] }).tools;
    expect(tools.length > 0).toBe(!args.includes('--no-default-packs'));
  });
});

it('an opening the stage cannot answer exactly is left to the server: packs from a spec, a bad flag', async () => {
  const withPack = await serve(['--pack', path.join(dir, 'missing-pack.js')], legacy('claude-code'), []);
  expect(withPack.stderr).toContain('read the CLI bundle');
  const usage = await serve(['--no-such-flag'], legacy('claude-code'), []);
  expect(usage.stderr).toContain('read the CLI bundle');
  expect(usage.status).toBe(2);
  expect(usage.lines).toEqual([]);
});

it('the stage is a bundle of the opening’s own modules, checked and rebuilt alone when one of them changes', async () => {
  const cache = path.join(dir, 'cache');
  const env = { TOOLPACKS_CACHE_DIR: cache };
  const probe = await serve([], modern('claude-code'), [], env);
  expect(probe.status).toBe(0);
  const manifestFile = path.join(cache, 'manifest-opening.json');
  type Manifest = { bundle: string; inputs: Array<[string, number | null, number | null]> };
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
  const inputs = manifest.inputs.map(([file]) => file);
  expect(inputs).toEqual(
    expect.arrayContaining([
      'apps/cli/src/mcpOpeningStage.ts',
      'apps/cli/src/args.ts',
      'apps/cli/src/config.ts',
      'libs/mcp-server/src/openingAnswer.ts',
      'libs/mcp-server/src/instructions.ts',
    ]),
  );
  // Not the registry's index, the host, the packs or the server: those are the CLI bundle's.
  expect(
    inputs.filter((file) => /^libs\/(registry\/src\/index|host-node|packs)|mcp-server\/src\/stdio/.test(file)),
  ).toEqual([]);
  // The probe never looked at the CLI bundle: it was not even built.
  expect(await fs.readdir(cache)).not.toContain('manifest-mcp.json');

  // A source of the stage that differs from the one it was built from (its recorded size): rebuilt.
  const opening = 'libs/mcp-server/src/openingAnswer.ts';
  const stale: Manifest = {
    ...manifest,
    inputs: manifest.inputs.map(([file, mtime, size]) => [file, mtime, file === opening ? (size ?? 0) + 1 : size]),
  };
  await fs.writeFile(manifestFile, JSON.stringify(stale));
  const again = await serve([], modern('claude-code'), [], env);
  expect(again.lines).toEqual(probe.lines);
  const rebuilt = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
  expect(rebuilt.inputs.find(([file]) => file === opening)).toEqual(manifest.inputs.find(([file]) => file === opening));
});
