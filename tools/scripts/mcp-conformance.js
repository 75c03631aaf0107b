#!/usr/bin/env node
// The official MCP conformance suite (@modelcontextprotocol/conformance) against our Streamable HTTP
// server (libs/mcp-server serveHttp, the four built-in packs over a temporary folder, nothing
// auto-approved), in both protocol eras: each scenario runs at the revision it names
// (`scenario@2025-11-25`: sessions; `scenario@2026-07-28`: stateless). One line per scenario, then
// `mcp-conformance: P/T passed`; `--summary FILE` also writes {passed, failed}. The suite needs Node
// 22+ (fs.globSync): this Node when it is new enough, else $MCP_CONFORMANCE_NODE, else the Node 24
// the e2e harness uses (tools/scripts/e2eToolchain.js, installed into its cache if it is not there
// yet). Each scenario counts once, passed when the suite's own exit status says so, given the
// per-check baseline in EXPECTED_FAILURES (each entry says why that check cannot pass here).
//
// The sessions carry a few fixture tools besides the packs, each one a way into the server's own
// paths (none answers for the server): `test_reconnection` (server-sse-polling), `test_error_handling`
// (throws: the registry's error result), `test_tool_with_progress` (reports progress: the
// notifications), `test_trigger_tool_change` (adds or removes a tool: list_changed, on the listen
// stream in 2026-07-28), and the input_required fixtures, tools that need a person's yes and so are
// asked through the server's real input_required confirmation (signed, single-use requestState).
// Scenarios that need what a tools-only server of real packs does not have (other fixture shapes,
// resources, prompts, logging, completion, sampling) are not run; see NOT_APPLICABLE below.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

const LEGACY = '2025-11-25';
const MODERN = '2026-07-28';
const SCENARIOS = [
  ...[
    'server-initialize',
    'server-session-lifecycle',
    'ping',
    'tools-list',
    'tools-call-error',
    'tools-call-with-progress',
    'dns-rebinding-protection',
    'server-sse-polling',
    'server-sse-multiple-streams',
  ].map((name) => `${name}@${LEGACY}`),
  ...[
    'server-stateless',
    'tools-list',
    'tools-call-error',
    'tools-call-with-progress',
    'dns-rebinding-protection',
    'server-sse-multiple-streams',
    'caching',
    'http-header-validation',
    'input-required-result-request-state',
    'input-required-result-tampered-state',
    'input-required-result-result-type',
    'input-required-result-missing-input-response',
    'input-required-result-validate-input',
    'input-required-result-unsupported-methods',
    'input-required-result-ignore-extra-params',
  ].map((name) => `${name}@${MODERN}`),
];

/** Checks of the scenarios run that cannot pass on this server, and why (the suite's per-check baseline). */
const EXPECTED_FAILURES = {
  'server-stateless:sep-2575-server-rejects-undeclared-capability':
    'needs a tool that asks the client for sampling (`test_missing_capability`); this server never asks for sampling, and never embeds a request the client did not declare (its own specs check that)',
  'server-stateless:sep-2575-missing-capability-http-400': 'the same fixture tool, for the HTTP status of that error',
  'caching:sep-2549-prompts-list-caching-hints':
    'no prompts capability (tools/list and server/discover carry the hints)',
  'caching:sep-2549-resources-list-caching-hints': 'no resources capability',
  'caching:sep-2549-resources-templates-list-caching-hints': 'no resources capability',
};

/** Why the others are not run (scenario → reason), printed with the results. */
const NOT_APPLICABLE = {
  'logging-set-level / tools-call-with-logging': 'no logging capability (deprecated in 2026-07-28)',
  'completion-complete': 'no completions capability (no prompts or resource templates)',
  'tools-call-simple-text / -image / -audio / -embedded-resource / -mixed-content':
    'call fixture tools that return fixed content; the content path is covered by our own specs on real tools (read_file of an image)',
  'tools-call-sampling / input-required-result-basic-sampling / -basic-list-roots / -capability-check':
    'the server never asks for sampling or roots',
  'tools-call-elicitation / elicitation-sep1034-defaults / elicitation-sep1330-enums / input-required-result-basic-elicitation / -multiple-input-requests / -multi-round':
    "fixture tools whose questions have fixed keys and schemas (`user_name`, enums, defaults); this server's one question is the confirmation form (`confirm`), answered only together with its signed requestState",
  'input-required-result-non-tool-request': 'no prompts (input_required on prompts/get)',
  'json-schema-2020-12': 'a fixture tool with that schema (the packs write their own schemas)',
  'http-custom-header-server-validation': 'no tool declares x-mcp-header parameters',
  'resources-* / prompts-* / sep-2164-resource-not-found': 'no resources or prompts capability',
  'tasks-* / sep-2640-*': 'extensions the server does not implement',
};

