// The attack of issue 8 (#5): a folder and a symlink to outside the root exchanged with
// renameat2(RENAME_EXCHANGE) in a loop by another process, 1,000 swaps, while the workspace reads,
// creates, replaces and searches under that folder. An escape is a file created or modified
// outside the root, or outside content returned. A naive path check (realpath, then open by path)
// runs alongside as a control, to show the harness does see escapes.
import { spawn, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeSearchService } from './nodeSearchService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

const SWAPS = 1000;
const SECRET = 'OUTSIDE-SECRET';
const canSwap = process.platform === 'linux' && spawnSync('python3', ['--version']).status === 0;
const hasRipgrep = spawnSync('rg', ['--version']).status === 0;

const SWAPPER = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD = -100
a, b, n = sys.argv[1].encode(), sys.argv[2].encode(), int(sys.argv[3])
for i in range(n):
    if libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, 2) != 0:
        sys.exit('renameat2 failed: ' + os.strerror(ctypes.get_errno()))
    time.sleep(0.001)
# leave the folder in place
if os.path.islink(sys.argv[1]):
    libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, 2)
print(n)
`;

let sandbox: string;
let root: string;
let outside: string;

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-race-')));
  root = path.join(sandbox, 'root');
  outside = path.join(sandbox, 'outside');
  await fs.mkdir(path.join(root, 'sw'), { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(root, 'sw/data.txt'), 'inside data\n');
  await fs.writeFile(path.join(root, 'sw/edit.txt'), 'inside edit\n');
  await fs.writeFile(path.join(outside, 'data.txt'), `${SECRET} data\n`);
  await fs.writeFile(path.join(outside, 'edit.txt'), `${SECRET} edit\n`);
  await fs.symlink('../outside', path.join(root, '.swap'));
});

afterEach(() => fs.rm(sandbox, { recursive: true, force: true }));

function startSwapper(): Promise<void> {
  const child = spawn('python3', ['-c', SWAPPER, path.join(root, 'sw'), path.join(root, '.swap'), String(SWAPS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`swapper: ${output}`)))),
  );
}

async function naiveRead(relative: string): Promise<string | undefined> {
  const real = await fs.realpath(path.join(root, relative)).catch(() => undefined);
  if (!real || !real.startsWith(root + path.sep)) return undefined;
  return fs.readFile(real, 'utf8').catch(() => undefined);
}

(canSwap ? describe : describe.skip)(`confinement under a rename-exchange race (${SWAPS} swaps)`, () => {
  it('never reads, creates, replaces or searches outside the root', async () => {
    const workspace = new NodeWorkspaceFileSystem(root);
    const engines = [
      new NodeSearchService(root, { ripgrep: false }),
      ...(hasRipgrep ? [new NodeSearchService(root)] : []),
    ];
    const escapes = { read: 0, create: 0, replace: 0, search: 0, naiveRead: 0 };
    const done = { read: 0, create: 0, replace: 0, search: 0 };
    let running = true;
    const swapper = startSwapper().finally(() => (running = false));
    const loop = async (work: (i: number) => Promise<void>) => {
      for (let i = 0; running; i++) await work(i).catch(() => undefined);
    };
    await Promise.all([
      swapper,
      loop(async () => {
        const text = await workspace.readText('sw/data.txt');
        done.read++;
        if (text.includes(SECRET)) escapes.read++;
      }),
      loop(async () => {
        if ((await naiveRead('sw/data.txt'))?.includes(SECRET)) escapes.naiveRead++;
      }),
      loop(async (i) => {
        await workspace.writeText(`sw/new-${i}.txt`, 'created\n', 'create');
        done.create++;
      }),
      loop(async (i) => {
        await workspace.edit('sw/edit.txt', (t) => `${t}${i}\n`);
        done.replace++;
      }),
      loop(async (i) => {
        const result = await engines[i % engines.length].grep({
          pattern: 'data|edit',
          isRegexp: true,
          caseSensitive: true,
          maxResults: 100,
        });
        done.search++;
        escapes.search += result.matches.filter((m) => m.text.includes(SECRET)).length;
      }),
    ]);
    const outsideFiles = (await fs.readdir(outside)).sort();
    escapes.create = outsideFiles.filter((name) => name !== 'data.txt' && name !== 'edit.txt').length;
    if ((await fs.readFile(path.join(outside, 'edit.txt'), 'utf8')) !== `${SECRET} edit\n`) escapes.replace++;
    if ((await fs.readFile(path.join(outside, 'data.txt'), 'utf8')) !== `${SECRET} data\n`) escapes.replace++;
    // Measured numbers for the report (the naive control shows the harness sees escapes).
    console.log(`race: ${SWAPS} swaps; completed ${JSON.stringify(done)}; escapes ${JSON.stringify(escapes)}`);
    expect(done.read + done.create + done.replace + done.search).toBeGreaterThan(0);
    expect({ read: escapes.read, create: escapes.create, replace: escapes.replace, search: escapes.search }).toEqual({
      read: 0,
      create: 0,
      replace: 0,
      search: 0,
    });
    expect(outsideFiles).toEqual(['data.txt', 'edit.txt']);
  }, 60_000);
});
