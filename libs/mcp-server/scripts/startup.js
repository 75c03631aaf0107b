#!/usr/bin/env node
// Startup to a ready tools/list over stdio: our server (the four packs, a NodeHost over a folder)
// run from the TypeScript sources (scripts/stdio-entry.js, esbuild-register, as `npm start` runs
// the CLI) and bundled with esbuild (as the CLI ships), against a minimal SDK server with one tool,
// in the same run, alternating. Prints the median and range of each (ms, from spawn to the
// tools/list answer, initialize included).   node libs/mcp-server/scripts/startup.js [RUNS]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');

const runs = Number(process.argv[2] ?? 7);
const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-mcp-startup-')));
fs.writeFileSync(path.join(folder, 'README.md'), '# startup\n');

const MINIMAL = `
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { ListToolsRequestSchema, CallToolRequestSchema } = require('@modelcontextprotocol/sdk/types.js');
const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] }));
server.setRequestHandler(CallToolRequestSchema, async (r) => ({ content: [{ type: 'text', text: String(r.params.arguments?.text ?? '') }] }));
server.connect(new StdioServerTransport());
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
  return createHostSession({ registry, contextKeys: host.contextKeys, model: { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' }, dispose: async () => { await host.debug.stop(); host.dispose(); } });
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
  'minimal SDK server': { command: process.execPath, args: ['-e', MINIMAL], cwd: path.resolve(__dirname, '../../..') },
};

async function once(spec) {
  const started = performance.now();
  const transport = new StdioClientTransport({ ...spec, stderr: 'ignore' });
  const client = new Client({ name: 'startup', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const ms = performance.now() - started;
  await client.close();
  return { ms, tools: tools.length };
}

(async () => {
  const times = Object.fromEntries(Object.keys(servers).map((k) => [k, []]));
  const counts = {};
  for (const spec of Object.values(servers)) await once(spec); // warm the file cache for all
  for (let i = 0; i < runs; i++) {
    for (const [name, spec] of Object.entries(servers)) {
      const { ms, tools } = await once(spec);
      times[name].push(ms);
      counts[name] = tools;
    }
  }
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `${name}: median ${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)}) over ${runs} runs, ${counts[name]} tools`,
    );
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
})();
