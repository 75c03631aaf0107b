import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'one\ntwo\nthree\n' }, message: 'first' },
    { files: { 'a.txt': 'one\nTWO\nthree\n' }, message: 'second' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_blame', () => {
  it('attributes each line, or a range', async () => {
    const whole = (await h.call('git_blame', { path: 'a.txt' })).text.split('\n');
    expect(whole).toHaveLength(3);
    expect(whole[1]).toMatch(/^[0-9a-f]+ \(Test User \d{4}-\d\d-\d\d 2\) TWO$/);
    const range = (await h.call('git_blame', { path: 'a.txt', startLine: 3, endLine: 3 })).text;
    expect(range).toMatch(/3\) three$/);
  });

  it('explains half a range, a missing file and an escape', async () => {
    expect((await h.call('git_blame', { path: 'a.txt', startLine: 2 })).text).toMatch(
      /Give both startLine and endLine/,
    );
    expect((await h.call('git_blame', { path: 'missing.txt' })).text).toMatch(/git blame failed/);
    expect((await h.call('git_blame', { path: '../a.txt' })).text).toMatch(/outside the workspace/);
  });

  it('keeps the columns and the data right for a path holding " (" and an author named like a date', async () => {
    const sh = (env: Record<string, string>, ...args: string[]) =>
      execFileSync('git', args, { cwd: h.root, encoding: 'utf8', env: { ...process.env, ...env } });
    const author = (name: string) => ({
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_AUTHOR_DATE: '2021-03-04T12:00:00+00:00',
    });
    await fs.writeFile(path.join(h.root, 'Report (final).txt'), 'one\ntwo\n');
    sh({}, 'add', '-A');
    sh(author('Ann (Work) 2020-01-01 1)'), 'commit', '--quiet', '-m', 'report');
    sh({}, 'mv', 'Report (final).txt', 'report.txt');
    await fs.appendFile(path.join(h.root, 'report.txt'), 'three\n');
    sh({}, 'add', '-A');
    sh(author('Bob'), 'commit', '--quiet', '-m', 'rename');
    const [first, second] = ['HEAD~1', 'HEAD'].map((rev) => sh({}, 'rev-parse', rev).trim());

    const result = await h.call('git_blame', { path: 'report.txt' });
    const lines = result.text.split('\n');
    const hash = (l: string) => l.split(' ')[0].replace('^', '');
    expect(lines).toEqual([
      `${lines[0].split(' ')[0]} Report (final).txt (Ann (Work) 2020-01-01 1) 2021-03-04 1) one`,
      `${lines[1].split(' ')[0]} Report (final).txt (Ann (Work) 2020-01-01 1) 2021-03-04 2) two`,
      `${lines[2].split(' ')[0]} report.txt         (Bob                      2021-03-04 3) three`,
    ]);
    expect(first.startsWith(hash(lines[0])) && second.startsWith(hash(lines[2]))).toBe(true);
    const common = { date: '2021-03-04' };
    expect(result.structuredContent).toEqual({
      lines: [
        {
          ...common,
          line: 1,
          hash: hash(lines[0]),
          author: 'Ann (Work) 2020-01-01 1)',
          text: 'one',
          path: 'Report (final).txt',
        },
        {
          ...common,
          line: 2,
          hash: hash(lines[1]),
          author: 'Ann (Work) 2020-01-01 1)',
          text: 'two',
          path: 'Report (final).txt',
        },
        { ...common, line: 3, hash: hash(lines[2]), author: 'Bob', text: 'three', path: 'report.txt' },
      ],
    });
  });

  it("past git's output cap, counts only the file's lines (not the cut note) and says where to go on", async () => {
    const small = await createPackHarness([gitPack], {}, { host: { git: { maxOutputBytes: 4096 } } });
    try {
      const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`);
      await initRepository(small.root, [{ files: { 'long.txt': `${lines.join('\n')}\n` }, message: 'long' }]);
      await small.host.refresh();
      const [body, note] = (await small.call('git_blame', { path: 'long.txt' }, { tokenBudget: 1_000_000 })).text.split(
        '\n\n',
      );
      const shown = body.split('\n');
      expect(shown.every((line, i) => line.endsWith(` ${i + 1}) line ${i + 1}`))).toBe(true);
      expect(shown.length).toBeLessThan(20_000);
      expect(note).toBe(
        `[Showing lines 1–${shown.length} of 1 onwards: the rest was not read: git's output passed its size cap. Call git_blame with startLine: ${shown.length + 1}, endLine: ${2 * shown.length} for the next lines.]`,
      );
    } finally {
      await small.dispose();
    }
  });
});
