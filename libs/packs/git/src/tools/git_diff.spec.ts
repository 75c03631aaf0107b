import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

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
});
