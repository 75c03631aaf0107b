// Issue 9: ten CLI processes editing one file lost edits while every one printed "Replaced". Each
// process here replaces its own line of one shared file; a process that reports success must have
// its edit in the file, and one that fails must say so and leave its line untouched.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(120_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const PROCESSES = 10;

function runCli(root: string, input: object): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, '--root', root, '--family', 'grok-code', 'invoke', 'replace_string_in_file', JSON.stringify(input)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

it(`${PROCESSES} CLI processes editing one file: every reported edit is in the file`, async () => {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'cli-concurrent-')));
  try {
    const lines = Array.from({ length: PROCESSES }, (_, i) => `slot ${i} = old`);
    await fs.writeFile(path.join(root, 'shared.txt'), `${lines.join('\n')}\n`);
    const runs = await Promise.all(
      lines.map((line, i) => runCli(root, { filePath: 'shared.txt', oldString: line, newString: `slot ${i} = new` })),
    );
    const final = await fs.readFile(path.join(root, 'shared.txt'), 'utf8');
    runs.forEach((run, i) => {
      if (run.code === 0) {
        expect(run.out).toMatch(/^Replaced 1 occurrence in shared\.txt/);
        expect(final).toContain(`slot ${i} = new\n`);
      } else {
        expect(run.out).toMatch(/changed|retry|failed/i);
        expect(final).toContain(`slot ${i} = old\n`);
      }
    });
    expect(runs.filter((r) => r.code === 0).length).toBeGreaterThan(0);
    expect(final.split('\n').filter(Boolean)).toHaveLength(PROCESSES);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
