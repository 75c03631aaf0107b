// Issue 9 under load: parallel edits of every kind through every spelling of a file end with
// exactly the expected content; independent writers (another workspace instance, as another
// process would be) and an outside appender lose nothing — a collision fails clearly instead.
// Bounded by counts, not time.
import { spawn } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { contentState } from './testing/receipts';
import { ConflictError } from './writeSteps';

let root: string;
let workspace: NodeWorkspaceFileSystem;
const file = (relative: string) => path.join(root, relative);

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-stress-')));
  await fs.mkdir(file('a'));
  workspace = new NodeWorkspaceFileSystem(root);
});

afterEach(() => fs.rm(root, { recursive: true, force: true }));

const lines = async (relative: string) => (await fs.readFile(file(relative), 'utf8')).split('\n').filter(Boolean);
const sorted = (values: string[]) => [...values].sort();
const tick = () => new Promise((resolve) => setImmediate(resolve));

it('50 parallel edits of one file, of every kind, all land', async () => {
  await fs.writeFile(file('a/one.txt'), 'start\n');
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) => {
      const line = `edit ${i}\n`;
      switch (i % 3) {
        case 0: // replace_string_in_file
          return workspace.edit('a/one.txt', async (t) => (await tick(), t + line));
        case 1: // apply_patch
          return workspace.applyChanges([{ type: 'update', path: 'a/one.txt', content: (t) => t + line }]);
        default: // apply_patch touching two files
          return workspace.applyChanges([
            { type: 'update', path: './a/../a/one.txt', content: (t) => t + line },
            { type: 'create', path: `a/side-${i}.txt`, content: line },
          ]);
      }
    }),
  );
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  expect(sorted(await lines('a/one.txt'))).toEqual(
    sorted(['start', ...Array.from({ length: 50 }, (_, i) => `edit ${i}`)]),
  );
  expect((await fs.readdir(file('a'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
});

it('edits through five spellings of one file (relative, absolute, ./a/../, a symlink, a hard link) and of a second file all land', async () => {
  await fs.writeFile(file('a/x.txt'), '');
  await fs.writeFile(file('y.txt'), '');
  await fs.symlink('a/x.txt', file('link.txt'));
  await fs.link(file('a/x.txt'), file('hard.txt'));
  const spellings = ['a/x.txt', file('a/x.txt'), './a/../a/x.txt', 'link.txt', 'hard.txt'];
  const results = await Promise.allSettled(
    Array.from({ length: 60 }, (_, i) => {
      const target = i % 4 === 3 ? 'y.txt' : spellings[i % spellings.length];
      const line = `${i}\n`;
      // A hard-linked file needs the user's confirmation (its other names change too): a receipt
      // read when the edit's turn comes (a question's receipt is fixed; this spec is about the queue).
      const confirmed = {
        receipt: {
          get paths() {
            return ['a/x.txt', 'hard.txt', 'y.txt'].map((p) => {
              const now = readFileSync(file(p));
              return {
                path: p,
                before: contentState(now),
                after: contentState(Buffer.concat([now, Buffer.from(line)])),
              };
            });
          },
        },
      };
      return i % 2
        ? workspace.edit(target, async (t) => (await tick(), t + line), confirmed)
        : workspace.applyChanges([{ type: 'update', path: target, content: (t) => t + line }], confirmed);
    }),
  );
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const expectedX = Array.from({ length: 60 }, (_, i) => i)
    .filter((i) => i % 4 !== 3)
    .map(String);
  const expectedY = Array.from({ length: 60 }, (_, i) => i)
    .filter((i) => i % 4 === 3)
    .map(String);
  expect(sorted(await lines('a/x.txt'))).toEqual(sorted(expectedX));
  expect(sorted(await lines('hard.txt'))).toEqual(sorted(expectedX));
  expect(sorted(await lines('y.txt'))).toEqual(sorted(expectedY));
  expect((await fs.stat(file('hard.txt'))).nlink).toBe(2);
  expect((await fs.lstat(file('link.txt'))).isSymbolicLink()).toBe(true);
});

it('independent writers (separate instances, like separate processes) never lose an edit that reported success', async () => {
  await fs.writeFile(file('shared.txt'), '');
  const writers = Array.from({ length: 10 }, () => new NodeWorkspaceFileSystem(root));
  const results = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) =>
      writers[i % writers.length].edit('shared.txt', async (t) => (await tick(), `${t}${i}\n`)),
    ),
  );
  const succeeded = results.flatMap((r, i) => (r.status === 'fulfilled' ? [String(i)] : []));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  for (const failure of failed) expect(failure.reason).toBeInstanceOf(ConflictError);
  console.log(`independent writers: ${succeeded.length} of 40 edits applied, ${failed.length} refused as conflicts`);
  expect(sorted(await lines('shared.txt'))).toEqual(sorted(succeeded));
});

it('an outside appender loses no line while the file is edited', async () => {
  const APPENDS = 400;
  await fs.writeFile(file('log.txt'), 'counter 0\n');
  const appender = spawn('python3', [
    '-c',
    `
import sys, time
for i in range(${APPENDS}):
    with open(sys.argv[1], 'a') as f:
        f.write('appended %d\\n' % i)
    time.sleep(0.0005)
`,
    file('log.txt'),
  ]);
  let running = true;
  const finished = new Promise<void>((resolve) => appender.on('close', () => resolve()));
  void finished.then(() => (running = false));
  let applied = 0;
  let conflicts = 0;
  // 20 edits spread over the appender's run (bounded by count; each waits for the next few appends).
  for (let i = 0; i < 20 && running; i++) {
    await workspace
      .edit('log.txt', (t) => t.replace(/^counter \d+/, `counter ${applied + 1}`))
      .then(
        () => applied++,
        (error) => {
          if (!(error instanceof ConflictError)) throw error;
          conflicts++;
        },
      );
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await finished;
  const text = await fs.readFile(file('log.txt'), 'utf8');
  const appended = text.split('\n').filter((l) => l.startsWith('appended '));
  console.log(
    `appender: ${appended.length} of ${APPENDS} lines kept; ${applied} edits applied, ${conflicts} refused as conflicts`,
  );
  expect(appended).toEqual(Array.from({ length: APPENDS }, (_, i) => `appended ${i}`));
  expect(text.startsWith(`counter ${applied}\n`)).toBe(true);
}, 30_000);
