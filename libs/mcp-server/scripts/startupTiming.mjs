// Spawn → the opening answered and spawn → first `tools/list` answered for `toolpacks mcp` over real
// stdio, median of N runs in a git repository, alternating with a minimal SDK v2 server with one tool
// (the same run's baseline: this machine's load moves both), in each era: 2025 (initialize, then
// initialized and tools/list) and 2026-07-28 (server/discover, then tools/list, each with the `_meta`
// envelope, on one process: the in-place probe). Usage:
//   node libs/mcp-server/scripts/startupTiming.mjs [runs=9] [folder=a temporary git repository]
// The messages are written at spawn (as a client that does not wait does); times are from spawn. The
// load average is printed beside the figures.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin =
  process.env.TOOLPACKS_BIN ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/cli/bin/toolpacks.js');
const runs = Number(process.argv[2] ?? 9);
let folder = process.argv[3];
if (!folder) {
  folder = mkdtempSync(path.join(tmpdir(), 'startup-'));
  writeFileSync(path.join(folder, 'README.md'), 'hello\n');
  execFileSync('git', ['init', '-q'], { cwd: folder });
}
const minimal = path.join(mkdtempSync(path.join(tmpdir(), 'startup-minimal-')), 'minimal.cjs');
const sdk = path.resolve(path.dirname(bin), '../../../node_modules/@modelcontextprotocol/server');
writeFileSync(
  minimal,
  `const { Server } = require(${JSON.stringify(sdk)});
const { serveStdio } = require(${JSON.stringify(path.join(sdk, 'dist/stdio.cjs'))});
serveStdio(() => {
  const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }));
  return server;
});
`,
);
const line = (message) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'timing', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
/** Each era's opening, and what the client sends once it is answered. */
const ERAS = {
  '2025-11-25': {
    opening: {
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'timing', version: '1' } },
    },
    then: [{ method: 'notifications/initialized' }, { id: 2, method: 'tools/list', params: {} }],
  },
  '2026-07-28': {
    opening: { method: 'server/discover', params: { _meta: META } },
    then: [{ id: 2, method: 'tools/list', params: { _meta: META } }],
  },
};

function once(args, era) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], cwd: folder });
    const times = {};
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id === 1) {
          times.initialize = performance.now() - start;
          for (const next of ERAS[era].then) child.stdin.write(line(next));
        }
        if (message.id === 2) {
          times.list = performance.now() - start;
          if (!message.result?.tools?.length) reject(new Error(`no tools: ${JSON.stringify(message)}`));
          child.stdin.end();
        }
      }
    });
    child.on('exit', () => resolve(times));
    child.on('error', reject);
    child.stdin.write(line({ id: 1, ...ERAS[era].opening }));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figure = (all, key) => median(all.map((t) => t[key])).toFixed(0);
const ours = [bin, 'mcp', '--root', folder];
for (const era of Object.keys(ERAS)) {
  await once(ours, era); // the bundle and its code cache, built if stale
  const runsOf = { ours: [], minimal: [] };
  for (let i = 0; i < runs; i++) {
    runsOf.ours.push(await once(ours, era));
    runsOf.minimal.push(await once([minimal], era));
  }
  console.log(
    `${era}: spawn → opening answered: ${figure(runsOf.ours, 'initialize')} ms (minimal server ${figure(runsOf.minimal, 'initialize')} ms); ` +
      `spawn → first tools/list: ${figure(runsOf.ours, 'list')} ms (minimal ${figure(runsOf.minimal, 'list')} ms); median of ${runs}, alternating; ` +
      `load average ${loadavg()[0].toFixed(2)}`,
  );
}
