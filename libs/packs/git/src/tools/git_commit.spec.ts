import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
const commitCount = () =>
  execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: h.root, encoding: 'utf8' }).trim();
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n' }, message: 'init' }]);
  await h.host.refresh();
  await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
});
afterEach(() => h.dispose());

describe('git_commit', () => {
  it('asks for confirmation with the message, and commits when approved', async () => {
    const asked: string[] = [];
    const result = await h.call(
      'git_commit',
      { message: 'Change a', all: true },
      { confirm: async (r) => (asked.push(`${r.title} ${r.message}`), 'once') },
    );
    expect(asked).toEqual(['Commit changes? git commit --all with the message:\n\nChange a\n\nFiles (1): a.txt']);
    expect(result).toMatchObject({
      status: 'ok',
      text: expect.stringMatching(/^\[main [0-9a-f]+\] Change a\n 1 file changed/),
    });
    expect(commitCount()).toBe('2');
  });

  it('commits nothing when declined or when nobody can confirm, and tells the model so', async () => {
    const declined = await h.call('git_commit', { message: 'x', all: true }, { confirm: async () => 'decline' });
    expect(declined.status).toBe('declined');
    expect(declined.text).toMatch(/The user declined to run `git_commit`/);
    expect((await h.call('git_commit', { message: 'x', all: true })).status).toBe('declined');
    expect(commitCount()).toBe('1');
    const next = await h.call('git_status', {});
    expect(next.status).toBe('ok');
  });

  it('explains that nothing is staged', async () => {
    const result = await h.call('git_commit', { message: 'x' }, { autoApprove: { git_commit: true } });
    expect(result.text).toMatch(
      /Nothing to commit: no changes are staged in the workspace\. Stage files with git_add \(new files too\), or call git_commit with paths/,
    );
  });

  it('adds the files in paths, a new one included, and commits them in one call', async () => {
    await fs.mkdir(path.join(h.root, 'src'));
    await fs.writeFile(path.join(h.root, 'src', 'new.ts'), 'export {};\n');
    const asked: string[] = [];
    const result = await h.call(
      'git_commit',
      { message: 'Add new.ts', paths: ['src/new.ts'] },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked).toEqual([
      'git add -- src/new.ts\nthen\ngit commit with the message:\n\nAdd new.ts\n\nFiles (1): src/new.ts',
    ]);
    expect(result.text).toMatch(/^\[main [0-9a-f]+\] Add new\.ts\n 1 file changed/);
    expect(execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], { cwd: h.root, encoding: 'utf8' })).toBe(
      'src/new.ts\n',
    );
    // a.txt was changed but not given: it stays uncommitted.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: h.root, encoding: 'utf8' })).toBe(' M a.txt\n');
  });

  it('refuses paths outside the workspace or like options, committing nothing', async () => {
    for (const paths of [['../x'], ['--all'], ['.git/hooks']]) {
      const result = await h.call('git_commit', { message: 'x', paths }, { autoApprove: { git_commit: true } });
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace|refused/);
    }
    expect(commitCount()).toBe('1');
  });
});