async function conformanceNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.env.MCP_CONFORMANCE_NODE) return process.env.MCP_CONFORMANCE_NODE;
  // The e2e harness's Node 24, installed here when this runs first (safe beside a run installing it).
  const { ensureNode24, NODE24_BIN } = require('./e2eToolchain');
  await ensureNode24({ say: (line) => console.log(`mcp-conformance: ${line}`) });
  return NODE24_BIN;
}

/** The fixture tools (see the top of this file): each runs through the registry like a pack's tool. */
function registerFixtures(registry) {
  const fixture = (name, description, annotations, invoke) =>
    registry.registerTool(
      {
        name,
        displayName: `Conformance: ${name}`,
        modelDescription: `Conformance-suite fixture: ${description}`,
        inputSchema: { type: 'object', properties: {} },
        annotations,
      },
      { invoke },
    );
  const text = (value) => ({ content: [{ value }] });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  // server-sse-polling counts an error result as a failure; our server answers and keeps the stream.
  fixture('test_reconnection', 'answers after a short wait.', { readOnly: true, idempotent: true }, async () => {
    await sleep(200);
    return text('Reconnection test completed.');
  });
  fixture('test_error_handling', 'always fails.', { readOnly: true }, () => {
    throw new Error('This tool always fails (conformance fixture).');
  });
  fixture('test_tool_with_progress', 'reports progress three times.', { readOnly: true }, async (options) => {
    for (const increment of [0, 50, 50]) {
      options.progress?.report({ increment, message: 'working' });
      await sleep(50);
    }
    return text('Progress test completed.');
  });
  let toggled;
  fixture('test_trigger_tool_change', 'adds or removes a tool.', { readOnly: false }, () => {
    if (toggled) {
      toggled.dispose();
      toggled = undefined;
    } else toggled = fixture('test_toggled_tool', 'comes and goes.', { readOnly: true }, () => text('Here.'));
    return text('The tool list changed.');
  });
  // Destructive: each call needs a person's yes, asked through the server's own confirmation.
  for (const name of [
    'test_input_required_result_elicitation',
    'test_input_required_result_request_state',
    'test_input_required_result_tampered_state',
  ])
    fixture(name, 'needs a yes before it runs.', { destructive: true }, () => text('Confirmed and ran.'));
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
      registerFixtures(registry);
      return createHostSession({
        registry,
        root: folder,
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

function runScenario(node, url, scenario, outputDir, baseline) {
  fs.mkdirSync(outputDir, { recursive: true });
  const [name, version] = scenario.split('@');
  return new Promise((resolve) => {
    const cli = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
    const args = [cli, 'server', '--url', url, '--scenario', name];
    if (baseline) args.push('--expected-failures', baseline);
    if (version) args.push('--spec-version', version);
    args.push('-o', outputDir);
    const child = spawn(node, args, {
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
        // Only this scenario's checks: an entry of another scenario would read as a stale baseline.
        const entries = Object.keys(EXPECTED_FAILURES).filter((e) => e.startsWith(`${scenario.split('@')[0]}:`));
        const baseline = entries.length ? path.join(temp, `${scenario.replace('@', '-')}.yml`) : undefined;
        if (baseline)
          fs.writeFileSync(baseline, `server:\n${entries.map((e) => `  - ${JSON.stringify(e)}\n`).join('')}`);
        const { status, output } = await runScenario(
          node,
          server.url,
          scenario,
          path.join(temp, scenario.replace('@', '-')),
          baseline,
        );
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
    console.log('mcp-conformance: checks that cannot pass here (the baseline):');
    for (const [name, why] of Object.entries(EXPECTED_FAILURES)) console.log(`  - ${name}: ${why}`);
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
