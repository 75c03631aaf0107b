// Issue 22's done-when: on a repository with a 200-file commit, git_show and git_diff stay within the
// default result budget (60,000 characters) and say how to get the rest; git_show {stat: true} lists
// every file. git_log and git_blame cut at a commit / a line and say how to go on.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, writeFiles, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(60_000);

const BUDGET = 60_000;
const FILES = 200;
const name = (i: number) => `src/file-${String(i).padStart(3, '0')}.ts`;
// ~2 KB of diff per file: 200 files are ~400 KB, past git's 200 KB output cap too.
const content = (i: number, tag: string) =>
  Array.from({ length: 40 }, (_, line) => `export const value${line} = '${tag} ${i} ${line} padding padding';`).join(
    '\n',
  ) + '\n';

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8', maxBuffer: 64 << 20 });

beforeAll(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [{ files: { 'README.md': '# r\n' }, message: 'init' }]);
  await writeFiles(h.root, Object.fromEntries(Array.from({ length: FILES }, (_, i) => [name(i), content(i, 'old')])));
  sh('add', '--all');
  sh('commit', '--quiet', '-m', 'Add 200 files');
  await writeFiles(h.root, Object.fromEntries(Array.from({ length: FILES }, (_, i) => [name(i), content(i, 'new')])));
  sh('commit', '--quiet', '-am', 'Change 200 files');
  await writeFiles(h.root, Object.fromEntries(Array.from({ length: FILES }, (_, i) => [name(i), content(i, 'work')])));
  await h.host.refresh();
});
afterAll(() => h.dispose());

