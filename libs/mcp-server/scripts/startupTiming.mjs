// Spawn → `initialize` answered and spawn → first `tools/list` answered for `toolpacks mcp` over real
// stdio (2025 era), median of N runs in a git repository. Usage:
//   node libs/mcp-server/scripts/startupTiming.mjs [runs=9] [folder=a temporary git repository]
// The messages are written at spawn (as a client that does not wait does); times are from spawn.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin =
  process.env.TOOLPACKS_BIN ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/cli/bin/toolpacks.js');
const runs = Number(process.argv[2] ?? 9);
let folder = process.argv[3];
if (!folder) {
  folder = mkdtempSync(path.join(tmpdir(), 'startup-'));
  writeFileSync(path.join(folder, 'README.md'), 'hello\n');
  execFileSync('git', ['init', '-q'], { cwd: folder });
}
const line = (message) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

function once() {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bin, 'mcp', '--root', folder], { stdio: ['pipe', 'pipe', 'ignore'] });
    const times = {};
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id === 1) {
          times.initialize = performance.now() - start;
          child.stdin.write(line({ method: 'notifications/initialized' }));
          child.stdin.write(line({ id: 2, method: 'tools/list', params: {} }));
        }
        if (message.id === 2) {
          times.list = performance.now() - start;
          if (!message.result?.tools?.length) reject(new Error(`no tools: ${JSON.stringify(message)}`));
          child.stdin.end();
        }
      }
    });
    child.on('exit', () => resolve(times));
    child.on('error', reject);
    child.stdin.write(
      line({
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'timing', version: '1' } },
      }),
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
await once(); // the bundle and its code cache, built if stale
const all = [];
for (let i = 0; i < runs; i++) all.push(await once());
console.log(
  `spawn → initialize answered: ${median(all.map((t) => t.initialize)).toFixed(0)} ms; spawn → first tools/list: ${median(all.map((t) => t.list)).toFixed(0)} ms (median of ${runs}; node -e 0 not subtracted)`,
);
