import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(30_000);

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'one\n', 'b.txt': 'b\n', '.vscode/tasks.json': '{}\n' }, message: 'init' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_restore', () => {
  it('discards working-tree changes after asking with the diff that will be lost', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'LOST WORK\n');
    const asked: ConfirmationRequest[] = [];
    const result = await h.call('git_restore', { paths: ['a.txt'] }, { confirm: async (r) => (asked.push(r), 'once') });
    expect(asked[0].title).toBe('Discard changes?');
    expect(asked[0].message).toContain('DISCARDS the working-tree changes');
    expect(asked[0].message).toContain('Files (1): a.txt');
    expect(asked[0].message).toContain('Changes that will be lost:');
    expect(asked[0].message).toContain('-one\n+LOST WORK');
    expect(result.text).toBe('Discarded the working-tree changes of 1 file(s): a.txt.');
    expect(await h.read('a.txt')).toBe('one\n');
  });

  it('unstages with staged: true and keeps the change in the working tree', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'two\n');
    sh('add', 'a.txt');
    const result = await h.call('git_restore', { paths: ['a.txt'], staged: true }, { confirm: async () => 'once' });
    expect(result.text).toMatch(/^Unstaged 1 file\(s\): a\.txt\. Their changes stay/);
    expect(sh('status', '--porcelain')).toBe(' M a.txt\n');
    expect(await h.read('a.txt')).toBe('two\n');
  });

  it('is declined without a person and with a decline; nothing is lost', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'keep\n');
    expect((await h.call('git_restore', { paths: ['a.txt'] })).status).toBe('declined');
    expect((await h.call('git_restore', { paths: ['a.txt'] }, { confirm: async () => 'decline' })).status).toBe(
      'declined',
    );
    expect(await h.read('a.txt')).toBe('keep\n');
  });

  it('asks a person every time for a sensitive file, whatever auto-approve says', async () => {
    await fs.writeFile(path.join(h.root, '.vscode/tasks.json'), '{"x":1}\n');
    const auto = await h.call('git_restore', { paths: ['.vscode'] }, { autoApprove: true });
    expect(auto.status).toBe('declined');
    const asked: ConfirmationRequest[] = [];
    await h.call(
      'git_restore',
      { paths: ['.vscode'] },
      { autoApprove: true, confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(asked[0].alwaysConfirm).toBe(true);
    expect(asked[0].message).toMatch(
      /which can make code run:\n- \.vscode\/tasks\.json — tasks are shell commands the editor runs; writes blob [0-9a-f]{40}\n/,
    );
    expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
  });

  it('refuses when the bytes to be lost change while the question waits: the yes covered the diff shown', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'shown work\n');
    const result = await h.call(
      'git_restore',
      { paths: ['a.txt'] },
      { confirm: async () => (await fs.writeFile(path.join(h.root, 'a.txt'), 'newer work, never shown\n'), 'once') },
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/changed after the question was shown[\s\S]*a\.txt#[0-9a-f]{64}/);
    expect(await h.read('a.txt')).toBe('newer work, never shown\n');
  });

  it('explains an untracked file, nothing to discard, and refuses hostile paths', async () => {
    const yes = { autoApprove: { git_restore: true } };
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    for (const [input, message] of [
      [{ paths: ['new.txt'] }, /New \(untracked\) files are not restored: delete them with delete_file/],
      [{ paths: ['b.txt'], staged: true }, /Nothing is staged in 'b\.txt'/],
      [{ paths: ['../x'] }, /outside the workspace/],
      [{ paths: ['--source=HEAD~5'] }, /starts with '-'.*refused/],
      [{ paths: ['.git'] }, /inside \.git.*refused/],
    ] as const) {
      const result = await h.call('git_restore', input, yes);
      expect([input, result.status, result.text]).toEqual([input, 'error', expect.stringMatching(message)]);
    }
    expect(await h.read('new.txt')).toBe('new\n');
  });
});
