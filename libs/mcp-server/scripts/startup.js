#!/usr/bin/env node
// Startup to a ready tools/list over stdio, in each protocol era: our server (the four packs, a
// NodeHost over a folder) run from the TypeScript sources (scripts/stdio-entry.js, esbuild-register,
// as `npm start` runs the CLI) and bundled with esbuild (as the CLI ships), against a minimal SDK v2
// server with one tool, in the same run, alternating. The SDK v2 client opens with initialize
// (2025-11-25) or, pinned, with server/discover (2026-07-28: its probe runs in place, on the same
// process). Prints the median and range of each (ms, from spawn to the tools/list answer, the
// opening included) and of one tools/call round trip.   node libs/mcp-server/scripts/startup.js [RUNS]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('@modelcontextprotocol/client');
const { StdioClientTransport } = require('@modelcontextprotocol/client/stdio');

/** A subclass probes in place (the SDK's own stdio transport would spawn a sibling to probe). */
class InPlaceStdioTransport extends StdioClientTransport {}

const runs = Number(process.argv[2] ?? 7);
const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-mcp-startup-')));
fs.writeFileSync(path.join(folder, 'README.md'), '# startup\n');

const MINIMAL = `
const { Server } = require('@modelcontextprotocol/server');
const { serveStdio } = require('@modelcontextprotocol/server/stdio');
serveStdio(() => {
  const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] }));
  server.setRequestHandler('tools/call', async (r) => ({ content: [{ type: 'text', text: String(r.params.arguments?.text ?? '') }] }));
  return server;
});
`;

// The same server as stdio-entry.js, bundled.
const repo = path.resolve(__dirname, '../../..');
const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-mcp-bundle-'));
fs.writeFileSync(
  path.join(bundleDir, 'entry.ts'),
  `import 'reflect-metadata';
import { serveStdio, createHostSession } from ${JSON.stringify(path.join(repo, 'libs/mcp-server/src/index.ts'))};
import { createNodeHost } from ${JSON.stringify(path.join(repo, 'libs/host-node/src/index.ts'))};
${['editor', 'search', 'git', 'debug'].map((p) => `import { ${p}Pack } from ${JSON.stringify(path.join(repo, `libs/packs/${p}/src/index.ts`))};`).join('\n')}
const root = process.argv[2];
serveStdio({ approvals: {}, createSession: async () => {
  const host = await createNodeHost(root);
  const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
  return createHostSession({ registry, root, contextKeys: host.contextKeys, model: { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' }, dispose: async () => { await host.debug.stop(); host.dispose(); } });
} }).then((s) => s.closed.then(() => process.exit(0)));
`,
);
require('esbuild').buildSync({
  entryPoints: [path.join(bundleDir, 'entry.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  nodePaths: [path.join(repo, 'node_modules')],
  outfile: path.join(bundleDir, 'server.js'),
  logLevel: 'error',
});

const servers = {
  'toolpacks (bundled)': { command: process.execPath, args: [path.join(bundleDir, 'server.js'), folder], cwd: repo },
  'toolpacks (sources, esbuild-register)': {
    command: process.execPath,
    args: [path.join(__dirname, 'stdio-entry.js'), folder],
    cwd: path.resolve(__dirname, '../../..'),
  },
  'minimal SDK v2 server': {
    command: process.execPath,
    args: ['-e', MINIMAL],
    cwd: path.resolve(__dirname, '../../..'),
  },
};

/** The call each server answers: the minimal server's echo, our read_file. */
const CALLS = {
  'minimal SDK v2 server': { name: 'echo', arguments: { text: 'hi' } },
  default: { name: 'read_file', arguments: { filePath: 'README.md' } },
};

async function once(name, spec, era) {
  const started = performance.now();
  const transport = new InPlaceStdioTransport({ ...spec, stderr: 'ignore' });
  const client = new Client(
    { name: 'startup', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  const { tools } = await client.listTools();
  const ms = performance.now() - started;
  const before = performance.now();
  await client.callTool(CALLS[name] ?? CALLS.default);
  const callMs = performance.now() - before;
  await client.close();
  return { ms, callMs, tools: tools.length };
}

const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`;
};

(async () => {
  const eras = ['legacy', 'modern'];
  const rows = Object.keys(servers).flatMap((name) =>
    eras.map((era) => `${name}, ${era === 'legacy' ? '2025-11-25' : '2026-07-28'}`),
  );
  const times = Object.fromEntries(rows.map((k) => [k, { start: [], call: [] }]));
  const counts = {};
  for (const [name, spec] of Object.entries(servers)) for (const era of eras) await once(name, spec, era); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const [name, spec] of Object.entries(servers)) {
      for (const era of eras) {
        const row = `${name}, ${era === 'legacy' ? '2025-11-25' : '2026-07-28'}`;
        const { ms, callMs, tools } = await once(name, spec, era);
        times[row].start.push(ms);
        times[row].call.push(callMs);
        counts[row] = tools;
      }
    }
  }
  for (const [row, { start, call }] of Object.entries(times))
    console.log(
      `${row}: first tools/list ${stats(start)}, one tools/call ${stats(call)}, over ${runs} runs, ${counts[row]} tools`,
    );
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
})();
