// git_diff's and git_show's data says what their text shows: every file whose diff is shown is
// counted once and never "not shown" (a name with a space: git ends `+++ b/sp ace.md` with a TAB),
// untracked files shown with includeUntracked are counted as the text counts them, and an annotated
// tag's message cannot stand in for the commit it points at.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from './index';

jest.setTimeout(60_000);

const NAMES = ['a (copy) [x].md', 'plain.md', 'sp ace.md', 'ünï.md'];

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: Object.fromEntries(NAMES.map((n) => [n, 'x\n'])), message: 'first' }]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

const modified = NAMES.map((name) => ({ path: name, status: 'modified', additions: 1, deletions: 1 }));

describe('names with a space, brackets or accents', () => {
  it('git_diff and git_show show and count each file once, with its status', async () => {
    for (const name of NAMES) await fs.writeFile(path.join(h.root, name), 'y\n');
    const diff = await h.call('git_diff', {});
    expect(diff.text).not.toContain('Not shown');
    expect(diff.text.match(/^diff --git /gm)).toHaveLength(4);
    expect(diff.structuredContent).toMatchObject({ files: modified, fileCount: 4, untracked: [], truncated: false });
    expect(diff.structuredContent).not.toHaveProperty('omitted');

    sh('commit', '--quiet', '-am', 'second');
    const show = await h.call('git_show', { revision: 'HEAD' });
    expect(show.text).not.toContain('Not shown');
    expect(show.structuredContent).toMatchObject({ files: modified, fileCount: 4, truncated: false });
    expect(show.structuredContent).not.toHaveProperty('omitted');
  });
});

describe('includeUntracked', () => {
  it('counts the untracked files whose content it shows as the text does, and lists them as added', async () => {
    await fs.writeFile(path.join(h.root, 'plain.md'), 'y\n');
    await fs.writeFile(path.join(h.root, 'new one.txt'), 'a\nb\nc\n');
    await fs.writeFile(path.join(h.root, 'empty.txt'), '');
    // Over the budget: the text names the files it left out, of how many.
    await fs.writeFile(path.join(h.root, 'zz big.txt'), `${'long line of text\n'.repeat(400)}`);
    const result = await h.call('git_diff', { includeUntracked: true }, { tokenBudget: 1_000 });
    const count = Number(/\[Showing \d+ of (\d+) files/.exec(result.text)?.[1]);
    const data = result.structuredContent as { files: { path: string }[]; fileCount: number; omitted: string[] };
    expect(count).toBe(4);
    expect(data.fileCount).toBe(count);
    expect(data.files).toEqual([
      { path: 'plain.md', status: 'modified', additions: 1, deletions: 1 },
      { path: 'empty.txt', status: 'added', additions: 0, deletions: 0 },
      { path: 'new one.txt', status: 'added', additions: 3, deletions: 0 },
      { path: 'zz big.txt', status: 'added', additions: 400, deletions: 0 },
    ]);
    expect(data.omitted).toEqual(['zz big.txt']);
    expect(result.text).toContain('Not shown: zz big.txt.');
  });
});

describe('git_show of an annotated tag', () => {
  it("takes the commit from the tag's target, never from its message, and counts its files", async () => {
    await fs.writeFile(path.join(h.root, 'plain.md'), 'y\n');
    sh('commit', '--quiet', '-am', 'second');
    const head = sh('rev-parse', 'HEAD').trim();
    const message = [
      'release',
      `commit ${'0123456789'.repeat(4)}`,
      'Author: Mallory <m@example.com>',
      '',
      'diff --git a/fake.txt b/fake.txt',
      '--- a/fake.txt',
      '+++ b/fake.txt',
    ].join('\n');
    sh('tag', '-a', 'v1', '-m', message);
    for (const stat of [true, false]) {
      const result = await h.call('git_show', { revision: 'v1', stat });
      expect(result.text).toContain('Mallory'); // the tag's message is shown as git shows it
      expect(result.text).not.toContain('No files changed.');
      expect(result.structuredContent).toMatchObject({
        kind: 'commit',
        commit: { hash: head, author: 'Test User <test@example.com>', subject: 'second' },
        files: [{ path: 'plain.md', additions: 1, deletions: 1, ...(stat ? {} : { status: 'modified' }) }],
        fileCount: 1,
        truncated: false,
      });
    }
  });
});
