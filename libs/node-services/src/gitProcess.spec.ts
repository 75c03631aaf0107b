// Every git child runs in its own process group, and nothing it started outlives the call: not on
// timeout, not on cancellation, not a hook's background job after git exits.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from '@toolpacks/base';
import { makeHostileRepository } from './testing/gitHostileFixtures';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

// Real repositories and processes: a loaded machine is slow, never wrong.
jest.setTimeout(30_000);

let base: string;
let root: string;
let pidFile: string;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-gitproc-')));
  root = path.join(base, 'workspace');
  pidFile = path.join(base, 'pids');
  await fs.mkdir(root);
  await makeHostileRepository(root, { name: 'plain', config: [] }, path.join(base, 'unused'));
});
afterEach(() => fs.rm(base, { recursive: true, force: true }));

/** Running: not gone, not a zombie waiting to be reaped, not dead. */
async function running(pid: number): Promise<boolean> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return !'ZXx'.includes(stat.slice(stat.lastIndexOf(')') + 2)[0]);
  } catch {
    return false;
  }
}

/**
 * Whether `pid` still runs once a SIGKILL had its chance to land: a killed process closes its
 * pipes a moment before its state says it exited, so a few looks are allowed (bounded by count).
 */
async function alive(pid: number): Promise<boolean> {
  for (let look = 0; look < 50; look++) {
    if (!(await running(pid))) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

async function recordedPids(expected: number): Promise<number[]> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const pids = (await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);
    if (pids.length >= expected) return pids;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the hook never recorded its processes');
}

async function writeHook(name: string, body: string): Promise<void> {
  await fs.writeFile(path.join(root, '.git', 'hooks', name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

/** A hook that starts a background sleep and a foreground one, recording both pids. */
const HANGING = `sleep 300 &\necho $! >> '{pids}'\necho $$ >> '{pids}'\nsleep 300`;

describe('git child processes', () => {
  it('on timeout, the whole group ends: the hook shell and both sleeps', async () => {
    await writeHook('pre-commit', HANGING.replaceAll('{pids}', pidFile));
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root), { timeoutMs: 3000 });
    await expect(git.commit('hangs', { all: true, allowRepositoryPrograms: true })).rejects.toThrow(
      /did not finish within 3 s and was stopped/,
    );
    const pids = await recordedPids(2);
    for (const pid of pids) expect(await alive(pid)).toBe(false);
  });

  it('on cancellation, the whole group ends', async () => {
    await writeHook('pre-commit', HANGING.replaceAll('{pids}', pidFile));
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    const source = new CancellationTokenSource();
    const commit = git.commit('cancelled', { all: true, allowRepositoryPrograms: true }, source.token);
    const pids = await recordedPids(2);
    for (const pid of pids) expect(await running(pid)).toBe(true);
    source.cancel();
    await expect(commit).rejects.toThrow(/git commit was cancelled/);
    for (const pid of pids) expect(await alive(pid)).toBe(false);
  });

  it('a background job a hook leaves behind ends when git exits, and the call returns', async () => {
    await writeHook('post-commit', `sleep 300 &\necho $! >> '${pidFile}'`);
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    expect((await git.commit('leaves a job', { all: true, allowRepositoryPrograms: true })).text).toMatch(
      /leaves a job/,
    );
    const [pid] = await recordedPids(1);
    expect(await alive(pid)).toBe(false);
  });

  it('a token cancelled before the call runs nothing', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await expect(new NodeGitService(new NodeWorkspaceFileSystem(root)).status(source.token)).rejects.toThrow(
      /cancelled/,
    );
  });
});
