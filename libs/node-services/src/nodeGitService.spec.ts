import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { blameText, diffText, showText } from './gitTestText';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

// Each case runs several gits: on a busy machine more than jest's default 5 s.
jest.setTimeout(30_000);

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
    expect(await diffText(git, {})).toContain('-three\n+THREE');
    expect(await diffText(git, { staged: true })).toBe('No differences.');
    sh('add', 'a.txt');
    expect(await diffText(git, { staged: true })).toContain('+THREE');
    const againstFirst = await diffText(git, { revision: 'HEAD~1', path: 'a.txt' });
    expect(againstFirst).toContain('-two');
    expect(againstFirst).toContain('+THREE');
  });

  it('shows the log, a commit and blame for a line range', async () => {
    const log = await git.log({ count: 5 });
    expect(log).toMatch(
      /^[0-9a-f]{7,} \d{4}-\d\d-\d\dT\S+ Test User\n {4}second commit\n[0-9a-f]{7,} .*\n {4}first commit$/,
    );
    expect((await git.log({ count: 1, path: 'a.txt' })).split('\n')).toHaveLength(2);
    const show = await showText(git, 'HEAD~1');
    expect(show).toContain('first commit');
    expect(show).toContain('+two');
    const blame = await blameText(git, 'a.txt', { startLine: 2, endLine: 2 });
    expect(blame.split('\n')).toHaveLength(1);
    expect(blame).toMatch(/Test User \d{4}-\d\d-\d\d 2\) TWO$/);
  });

  it('commits staged or all tracked changes, with the message passed safely', async () => {
    await expect(git.commit('nothing here')).rejects.toThrow(/Nothing to commit/);
    await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
    const out = await git.commit('--amend; rm -rf / $(whoami)', { all: true });
    expect(out.text).toMatch(/\[main [0-9a-f]+\] --amend; rm -rf \/ \$\(whoami\)/);
    expect(sh('log', '-1', '--format=%s').trim()).toBe('--amend; rm -rf / $(whoami)');
    expect(sh('rev-list', '--count', 'HEAD').trim()).toBe('3');
    // The commit's full hash and its files come with it: nothing has to ask git afterwards.
    expect(out).toMatchObject({ hash: sh('rev-parse', 'HEAD').trim(), files: ['a.txt'] });
  });

  it.each([
    () => showText(git, '--output=/tmp/pwned'),
    () => diffText(git, { revision: '--upload-pack=touch /tmp/pwned' }),
    () => diffText(git, { revision: 'HEAD --output=x' }),
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
    expect(await showText(git, 'HEAD')).toMatch(/^commit [0-9a-f]{40}\n[\s\S]*empty commit$/);
  });

  it("reports git's own error for an unknown revision", async () => {
    await expect(showText(git, 'no-such-branch')).rejects.toThrow(/git show failed: fatal: .*no-such-branch/);
  });

  it("counts every file of a list longer than git's output cap (git_add's question and its result)", async () => {
    const small = new NodeGitService(new NodeWorkspaceFileSystem(root), { maxOutputBytes: 2048 });
    await fs.mkdir(path.join(root, 'many'));
    const names = Array.from(
      { length: 150 },
      (_, i) => `many/a-rather-long-file-name-${String(i).padStart(3, '0')}.txt`,
    );
    for (const name of names) await fs.writeFile(path.join(root, name), `${name}\n`);
    await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
    const description = await small.describeAdd({ all: true });
    expect(description.files).toEqual([...names, 'a.txt'].sort());
    expect(description.newCount).toBe(150);
    const staged = await small.add({ all: true });
    expect(staged.text).toMatch(/^Staged 151 file\(s\) \(150 new\): /);
    // The description it staged by comes with it, whole.
    expect(staged.description).toMatchObject({ files: [...names, 'a.txt'].sort(), newCount: 150 });
    expect(sh('diff', '--cached', '--name-only').trim().split('\n')).toHaveLength(151);
    expect((await small.describeCommit({})).files).toHaveLength(151);
  });

  it.each([
    ['diff.noprefix', 'true'],
    ['diff.mnemonicPrefix', 'true'],
    ['diff.srcPrefix', 'b/'],
    ['diff.dstPrefix', 'a/'],
  ])('splits diffs and commits per file whatever %s says', async (key, value) => {
    sh('config', key, value);
    await fs.mkdir(path.join(root, 'b'));
    await fs.writeFile(path.join(root, 'b', 'x.txt'), 'x\n');
    await fs.writeFile(path.join(root, 'a.txt'), 'one\nTWO\nTHREE\n');
    sh('add', 'b/x.txt', 'a.txt');
    sh('commit', '--quiet', '-m', 'folder b');
    await fs.writeFile(path.join(root, 'b', 'x.txt'), 'y\n');
    await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
    const working = await git.diffPatch({});
    expect(working.files.map((f) => f.path)).toEqual(['a.txt', 'b/x.txt']);
    expect(working.files[1].text).toMatch(
      /^diff --git a\/b\/x\.txt b\/b\/x\.txt\n[\s\S]*\n--- a\/b\/x\.txt\n\+\+\+ b\/b\/x\.txt\n/,
    );
    sh('add', 'a.txt');
    expect((await git.diffPatch({ staged: true })).files.map((f) => f.path)).toEqual(['a.txt']);
    expect((await git.diffPatch({ revision: 'HEAD~1' })).files.map((f) => f.path)).toEqual(['a.txt', 'b/x.txt']);
    const shown = await git.showPatch('HEAD');
    expect(shown.files.map((f) => f.path)).toEqual(['a.txt', 'b/x.txt']);
    expect(shown.files[1].text).toContain('+++ b/b/x.txt');
    expect((await git.describeRestore({ paths: ['b'] })).diff).toContain('--- a/b/x.txt\n+++ b/b/x.txt');
  });

  it('says the files given as paths stay staged when a hook then rejects the commit', async () => {
    const hook = path.join(root, '.git', 'hooks', 'pre-commit');
    await fs.writeFile(hook, '#!/bin/sh\necho "lint failed" >&2\nexit 1\n');
    await fs.chmod(hook, 0o755);
    await fs.writeFile(path.join(root, 'new.txt'), 'new\n');
    const commit = git.commit('add new', { paths: ['new.txt'], allowRepositoryPrograms: true });
    await expect(commit).rejects.toThrow(
      /git commit failed: lint failed\nNo commit was made, but the files given as paths were staged first and stay staged: new\.txt\./,
    );
    expect(sh('status', '--porcelain')).toBe('A  new.txt\n');
    expect(sh('rev-list', '--count', 'HEAD').trim()).toBe('2');
  });
});
