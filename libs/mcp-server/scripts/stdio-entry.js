#!/usr/bin/env node
// A stdio MCP server over the four built-in packs and a folder, for the specs and the startup
// measurement (the CLI's `toolpacks mcp` is the real entry). Loads the TypeScript sources through
// esbuild-register as the CLI does.
//   node stdio-entry.js ROOT [--threshold N] [--yes] [--allow TOOL[,TOOL…]]… [--always-ask TOOL[,TOOL…]]… [--stop-wait-ms N]
const path = require('node:path');
const repo = path.resolve(__dirname, '../../..');
require('esbuild-register/dist/node').register({
  target: 'node20',
  tsconfigRaw: require(path.join(repo, 'tsconfig.base.json')),
});
require('reflect-metadata');
const load = (relative) => require(path.join(repo, relative));

const args = process.argv.slice(2);
const root = args[0];
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
/** Every value of a repeatable option, comma-separated lists split. */
const list = (name) =>
  args.flatMap((arg, i) => (arg === name && args[i + 1] !== undefined ? args[i + 1].split(',') : [])).filter(Boolean);
const { serveStdio, createHostSession } = load('libs/mcp-server/src/index.ts');

async function createSession() {
  const { createNodeHost } = load('libs/host-node/src/index.ts');
  const packs = ['editor', 'search', 'git', 'debug'].map((name) =>
    Object.values(load(`libs/packs/${name}/src/index.ts`)).find((v) => v && v.kind === 'toolpacks.pack'),
  );
  const stopWaitMs = option('--stop-wait-ms');
  const host = await createNodeHost(root, stopWaitMs ? { debug: { stopWaitMs: Number(stopWaitMs) } } : {});
  const { registry } = await host.createRegistry(packs);
  const threshold = option('--threshold');
  return createHostSession({
    registry,
    root,
    contextKeys: host.contextKeys,
    model: { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' },
    ...(threshold ? { threshold: Number(threshold) } : {}),
    dispose: async () => {
      await host.debug.stop();
      host.dispose();
    },
  });
}

serveStdio({
  createSession,
  approvals: { yes: args.includes('--yes'), allow: list('--allow'), alwaysAsk: list('--always-ask') },
  onError: (error) => process.stderr.write(`mcp: ${error?.stack ?? error}\n`),
}).then((server) => {
  process.on('SIGTERM', () => {
    process.stderr.write('mcp: SIGTERM\n');
    void server.close();
  });
  return server.closed.then(() => {
    process.stderr.write('mcp: closed\n');
    process.exit(0);
  });
});
