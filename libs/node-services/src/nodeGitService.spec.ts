import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

let root: string;
let git: NodeGitService;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-git-')));
  sh('init', '--quiet', '--initial-branch=main');
  sh('config', 'user.name', 'Test User');
  sh('config', 'user.email', 'test@example.com');
  await fs.writeFile(path.join(root, 'a.txt'), 'one\ntwo\nthree\n');
  sh('add', 'a.txt');
  sh('commit', '--quiet', '-m', 'first commit');
  await fs.writeFile(path.join(root, 'a.txt'), 'one\nTWO\nthree\n');
  sh('commit', '--quiet', '-am', 'second commit');
  git = new NodeGitService(new NodeWorkspaceFileSystem(root));
});

afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('NodeGitService', () => {
  it('knows whether the workspace is a repository', async () => {
    expect(await git.isRepository()).toBe(true);
    const plain = await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-plain-'));
    expect(await new NodeGitService(new NodeWorkspaceFileSystem(plain)).isRepository()).toBe(false);
    await fs.rm(plain, { recursive: true });
  });

  it('reports status, diffs (working tree, staged, against a revision, one path)', async () => {
    expect(await git.status()).toBe('## main');
    await fs.writeFile(path.join(root, 'a.txt'), 'one\nTWO\nTHREE\n');
    await fs.writeFile(path.join(root, 'new.txt'), 'new\n');
    expect(await git.status()).toBe('## main\n M a.txt\n?? new.txt');
    expect(await git.diff({})).toContain('-three\n+THREE');
    expect(await git.diff({ staged: true })).toBe('No differences.');
    sh('add', 'a.txt');
    expect(await git.diff({ staged: true })).toContain('+THREE');
    const againstFirst = await git.diff({ revision: 'HEAD~1', path: 'a.txt' });
    expect(againstFirst).toContain('-two');
    expect(againstFirst).toContain('+THREE');
  });

  it('shows the log, a commit and blame for a line range', async () => {
    const log = await git.log({ count: 5 });
    expect(log).toMatch(
      /^[0-9a-f]{7,} \d{4}-\d\d-\d\dT\S+ Test User\n {4}second commit\n[0-9a-f]{7,} .*\n {4}first commit$/,
    );
    expect((await git.log({ count: 1, path: 'a.txt' })).split('\n')).toHaveLength(2);
    const show = await git.show('HEAD~1');
    expect(show).toContain('first commit');
    expect(show).toContain('+two');
    const blame = await git.blame('a.txt', { startLine: 2, endLine: 2 });
    expect(blame.split('\n')).toHaveLength(1);
    expect(blame).toMatch(/Test User \d{4}-\d\d-\d\d 2\) TWO$/);
  });

  it('commits staged or all tracked changes, with the message passed safely', async () => {
    await expect(git.commit('nothing here')).rejects.toThrow(/Nothing to commit/);
    await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
    const out = await git.commit('--amend; rm -rf / $(whoami)', { all: true });
    expect(out).toMatch(/\[main [0-9a-f]+\] --amend; rm -rf \/ \$\(whoami\)/);
    expect(sh('log', '-1', '--format=%s').trim()).toBe('--amend; rm -rf / $(whoami)');
    expect(sh('rev-list', '--count', 'HEAD').trim()).toBe('3');
  });

  it.each([
    () => git.show('--output=/tmp/pwned'),
    () => git.diff({ revision: '--upload-pack=touch /tmp/pwned' }),
    () => git.diff({ revision: 'HEAD --output=x' }),
    () => git.log({ count: 1, path: '--output=x' }),
    () => git.blame('../outside.txt'),
    () => git.log({ count: 0 }),
    () => git.blame('a.txt', { startLine: 3, endLine: 1 }),
  ])('refuses hostile or invalid input %#, changing nothing', async (call) => {
    const before = sh('status', '--porcelain');
    await expect(call()).rejects.toBeInstanceOf(WorkspaceError);
    expect(sh('status', '--porcelain')).toBe(before);
    await expect(fs.access('/tmp/pwned')).rejects.toThrow();
  });

  it('at the repository top, log and show keep empty commits (no pathspec simplification)', async () => {
    sh('commit', '--quiet', '--allow-empty', '-m', 'empty commit');
    expect(await git.log({ count: 1 })).toMatch(/empty commit$/);
    expect(await git.show('HEAD')).toMatch(/^commit [0-9a-f]{40}\n[\s\S]*empty commit$/);
  });

  it("reports git's own error for an unknown revision", async () => {
    await expect(git.show('no-such-branch')).rejects.toThrow(/git show failed: fatal: .*no-such-branch/);
  });
});
