// Programs for the debugger's lifecycle specs: an endless one that starts a child of its own
// (so a kill that misses the process group leaves a survivor), and a fake `node` whose inspector
// address leads nowhere. Every process they start has the temporary folder in its command line,
// which is the marker processCensus counts by.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ENDLESS_PROGRAM = `const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const child = spawn(process.execPath, [path.join(__dirname, 'grandchild.js')], { stdio: 'ignore' });
fs.writeFileSync(path.join(__dirname, 'debuggee.pid'), process.pid + ' ' + child.pid);
setInterval(() => {}, 1000);
`;

/** Starts a child of its own, then ends at once: the child must not be left behind. */
export const SHORT_PARENT_PROGRAM = `const { spawn } = require('node:child_process');
const path = require('node:path');
spawn(process.execPath, [path.join(__dirname, 'grandchild.js')], { stdio: 'ignore' }).unref();
console.log('parent done');
`;

export const GRANDCHILD_PROGRAM = `setInterval(() => {}, 1000);\n`;

export interface DebugFixture {
  readonly root: string;
  /** A `node` that prints an inspector address nobody listens on, then runs the program for real. */
  readonly unreachableInspectorNode: string;
  /** The debuggee's and its child's pids, once the program has written them. */
  pids(): Promise<{ debuggee: number; child: number } | undefined>;
  /** Polls (bounded) until the program has started and written its pids. */
  waitForPids(attempts?: number): Promise<{ debuggee: number; child: number }>;
  remove(): Promise<void>;
}

export async function createDebugFixture(): Promise<DebugFixture> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-debuggee-')));
  await fs.writeFile(path.join(root, 'endless.js'), ENDLESS_PROGRAM);
  await fs.writeFile(path.join(root, 'short.js'), SHORT_PARENT_PROGRAM);
  await fs.writeFile(path.join(root, 'grandchild.js'), GRANDCHILD_PROGRAM);
  const unreachableInspectorNode = path.join(root, 'fake-node.sh');
  // Node's flags (--inspect-brk=…, …) come first, then the program: run it without them, so nothing ever listens.
  await fs.writeFile(
    unreachableInspectorNode,
    `#!/bin/sh\necho "Debugger listening on ws://127.0.0.1:9/nobody-here" >&2\nwhile [ "\${1#--}" != "$1" ]; do shift; done\nexec "${process.execPath}" "$@"\n`,
    { mode: 0o755 },
  );
  const pids = async () => {
    const text = await fs.readFile(path.join(root, 'debuggee.pid'), 'utf8').catch(() => '');
    const [debuggee, child] = text.split(' ').map(Number);
    return debuggee && child ? { debuggee, child } : undefined;
  };
  return {
    root,
    unreachableInspectorNode,
    pids,
    async waitForPids(attempts = 100) {
      for (let i = 0; i < attempts; i++) {
        const found = await pids();
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The debuggee never wrote its pids.');
    },
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** A small Node program for debugger tests: `add` (lines 1-4) is called from the loop on line 8. */
export const SAMPLE_PROGRAM = `function add(a, b) {
  const sum = a + b;
  return sum;
}
let total = 0;
const items = [1, 2, 3];
for (const item of items) {
  total = add(total, item);
}
console.log('total', total);
`;
