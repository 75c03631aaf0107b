#!/usr/bin/env node
// `npm test`: type-checks and lints every project (Nx, cached), checks the formatting (Prettier),
// runs every Jest project in one run, then the apply_patch conformance cases
// (../shared/conformance/apply-patch), the end-to-end tests in real VS Code (apps/e2e) and the
// official MCP conformance suite, and ends with the line CI reads: `N passed, N failed` over all of
// them. Extra arguments go to Jest (and skip the conformance, e2e and MCP runs: whole runs only).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } }).status;
const { ensureDebianPackages } = require('./prerequisites');

// A fresh machine: install (or name) what the tests need before the first one runs. git is the one
// the unit tests cannot do without; the rest only narrows what is tested, and is said so.
const wholeRun = process.argv.length <= 2;
const stillMissing = ensureDebianPackages(wholeRun ? undefined : ['git', 'ripgrep']);
if (stillMissing.includes('git')) {
  console.log('\nThe tests need git (see above).\n0 passed, 1 failed');
  process.exit(1);
}

const typecheck = run(bin('nx'), ['run-many', '-t', 'typecheck', '--outputStyle=static']);
if (typecheck !== 0) {
  console.log('\ntypecheck failed: fix the type errors above.\n0 passed, 1 failed');
  process.exit(1);
}

// ESLint per project (Nx, cached; layering and the host boundary included), then Prettier over the tree.
const lint = run(bin('nx'), ['run-many', '-t', 'lint', '--outputStyle=static']);
if (lint !== 0) {
  console.log('\nlint failed: fix the ESLint errors above (npm run lint).\n0 passed, 1 failed');
  process.exit(1);
}
const format = run(bin('prettier'), ['--check', '--cache', '--cache-strategy', 'content', '--log-level', 'warn', '.']);
if (format !== 0) {
  console.log('\nformat check failed: the files above are not formatted; run npm run format.\n0 passed, 1 failed');
  process.exit(1);
}

const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-test-')), 'jest.json');
// --ci: a snapshot missing from the repository fails instead of being written (the text snapshots
// are the byte-for-byte record of every tool's answer; a run must never make up its own).
const jest = run(bin('jest'), ['--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)]);
let passed = 0;
let failed = 1;
if (fs.existsSync(results)) {
  const summary = JSON.parse(fs.readFileSync(results, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
}
let conformanceStatus = 0;
let e2eStatus = 0;
if (wholeRun) {
  const conformance = runConformance(path.dirname(results));
  passed += conformance.passed;
  failed += conformance.failed;
  conformanceStatus = conformance.failed === 0 ? 0 : 1;
  const summary = path.join(path.dirname(results), 'e2e.json');
  e2eStatus = run(process.execPath, [path.join(root, 'apps/e2e/src/run.js'), '--summary', summary]);
  const e2e = fs.existsSync(summary) ? JSON.parse(fs.readFileSync(summary, 'utf8')) : { passed: 0, failed: 1 };
  passed += e2e.passed;
  failed += e2e.failed;
  // The official MCP conformance suite against libs/mcp-server (after e2e, which installs the Node 24 it needs).
  const mcpSummary = path.join(path.dirname(results), 'mcp-conformance.json');
  run(process.execPath, [path.join(root, 'tools/scripts/mcp-conformance.js'), '--summary', mcpSummary]);
  const mcp = fs.existsSync(mcpSummary) ? JSON.parse(fs.readFileSync(mcpSummary, 'utf8')) : { passed: 0, failed: 1 };
  passed += mcp.passed;
  failed += mcp.failed;
  // The real agent clients (Claude Code, Codex, Gemini CLI) against loopback stand-ins of their model
  // APIs: what each client's model receives from `toolpacks mcp` (apps/clients-e2e).
  const clientsSummary = path.join(path.dirname(results), 'clients.json');
  run(process.execPath, [path.join(root, 'apps/clients-e2e/src/run.js'), '--summary', clientsSummary]);
  const clients = fs.existsSync(clientsSummary)
    ? JSON.parse(fs.readFileSync(clientsSummary, 'utf8'))
    : { passed: 0, failed: 1 };
  passed += clients.passed;
  failed += clients.failed;
}
fs.rmSync(path.dirname(results), { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(jest === 0 && conformanceStatus === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);

/**
 * Replays OpenAI's apply_patch reference cases through the CLI (one process per case, about a
 * minute or two in all) exactly as their README says, and counts them from the runner's last line,
 * `apply-patch: P/T passed`. (The case files arrive write-protected, as ../shared is; the runner's
 * `--yes` approves overwriting them, as a user would.)
 */
function runConformance(temp) {
  const suite = path.resolve(root, '../shared/conformance/apply-patch');
  if (!fs.existsSync(path.join(suite, 'run.sh'))) {
    console.log(
      `\napply-patch conformance: ${suite}/run.sh not found. The reference cases live in ../shared/conformance beside the project checkout; put them there to run npm test.`,
    );
    return { passed: 0, failed: 1 };
  }
  console.log('\napply-patch conformance (../shared/conformance/apply-patch/run.sh):');
  // Streamed to the terminal and kept in a file for the summary line.
  const output = path.join(temp, 'apply-patch.out');
  const tee = 'bash "$0" | tee "$1"; exit "${PIPESTATUS[0]}"';
  const status = spawnSync('bash', ['-c', tee, path.join(suite, 'run.sh'), output], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  }).status;
  const text = fs.existsSync(output) ? fs.readFileSync(output, 'utf8') : '';
  const counted = /^apply-patch: (\d+)\/(\d+) passed$/m.exec(text);
  if (!counted) {
    console.log(`apply-patch conformance: the runner ended without its summary line (exit ${status}).`);
    return { passed: 0, failed: 1 };
  }
  const [p, t] = [Number(counted[1]), Number(counted[2])];
  return { passed: p, failed: t - p };
}
