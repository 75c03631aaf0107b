#!/usr/bin/env node
// The real-client tests: Claude Code, Codex and Gemini CLI (pinned, from the npm registry, see
// clientsToolchain.js) each run `toolpacks mcp` over stdio in a temporary git repository and talk to
// a local stand-in for its vendor's model API that plays a scripted agent (agent.js) and records what
// the model receives; checks.js asserts it. Codex also starts three times configured the ordinary
// way (no `required`), and its first model request must carry our tools each time. Prints one line
// per check, the tokens of each client's tool list, then `clients: P passed, F failed`;
// `--summary FILE` also writes {passed, failed}; `--only claude,codex` narrows the run.
// Loopback only: each client's model API is the stand-in on 127.0.0.1.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { CLIENTS, ensureClient } = require('./clientsToolchain');
const { session } = require('./clients');
const { TOOLPACKS } = require('./workspace');
const { taskChecks, questionChecks, toolListTokens, namesOf, ourName } = require('./checks');

const FIRST_REQUEST_TRIES = 3;

function option(name) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  const only = option('--only')?.split(',') ?? Object.keys(CLIENTS);
  const summaryFile = option('--summary');
  let passed = 0;
  let failed = 0;
  const report = (client, name, outcome) => {
    if (outcome.error) {
      failed++;
      console.log(`  ✗ ${client}: ${name}\n      ${outcome.error.replace(/\n/g, '\n      ')}`);
    } else if (outcome.skip) {
      console.log(`  - ${client}: ${name} (skipped, not counted: ${outcome.skip})`);
    } else {
      passed++;
      console.log(`  ✓ ${client}: ${name}${outcome.detail ? ` — ${outcome.detail}` : ''}`);
    }
  };
  const check = (client, { name, run }) => {
    try {
      const detail = run();
      report(client, name, detail && typeof detail === 'object' ? detail : { detail });
    } catch (error) {
      report(client, name, { error: error.message });
    }
  };

  console.log(
    '\nreal clients (apps/clients-e2e): Claude Code, Codex and Gemini CLI against local stand-ins of their model APIs',
  );
  const installed = [];
  for (const client of only) {
    try {
      await ensureClient(client);
      installed.push(client);
    } catch (error) {
      report(client, `installed from npm (${CLIENTS[client].spec})`, { error: error.message });
    }
  }

  // The CLI's bundle is built (or found current) once here, not by four servers starting at once.
  spawnSync(process.execPath, [TOOLPACKS, '--version'], { stdio: 'ignore', timeout: 120_000 });

  // The task sessions run side by side (each mostly waits on its client); Codex's first-request
  // tries after them, one at a time, so that they see the machine as a person would. Codex runs
  // twice: with its default model (code mode: tools nested in a JavaScript `exec` tool, MCP tools
  // deferred) and with gpt-5-codex, a model outside its catalog, which gets plain function tools.
  const runWave = (plans) =>
    Promise.all(
      plans
        .filter(([client]) => installed.includes(client))
        .map(async ([client, label, options, checks]) => {
          try {
            return [client, label, await session(client, options), checks];
          } catch (error) {
            return [client, label, { error }, checks];
          }
        }),
    );
  const sessions = [
    ...(await runWave([
      ['claude', 'claude', {}, taskChecks],
      ['codex', 'codex', { required: true }, taskChecks],
      ['codex', 'codex (gpt-5-codex)', { required: true, model: 'gpt-5-codex' }, taskChecks],
      ['gemini', 'gemini', {}, taskChecks],
    ])),
    // The same task with the server started without --yes: what it asks, it asks through the client.
    ...(await runWave([
      ['claude', 'claude without --yes', { yes: false }, questionChecks],
      ['codex', 'codex without --yes', { required: true, yes: false }, questionChecks],
      ['gemini', 'gemini without --yes', { yes: false }, questionChecks],
    ])),
  ];
  const tokenLines = [];
  const tokenReport = {};
  for (const [client, label, s, checks] of sessions) {
    if (s.error) {
      report(label, 'the task session', { error: s.error.stack });
      continue;
    }
    for (const c of checks(client, s)) check(label, c);
    const t = checks === taskChecks && toolListTokens(client, s);
    if (t) {
      tokenReport[label] = t;
      tokenLines.push(
        `  ${label}: ${t.totalCount} tools (${t.oursCount} ours): about ${t.last} tokens of tool definitions (${t.oursLast} ours)` +
          (t.first !== t.last ? `; on its first request ${t.first} (${t.oursFirst} ours)` : ''),
      );
    }
    s.ws.remove();
  }

  if (installed.includes('codex')) {
    const tries = [];
    for (let i = 0; i < FIRST_REQUEST_TRIES; i++) {
      try {
        const s = await session('codex', { script: false, required: false, model: 'gpt-5-codex' });
        const first = s.record.agentRequests[0];
        tries.push(first ? namesOf('codex', first).filter(ourName).length : -1);
        s.ws.remove();
      } catch (error) {
        tries.push(`failed: ${error.message}`);
      }
    }
    check('codex (gpt-5-codex)', {
      name: `our tools on the first model request, configured without required (${FIRST_REQUEST_TRIES} tries)`,
      run: () => {
        const missing = tries.filter((count) => !(count > 0));
        if (missing.length)
          throw new Error(
            `${tries.length - missing.length} of ${tries.length} first requests had our tools (tools of ours per try: ${tries.join(', ')}; -1: no request)`,
          );
        return `${tries.length} of ${tries.length} (${tries.join(', ')} tools of ours)`;
      },
    });
  }

  if (tokenLines.length)
    console.log(
      `\ntool lists the models received (tokens ≈ characters / 4 of the tool definitions' JSON as each stand-in received it; no vendor tokenizer is installed):\n${tokenLines.join('\n')}`,
    );
  console.log(`\nclients: ${passed} passed, ${failed} failed`);
  if (summaryFile) fs.writeFileSync(summaryFile, JSON.stringify({ passed, failed, tokens: tokenReport }) + '\n');
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(error.stack);
    console.log('\nclients: 0 passed, 1 failed');
    const summaryFile = option('--summary');
    if (summaryFile) fs.writeFileSync(summaryFile, JSON.stringify({ passed: 0, failed: 1 }) + '\n');
    process.exit(1);
  },
);
