#!/usr/bin/env node
// `npm test`: type-checks every project (Nx, cached), runs every Jest project in one run, then the
// end-to-end tests in real VS Code (apps/e2e), and ends with the line CI reads: `N passed, N failed`
// over both. Extra arguments go to Jest (and skip the e2e run, which is for whole runs only).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } }).status;

const typecheck = run(bin('nx'), ['run-many', '-t', 'typecheck', '--outputStyle=static']);
if (typecheck !== 0) {
  console.log('\ntypecheck failed: fix the type errors above.\n0 passed, 1 failed');
  process.exit(1);
}

const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'toolpacks-test-')), 'jest.json');
const jest = run(bin('jest'), ['--json', `--outputFile=${results}`, ...process.argv.slice(2)]);
let passed = 0;
let failed = 1;
if (fs.existsSync(results)) {
  const summary = JSON.parse(fs.readFileSync(results, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
}
let e2eStatus = 0;
if (process.argv.length <= 2) {
  const summary = path.join(path.dirname(results), 'e2e.json');
  e2eStatus = run(process.execPath, [path.join(root, 'apps/e2e/src/run.js'), '--summary', summary]);
  const e2e = fs.existsSync(summary) ? JSON.parse(fs.readFileSync(summary, 'utf8')) : { passed: 0, failed: 1 };
  passed += e2e.passed;
  failed += e2e.failed;
}
fs.rmSync(path.dirname(results), { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(jest === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);
