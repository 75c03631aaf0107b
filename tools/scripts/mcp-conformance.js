#!/usr/bin/env node
// The official MCP conformance suite (@modelcontextprotocol/conformance) against our Streamable HTTP
// server (libs/mcp-server serveHttp, the four built-in packs over a temporary folder, nothing
// auto-approved). One line per scenario, then `mcp-conformance: P/T passed`; `--summary FILE` also
// writes {passed, failed}. The suite needs Node 22+ (fs.globSync): this Node when it is new enough,
// else $MCP_CONFORMANCE_NODE, else the Node 24 the e2e harness uses (tools/scripts/e2eToolchain.js,
// installed into its cache if it is not there yet). Each scenario counts once, passed when the
// suite's own exit status says so.
//
// The sessions carry one fixture tool besides the packs, `test_reconnection`, which
// server-sse-polling calls. Scenarios that do not apply to a tools-only server with the registry's
// tools (they need other fixture tools, resources, prompts, logging or completion) are not run; see
// NOT_APPLICABLE below.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-sse-polling',
  'server-sse-multiple-streams',
];

/** Why the others are not run (scenario → reason), printed with the results. */
const NOT_APPLICABLE = {
  'logging-set-level': 'no logging capability',
  'completion-complete': 'no completions capability (no prompts or resource templates)',
  'tools-call-*':
    'call fixture tools (test_simple_text, test_image_content, …) that a registry of real packs does not have',
  'json-schema-2020-12 / elicitation-sep1034-defaults / elicitation-sep1330-enums':
    'need fixture tools with those schemas / elicitations',
  'resources-* / prompts-*': 'no resources or prompts capability',
};

async function conformanceNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.env.MCP_CONFORMANCE_NODE) return process.env.MCP_CONFORMANCE_NODE;
  // The e2e harness's Node 24, installed here when this runs first (safe beside a run installing it).
  const { ensureNode24, NODE24_BIN } = require('./e2eToolchain');
  await ensureNode24({ say: (line) => console.log(`mcp-conformance: ${line}`) });
  return NODE24_BIN;
}

async function startServer() {
  require('esbuild-register/dist/node').register({
    target: 'node20',
    tsconfigRaw: require(path.join(root, 'tsconfig.base.json')),
  });
  require('reflect-metadata');
  const load = (relative) => require(path.join(root, relative));
  const { serveHttp, createHostSession } = load('libs/mcp-server/src/index.ts');
  const { createNodeHost } = load('libs/host-node/src/index.ts');
  const packs = ['editor', 'search', 'git', 'debug'].map((name) =>
    Object.values(load(`libs/packs/${name}/src/index.ts`)).find((v) => v && v.kind === 'toolpacks.pack'),
  );
  const folders = [];
  const server = await serveHttp({
    port: 0,
    approvals: {},
    name: 'toolpacks-conformance',
    createSession: async () => {
      const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-mcp-conformance-')));
      folders.push(folder);
      fs.writeFileSync(path.join(folder, 'README.md'), '# conformance fixture\n');
      const host = await createNodeHost(folder);
      const { registry } = await host.createRegistry(packs);
      // server-sse-polling calls this fixture tool (SEP-1699) and counts an error result as a
      // failure; our server answers a call and keeps the stream, which the scenario accepts.
      registry.registerTool(
        {
          name: 'test_reconnection',
          displayName: 'Conformance: reconnection',
          modelDescription: 'Conformance-suite fixture (server-sse-polling): answers after a short wait.',
          inputSchema: { type: 'object', properties: {} },
          annotations: { readOnly: true, idempotent: true },
        },
        {
          invoke: async () => (
            await new Promise((resolve) => setTimeout(resolve, 200)),
            { content: [{ value: 'Reconnection test completed.' }] }
          ),
        },
      );
      return createHostSession({
        registry,
        contextKeys: host.contextKeys,
        model: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
        dispose: async () => {
          await host.debug.stop();
          host.dispose();
        },
      });
    },
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

function runScenario(node, url, scenario, outputDir) {
  fs.mkdirSync(outputDir, { recursive: true });
  return new Promise((resolve) => {
    const cli = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
    const child = spawn(node, [cli, 'server', '--url', url, '--scenario', scenario, '-o', outputDir], {
      cwd: outputDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

async function main() {
  const summaryIndex = process.argv.indexOf('--summary');
  const summaryFile = summaryIndex > 0 ? process.argv[summaryIndex + 1] : undefined;
  const only = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--summary');
  const scenarios = only.length ? only : SCENARIOS;
  let passed = 0;
  let failed = 0;
  let node;
  try {
    node = await conformanceNode();
  } catch (error) {
    console.log(
      `mcp-conformance: the suite needs Node 22+; none found and Node 24 did not install (set MCP_CONFORMANCE_NODE): ${error.message}`,
    );
  }
  if (!node) {
    failed = scenarios.length;
  } else {
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-mcp-conformance-results-'));
    let server;
    try {
      server = await startServer();
      console.log(
        `mcp-conformance: ${node} (Node ${require('node:child_process').execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}) against ${server.url}`,
      );
      for (const scenario of scenarios) {
        const { status, output } = await runScenario(node, server.url, scenario, path.join(temp, scenario));
        const ok = status === 0;
        if (ok) passed++;
        else failed++;
        console.log(
          `${ok ? '✓' : '✗'} ${scenario}${ok ? '' : `\n    ${output.trim().split('\n').slice(-40).join('\n    ')}`}`,
        );
      }
    } catch (error) {
      console.log(`✗ the MCP conformance run: ${error.stack ?? error}`);
      failed = Math.max(1, scenarios.length - passed);
    } finally {
      await server?.close();
      fs.rmSync(temp, { recursive: true, force: true });
    }
    console.log('mcp-conformance: not run (not applicable to a tools-only server with real packs):');
    for (const [name, why] of Object.entries(NOT_APPLICABLE)) console.log(`  - ${name}: ${why}`);
  }
  if (summaryFile) fs.writeFileSync(summaryFile, JSON.stringify({ passed, failed }));
  console.log(`mcp-conformance: ${passed}/${passed + failed} passed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
  // Anything a session left (it should be nothing) must not keep the run alive.
  setImmediate(() => process.exit());
}

main();
