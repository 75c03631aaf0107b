import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

// Each test starts a host and runs git several times (hooks included): on a loaded two-core machine
// that is seconds, not Jest's 5 s default.
jest.setTimeout(120_000);

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'one\n', 'b.txt': 'b\n' }, message: 'first' },
    { files: { 'a.txt': 'two\n' }, message: 'second' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_diff', () => {
  it('diffs the working tree, the index, a revision and one path', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'three\n');
    await fs.writeFile(path.join(h.root, 'b.txt'), 'B\n');
    const working = (await h.call('git_diff', {})).text;
    expect(working).toContain('-two\n+three');
    expect(working).toContain('+B');
    expect((await h.call('git_diff', { staged: true })).text).toBe('No differences.');
    execFileSync('git', ['add', 'b.txt'], { cwd: h.root });
    expect((await h.call('git_diff', { staged: true })).text).toContain('+B');
    const sinceFirst = (await h.call('git_diff', { revision: 'HEAD~1', path: 'a.txt' })).text;
    expect(sinceFirst).toContain('-one\n+three');
    expect(sinceFirst).not.toContain('b.txt');
  });

  it('refuses option-like revisions and paths, and paths outside the workspace', async () => {
    for (const input of [
      { revision: '--output=/tmp/x' },
      { revision: '-p' },
      { path: '--output=x' },
      { path: '../../etc' },
      { revision: 'HEAD;rm -rf /' },
    ]) {
      const result = await h.call('git_diff', input);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/refused|outside the workspace|not a valid revision/);
    }
  });

  it('names new (untracked) files, and shows their content with includeUntracked, never binary ones', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'three\n');
    await fs.mkdir(path.join(h.root, 'src'));
    await fs.writeFile(path.join(h.root, 'src', 'new.ts'), 'export const x = 1;\nexport const y = 2;');
    await fs.writeFile(path.join(h.root, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await fs.symlink('/etc/passwd', path.join(h.root, 'link'));
    const listed = (await h.call('git_diff', {})).text;
    expect(listed).toContain('-two\n+three');
    expect(listed).toMatch(
      /\n\nUntracked files \(3; new files, not in the diff above — call git_diff with includeUntracked: true to see their content; stage them with git_add\):\n {2}image\.bin\n {2}link\n {2}src\/new\.ts$/,
    );
    const onlyNew = (await h.call('git_diff', { path: 'b.txt' })).text;
    expect(onlyNew).toBe('No differences.');
    const withContent = (await h.call('git_diff', { includeUntracked: true })).text;
    expect(withContent).toContain(
      'diff --git a/src/new.ts b/src/new.ts\nnew file mode 100644\n--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1,2 @@\n+export const x = 1;\n+export const y = 2;\n\\ No newline at end of file',
    );
    expect(withContent).toMatch(
      /Untracked files whose content is not shown \(2\):\n {2}image\.bin \(content not shown: binary, 4 bytes\)\n {2}link \(content not shown: a symbolic link\)/,
    );
    expect(withContent).not.toContain('root:');
    expect((await h.call('git_diff', { staged: true })).text).toBe('No differences.');
  });

  it('gives a per-file summary with stat: true', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'three\nfour\n');
    expect((await h.call('git_diff', { stat: true })).text).toBe('1 file(s) changed, +2 -1\na.txt | +2 -1');
  });
});
