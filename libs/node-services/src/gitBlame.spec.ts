// blame's fields come from `git blame --porcelain`, keyed: a path holding " (" (a file renamed from
// `Report (final).txt`) or an author named like a date and a line number cannot shift a column.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(60_000);

let root: string;
let git: NodeGitService;
const sh = (env: Record<string, string>, ...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
const as = (name: string, date: string) => ({
  GIT_AUTHOR_NAME: name,
  GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_AUTHOR_DATE: date,
  GIT_COMMITTER_NAME: 'Committer',
  GIT_COMMITTER_EMAIL: 'c@example.com',
});

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-blame-')));
  sh({}, 'init', '--quiet', '--initial-branch=main');
  sh({}, 'config', 'commit.gpgsign', 'false');
  git = new NodeGitService(new NodeWorkspaceFileSystem(root));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('blame', () => {
  it('keeps a path holding " (" and an author named "x 2020-01-01 1)" in their own fields', async () => {
    await fs.writeFile(path.join(root, 'Report (final).txt'), 'one\ntwo\n');
    sh({}, 'add', '-A');
    // 23:30 at UTC-10 is the next day in UTC: the date is the author's own, as --date=short prints it.
    sh(as('Ann (Work) 2020-01-01 1)', '2021-03-04T23:30:00-10:00'), 'commit', '--quiet', '-m', 'first');
    sh({}, 'mv', 'Report (final).txt', 'report.txt');
    await fs.appendFile(path.join(root, 'report.txt'), 'three\n');
    sh({}, 'add', '-A');
    sh(as('Bob [bot]', '2022-05-06T12:00:00+00:00'), 'commit', '--quiet', '-m', 'rename');
    const first = sh({}, 'rev-parse', 'HEAD~1').trim();
    const second = sh({}, 'rev-parse', 'HEAD').trim();

    const blame = await git.blame('report.txt');
    expect(blame).toEqual({
      path: 'report.txt',
      truncated: false,
      lines: [
        {
          line: 1,
          hash: first,
          author: 'Ann (Work) 2020-01-01 1)',
          date: '2021-03-04',
          path: 'Report (final).txt',
          text: 'one',
          boundary: true,
        },
        {
          line: 2,
          hash: first,
          author: 'Ann (Work) 2020-01-01 1)',
          date: '2021-03-04',
          path: 'Report (final).txt',
          text: 'two',
          boundary: true,
        },
        {
          line: 3,
          hash: second,
          author: 'Bob [bot]',
          date: '2022-05-06',
          path: 'report.txt',
          text: 'three',
          boundary: false,
        },
      ],
    });
    expect((await git.blame('report.txt', { startLine: 2, endLine: 3 })).lines.map((l) => [l.line, l.author])).toEqual([
      [2, 'Ann (Work) 2020-01-01 1)'],
      [3, 'Bob [bot]'],
    ]);
  });

  it('gives a line not committed yet, text with tabs and a name git quotes', async () => {
    await fs.writeFile(path.join(root, 'tab\there.txt'), 'a\tb\n');
    sh({}, 'add', '-A');
    sh(as('Ann', '2021-01-01T00:00:00+00:00'), 'commit', '--quiet', '-m', 'first');
    await fs.writeFile(path.join(root, 'tab\there.txt'), 'a\tb\n\tindented\n');
    const blame = await git.blame('tab\there.txt');
    expect(blame.path).toBe('tab\there.txt');
    expect(blame.lines.map((l) => [l.path, l.author, l.text, /^0+$/.test(l.hash)])).toEqual([
      ['tab\there.txt', 'Ann', 'a\tb', false],
      ['tab\there.txt', 'Not Committed Yet', '\tindented', true],
    ]);
  });

  it("past git's output cap keeps only whole lines and says it was cut", async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `line ${i + 1}`);
    await fs.writeFile(path.join(root, 'long.txt'), `${lines.join('\n')}\n`);
    sh({}, 'add', '-A');
    sh(as('Ann', '2021-01-01T00:00:00+00:00'), 'commit', '--quiet', '-m', 'long');
    const small = new NodeGitService(new NodeWorkspaceFileSystem(root), { maxOutputBytes: 4096 });
    const blame = await small.blame('long.txt');
    expect(blame.truncated).toBe(true);
    expect(blame.lines.length).toBeGreaterThan(10);
    expect(blame.lines.length).toBeLessThan(2_000);
    expect(blame.lines.every((l, i) => l.line === i + 1 && l.text === `line ${i + 1}` && l.author === 'Ann')).toBe(
      true,
    );
  });
});
