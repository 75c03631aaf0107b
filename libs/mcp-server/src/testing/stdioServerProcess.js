#!/usr/bin/env node
// A spec's MCP server in a process of its own, over stdio: the library's serveStdio with a NodeHost
// (the four packs) on the folder given, its search deadline given in milliseconds. Node's own
// handling applies here (an unhandled rejection ends the process), which a Jest worker hides.
// Usage: node stdioServerProcess.js <root> <searchTimeoutMs>
'use strict';
const path = require('node:path');

const repo = path.resolve(__dirname, '../../../..');
require('esbuild-register/dist/node').register({
  target: 'node20',
  tsconfigRaw: require(path.join(repo, 'tsconfig.base.json')),
});
/* eslint-disable @nx/enforce-module-boundaries -- a spec helper: specs may use the Node host's harness and drive the packs (eslint.config.mjs) */
const { createNodeHost } = require('@toolpacks/host-node');
const { testModels } = require('@toolpacks/host-node/testing');
const { debugPack } = require('@toolpacks/pack-debug');
const { editorPack } = require('@toolpacks/pack-editor');
const { gitPack } = require('@toolpacks/pack-git');
const { searchPack } = require('@toolpacks/pack-search');
/* eslint-enable @nx/enforce-module-boundaries */
const { createHostSession } = require('../hostSession');
const { serveStdio } = require('../stdio');

const [root, timeoutMs] = process.argv.slice(2);
serveStdio({
  approvals: {},
  onError: (error) => process.stderr.write(`server error: ${error?.message ?? error}\n`),
  createSession: async () => {
    const host = await createNodeHost(root, { search: { timeoutMs: Number(timeoutMs) } });
    const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
    return createHostSession({
      registry,
      contextKeys: host.contextKeys,
      model: testModels.general,
      threshold: 1_000,
      dispose: () => host.dispose(),
    });
  },
}).then(
  (server) => server.closed.then(() => process.exit(0)),
  (error) => {
    process.stderr.write(`the server did not start: ${error?.message ?? error}\n`);
    process.exit(1);
  },
);
