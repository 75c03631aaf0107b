#!/usr/bin/env node
// `npm test`: type-checks every project (Nx, cached), runs every Jest project in one run, and ends
// with the line CI reads: `N passed, N failed`. Extra arguments go to Jest.
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
  fs.rmSync(path.dirname(results), { recursive: true, force: true });
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(jest === 0 && failed === 0 ? 0 : 1);
