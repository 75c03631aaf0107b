import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(30_000);

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
const current = () => sh('branch', '--show-current').trim();
const yes = { autoApprove: { git_switch: true } };
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n', 'b.txt': 'b\n' }, message: 'first' }]);
  sh('switch', '--quiet', '-c', 'feature');
  await fs.writeFile(path.join(h.root, 'a.txt'), 'feature a\n');
  await fs.writeFile(path.join(h.root, 'added.txt'), 'on feature\n');
  sh('add', '--all');
  sh('commit', '--quiet', '-m', 'feature work');
  sh('switch', '--quiet', 'main');
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_switch', () => {
  it('asks, says which changes come along, and switches', async () => {
    await fs.writeFile(path.join(h.root, 'b.txt'), 'local b\n');
    const asked: string[] = [];
    const result = await h.call(
      'git_switch',
      { branch: 'feature' },
      { confirm: async (r) => (asked.push(`${r.title} ${r.message}`), 'once') },
    );
    expect(asked[0]).toMatch(
      /^Switch branch\? git switch feature\n\nFrom main to feature at [0-9a-f]+ feature work\n\nUncommitted changes carried along to feature \(1\): b\.txt$/,
    );
    expect(result.text).toMatch(
      /^Switched to branch 'feature' at [0-9a-f]+ feature work \(was on main\)\.\nUncommitted changes carried along: b\.txt$/,
    );
    expect(current()).toBe('feature');
    expect(await h.read('b.txt')).toBe('local b\n');
  });

  it('creates a branch with create: true (and a start point)', async () => {
    const result = await h.call('git_switch', { branch: 'topic', create: true, startPoint: 'feature' }, yes);
    expect(result.text).toMatch(/^Switched to a new branch 'topic' at [0-9a-f]+ feature work/);
    expect(current()).toBe('topic');
  });

  it('refuses, naming the file, when an uncommitted change would be overwritten; nothing changes', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'precious\n');
    const asked: string[] = [];
    const result = await h.call(
      'git_switch',
      { branch: 'feature' },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked[0]).toContain(
      'git_switch will refuse: 1 file(s) would stop the switch or be lost:\n- a.txt: has uncommitted changes and differs on feature',
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(
      /refused.*\n- a\.txt: has uncommitted changes.*\nCommit them \(git_add, git_commit\), discard them \(git_restore\)/,
    );
    expect(current()).toBe('main');
    expect(await h.read('a.txt')).toBe('precious\n');
  });

  it('refuses when an untracked or ignored file would be overwritten', async () => {
    await fs.writeFile(path.join(h.root, '.git', 'info', 'exclude'), 'added.txt\n');
    await fs.writeFile(path.join(h.root, 'added.txt'), 'mine, ignored\n');
    const result = await h.call('git_switch', { branch: 'feature' }, yes);
    expect(result.text).toMatch(/- added\.txt: is untracked \(or ignored\) here and feature has its own version/);
    expect(await h.read('added.txt')).toBe('mine, ignored\n');
    expect(current()).toBe('main');
  });

  it('refuses, naming it, when an ignored file sits where the branch has a folder; the file is kept', async () => {
    sh('switch', '--quiet', '-c', 'other');
    await fs.mkdir(path.join(h.root, 'secret'));
    await fs.writeFile(path.join(h.root, 'secret', 'file'), 'tracked on other\n');
    sh('add', 'secret/file');
    sh('commit', '--quiet', '-m', 'secret folder');
    sh('switch', '--quiet', 'main');
    await fs.writeFile(path.join(h.root, '.gitignore'), 'secret\n');
    await fs.writeFile(path.join(h.root, 'secret'), 'precious\n');
    const asked: string[] = [];
    const result = await h.call(
      'git_switch',
      { branch: 'other' },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked[0]).toContain('git_switch will refuse');
    expect(result.status).toBe('error');
    expect(result.text).toMatch(
      /\n- secret: is an untracked \(or ignored\) file here where other has a folder \(secret\/file\): the switch would delete it/,
    );
    expect(await h.read('secret')).toBe('precious\n');
    expect(current()).toBe('main');
  });

  it('from an unborn branch, refuses what the switch would overwrite or delete', async () => {
    sh('switch', '--quiet', '--orphan', 'empty');
    await fs.writeFile(path.join(h.root, '.gitignore'), 'a.txt\nadded.txt\n');
    await fs.writeFile(path.join(h.root, 'a.txt'), 'precious a\n');
    await fs.writeFile(path.join(h.root, 'added.txt'), 'precious added\n');
    const result = await h.call('git_switch', { branch: 'feature' }, yes);
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/- a\.txt: is untracked \(or ignored\) here and feature has its own version/);
    expect(result.text).toMatch(/- added\.txt: is untracked/);
    expect(await h.read('a.txt')).toBe('precious a\n');
    expect(await h.read('added.txt')).toBe('precious added\n');
    expect(current()).toBe('empty');
    await fs.rm(path.join(h.root, 'a.txt'));
    await fs.rm(path.join(h.root, 'added.txt'));
    expect((await h.call('git_switch', { branch: 'feature' }, yes)).text).toMatch(/^Switched to branch 'feature'/);
    expect(current()).toBe('feature');
  });

  it('refuses option-like and unknown branches, and a start point without create', async () => {
    for (const [input, message] of [
      [{ branch: '-f' }, /starts with '-'.*refused/],
      [{ branch: '--detach' }, /starts with '-'.*refused/],
      [{ branch: '-' }, /starts with '-'.*refused/],
      [{ branch: 'nope' }, /no local branch 'nope'.*create: true/],
      [{ branch: 'feature', create: true }, /already exists/],
      [{ branch: 'x', startPoint: 'feature' }, /startPoint is only for a new branch/],
      [{ branch: 'x', create: true, startPoint: 'HEAD:a.txt' }, /must be one commit/],
      [{ branch: 'bad..name', create: true }, /not a valid branch name/],
    ] as const) {
      const result = await h.call('git_switch', input, yes);
      expect([input, result.status, result.text]).toEqual([input, 'error', expect.stringMatching(message)]);
    }
    expect(current()).toBe('main');
  });
});
