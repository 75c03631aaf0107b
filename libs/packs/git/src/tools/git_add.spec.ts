import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(30_000);

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
const staged = () => sh('diff', '--cached', '--name-only').trim().split('\n').filter(Boolean);
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n', '.gitignore': 'ignored.txt\n' }, message: 'init' }]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_add', () => {
  it('asks with the files, stages a new file, and git_commit then commits it', async () => {
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    const asked: string[] = [];
    const added = await h.call(
      'git_add',
      { paths: ['new.txt'] },
      { confirm: async (r) => (asked.push(`${r.title} ${r.message}`), 'once') },
    );
    expect(asked).toEqual(['Stage files? git add -- new.txt\n\nFiles (1, 1 new): new.txt']);
    expect(added).toMatchObject({
      status: 'ok',
      text: expect.stringMatching(/^Staged 1 file\(s\) \(1 new\): new\.txt/),
    });
    expect(staged()).toEqual(['new.txt']);
    const commit = await h.call('git_commit', { message: 'Add new' }, { autoApprove: { git_commit: true } });
    expect(commit.text).toMatch(/^\[main [0-9a-f]+\] Add new\n 1 file changed/);
    expect(sh('show', '--name-only', '--format=', 'HEAD').trim()).toBe('new.txt');
  });

  it('stages every change with all: true, deletions and new files included, never ignored files', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
    await fs.writeFile(path.join(h.root, 'b.txt'), 'b\n');
    await fs.writeFile(path.join(h.root, 'ignored.txt'), 'x\n');
    const result = await h.call('git_add', { all: true }, { autoApprove: { git_add: true } });
    expect(result.text).toMatch(/^Staged 2 file\(s\) \(1 new\): a\.txt, b\.txt/);
    expect(staged()).toEqual(['a.txt', 'b.txt']);
  });

  it('is declined when nobody can confirm, and stages nothing', async () => {
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    expect((await h.call('git_add', { paths: ['new.txt'] })).status).toBe('declined');
    expect(staged()).toEqual([]);
  });

  it('refuses paths outside the root, option-like paths, .git, ignored files and empty input', async () => {
    const yes = { autoApprove: { git_add: true } };
    await fs.writeFile(path.join(h.root, 'ignored.txt'), 'x\n');
    for (const [input, message] of [
      [{ paths: ['../outside.txt'] }, /outside the workspace/],
      [{ paths: ['--chmod=+x'] }, /starts with '-'.*refused/],
      [{ paths: ['-A'] }, /starts with '-'.*refused/],
      [{ paths: ['.git/config'] }, /inside \.git.*refused/],
      [{ paths: ['ignored.txt'] }, /Nothing to stage .*ignored files are never staged/],
      [{ paths: ['a.txt'], all: true }, /either paths or all/],
      [{}, /git_add needs paths/],
    ] as const) {
      const result = await h.call('git_add', input, yes);
      expect([input, result.status, result.text]).toEqual([input, 'error', expect.stringMatching(message)]);
    }
    expect(staged()).toEqual([]);
  });
});