describe('results within the budget', () => {
  it('git_show of a 200-file commit: whole files only, and how to get the rest', async () => {
    const result = await h.call('git_show', { revision: 'HEAD' });
    expect(result.status).toBe('ok');
    expect(result.text.length).toBeLessThanOrEqual(BUDGET);
    expect(result.text).toMatch(/^commit [0-9a-f]{40}\n/);
    expect(result.text).toContain('    Change 200 files');
    const shown = result.text.match(/^diff --git /gm)!.length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(FILES);
    // The last file shown is whole: its last line is the file's last line.
    const lastFile = result.text.lastIndexOf('diff --git');
    expect(result.text.slice(lastFile)).toMatch(/\+export const value39 = 'new \d+ 39 padding padding';\n\n\[Showing/);
    expect(result.text).toContain(`[Showing ${shown} of ${FILES} files`);
    expect(result.text).toContain(`Not shown: ${name(shown)}, ${name(shown + 1)},`);
    expect(result.text).toMatch(
      /Call git_show again with path set to one of them \(or a folder\) for its diff, or with stat: true for the per-file summary of all 200 files\.\]$/,
    );
    const one = await h.call('git_show', { revision: 'HEAD', path: name(FILES - 1) });
    expect(one.text).toContain(`+export const value0 = 'new ${FILES - 1} 0 padding padding';`);
    expect(one.text).not.toContain('[Showing');
  });

  it('git_show {stat: true} lists every file', async () => {
    const result = await h.call('git_show', { revision: 'HEAD', stat: true });
    expect(result.text.length).toBeLessThanOrEqual(BUDGET);
    expect(result.text).toContain('200 file(s) changed, +8,000 -8,000');
    for (let i = 0; i < FILES; i++) expect(result.text).toContain(`${name(i)} | +40 -40`);
    expect(result.text).not.toContain('diff --git');
  });

  it('git_diff of 200 changed files, and its stat', async () => {
    const result = await h.call('git_diff', {});
    expect(result.text.length).toBeLessThanOrEqual(BUDGET);
    expect(result.text).toMatch(/^diff --git a\/src\/file-000\.ts b\/src\/file-000\.ts\n/);
    expect(result.text).toMatch(/\[Showing \d+ of 200 files: .*Call git_diff again with path set to one of them/);
    const stat = await h.call('git_diff', { stat: true });
    expect(stat.text.split('\n').filter((l) => / \| \+40 -40$/.test(l))).toHaveLength(FILES);
  });

  it('a smaller host budget is honoured, and one file over it is cut at a hunk', async () => {
    const result = await h.call('git_diff', { path: name(0) }, { tokenBudget: 500 });
    expect(result.text.length).toBeLessThanOrEqual(2_000);
    expect(result.text).toMatch(/^diff --git a\/src\/file-000\.ts/);
    expect(result.text).toMatch(
      /src\/file-000\.ts: showing the start of hunk 1 \(of 1\); its diff is over the result budget of 2,000 characters\. Read the cut hunk's lines with read_file\.\]/,
    );
  });

  it('git_blame cuts at a line and names the next range', async () => {
    await fs.writeFile(path.join(h.root, 'README.md'), '# r\n');
    const result = await h.call('git_blame', { path: name(0) }, { tokenBudget: 700 });
    const lines = result.text.split('\n\n')[0].split('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(result.text).toContain(
      `[Showing lines 1–${lines.length} of 1–40: the rest is over the result budget of 2,800 characters. Call git_blame with startLine: ${lines.length + 1}, endLine: ${Math.min(40, 2 * lines.length)} for the next lines.]`,
    );
  });
});

describe('git_log within the budget', () => {
  it('cuts at a commit and says how to page on with skip', async () => {
    const log = await createPackHarness([gitPack]);
    try {
      await initRepository(
        log.root,
        Array.from({ length: 30 }, (_, i) => ({ files: { 'a.txt': `${i}\n` }, message: `commit number ${i}` })),
      );
      await log.host.refresh();
      const result = await log.call('git_log', { count: 30 }, { tokenBudget: 300 });
      expect(result.text.length).toBeLessThanOrEqual(1_200);
      const shown = result.text.match(/^ {4}commit number/gm)!.length;
      expect(shown).toBeGreaterThan(3);
      expect(result.text).toMatch(/ {4}commit number 29\n/);
      expect(result.text).toContain(
        `[Showing ${shown} of 30 commits: the rest are over the result budget of 1,200 characters. Call git_log with skip: ${shown} for the next ones, or a smaller count.]`,
      );
      const next = await log.call('git_log', { count: 1, skip: shown });
      expect(next.text).toMatch(new RegExp(`commit number ${29 - shown}$`));
    } finally {
      await log.dispose();
    }
  });
});

describe('one file over the budget', () => {
  let big: PackHarness;
  const lines = Array.from(
    { length: 400 },
    (_, i) => `line ${i + 1} of the big file, with some padding to make it long`,
  );
  beforeAll(async () => {
    big = await createPackHarness([gitPack]);
    await initRepository(big.root, [
      { files: { 'big.txt': `${lines.join('\n')}\n` }, message: 'big' },
      {
        files: { 'big.txt': `${lines.map((l, i) => (i % 20 === 10 ? `${l} CHANGED` : l)).join('\n')}\n` },
        message: 'changed',
      },
    ]);
    await big.host.refresh();
  });
  afterAll(() => big.dispose());

  it.each(['git_show', 'git_diff'])('%s: hunkOffset goes on through every hunk of the file', async (tool) => {
    const input = tool === 'git_show' ? { revision: 'HEAD', path: 'big.txt' } : { revision: 'HEAD~1', path: 'big.txt' };
    const seen: string[] = [];
    let offset: number | undefined = 0;
    for (let calls = 0; offset !== undefined && calls < 30; calls++) {
      const result = await big.call(
        tool,
        { ...input, ...(offset ? { hunkOffset: offset } : {}) },
        { tokenBudget: 500 },
      );
      expect(result.text.length).toBeLessThanOrEqual(2_000);
      seen.push(...[...result.text.matchAll(/^\+(line \d+) .* CHANGED$/gm)].map((m) => m[1]));
      const next =
        /For the rest call \w+ again with path: 'big\.txt', hunkOffset: (\d+) \(the next hunk starts at @@/.exec(
          result.text,
        );
      offset = next ? Number(next[1]) : undefined;
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i * 20 + 11}`));
    expect((await big.call(tool, { ...input, hunkOffset: 99 })).text).toMatch(
      /it has only 20 hunk\(s\), none from hunkOffset 99/,
    );
    expect((await big.call(tool, { ...input, path: undefined, hunkOffset: 1 })).text).toMatch(/hunkOffset needs path/);
  });

  it("git_show of 'rev:path' content goes on with startLine", async () => {
    const read: string[] = [];
    let start: number | undefined = 1;
    for (let calls = 0; start !== undefined && calls < 30; calls++) {
      const result = await big.call(
        'git_show',
        { revision: 'HEAD~1:big.txt', ...(start > 1 ? { startLine: start } : {}) },
        { tokenBudget: 1_000 },
      );
      expect(result.text.length).toBeLessThanOrEqual(4_000);
      const [body] = result.text.split('\n\n[');
      read.push(...body.split('\n'));
      const next = /Call git_show again with revision: 'HEAD~1:big\.txt', startLine: (\d+) for the next lines/.exec(
        result.text,
      );
      expect(next === null || Number(next[1]) === read.length + 1).toBe(true);
      start = next ? Number(next[1]) : undefined;
    }
    expect(read).toEqual(lines);
    expect((await big.call('git_show', { revision: 'HEAD', startLine: 2 })).text).toMatch(
      /startLine is for a file at a revision/,
    );
  });
});
