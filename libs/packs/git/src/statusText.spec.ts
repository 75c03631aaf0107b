// git_status renders git's short status from the facts the service reads (porcelain v2, -z): the
// text must be exactly what `git status --short --branch` prints, for every name git quotes and
// every state of the branch, at the repository's top and below it.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeGitService, NodeWorkspaceFileSystem } from '@toolpacks/host-node';
import { writeFiles } from '@toolpacks/host-node/testing';
import { branchLine, quotePath, statusLine } from './statusText';

jest.setTimeout(60_000);

let top: string;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: top, encoding: 'utf8' });

async function rendered(root: string): Promise<{ ours: string; gits: string }> {
  const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
  const status = await git.readStatus();
  return { ours: [branchLine(status), ...status.files.map(statusLine)].join('\n'), gits: await git.status() };
}

beforeEach(async () => {
  top = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-status-text-')));
  sh('init', '--quiet', '--initial-branch=main');
  sh('config', 'user.name', 'Test User');
  sh('config', 'user.email', 'test@example.com');
});
afterEach(() => fs.rm(top, { recursive: true, force: true }));

describe("git_status's text", () => {
  it('quotes names as git does (core.quotePath off): spaces, quotes, backslashes, control characters', () => {
    expect(quotePath('plain/é.txt')).toBe('plain/é.txt');
    expect(quotePath('a b')).toBe('"a b"');
    expect(quotePath('t\tq"b\\n\nx\x01\x7f')).toBe('"t\\tq\\"b\\\\n\\nx\\001\\177"');
  });

  it('is what git prints, for odd names, renames and every state of the branch, at the top and below it', async () => {
    expect((await rendered(top)).ours).toBe((await rendered(top)).gits);
    await writeFiles(top, { 'a.txt': 'a\n', 'sub/b.txt': 'b\n', 'gone.txt': 'g\n', 'sub/old.txt': 'o\n' });
    sh('add', '--all');
    sh('commit', '--quiet', '-m', 'one');
    sh('branch', 'up');
    sh('config', 'branch.main.remote', '.');
    sh('config', 'branch.main.merge', 'refs/heads/up');
    await writeFiles(top, {
      'a.txt': 'aa\n',
      'sub/b.txt': 'bb\n',
      'sub/é ü.txt': 'u\n',
      'tab\tname.txt': 't\n',
      'q"uote.txt': 'q\n',
      'back\\slash.txt': 'b\n',
      'ctrl\x01.txt': 'c\n',
      'line\nbreak.txt': 'l\n',
      'sub/deep/x y.txt': 'x\n',
    });
    sh('add', 'sub/b.txt', 'q"uote.txt');
    sh('mv', 'gone.txt', 'sub/moved here.txt');
    sh('mv', 'sub/old.txt', 'sub/new name.txt');
    await fs.rm(path.join(top, 'a.txt'));
    const cases: { ours: string; gits: string }[] = [];
    const both = async () => cases.push(await rendered(top), await rendered(path.join(top, 'sub')));
    await both();
    sh('commit', '--quiet', '-m', 'two');
    await both(); // ahead
    sh('switch', '--quiet', 'up');
    await writeFiles(top, { 'z.txt': 'z\n' });
    sh('add', 'z.txt');
    sh('commit', '--quiet', '-m', 'z');
    sh('switch', '--quiet', 'main');
    await both(); // ahead and behind
    sh('config', 'status.aheadBehind', 'false');
    await both(); // different
    sh('config', '--unset', 'status.aheadBehind');
    sh('config', 'branch.main.merge', 'refs/heads/nowhere');
    await both(); // gone
    sh('switch', '--quiet', '--detach', 'HEAD~1');
    await both();
    expect(cases.map((c) => c.ours)).toEqual(cases.map((c) => c.gits));
    expect(cases[0].gits).toContain('"tab\\tname.txt"');
    expect(cases[4].gits).toMatch(/^## main\.\.\.up \[ahead 1, behind 1\]/);
  });

  it('is what git prints in a merge conflict', async () => {
    await writeFiles(top, { 'm.txt': 'base\n' });
    sh('add', '--all');
    sh('commit', '--quiet', '-m', 'base');
    sh('switch', '--quiet', '-c', 'other');
    await writeFiles(top, { 'm.txt': 'other\n' });
    sh('commit', '--quiet', '-am', 'other');
    sh('switch', '--quiet', 'main');
    await writeFiles(top, { 'm.txt': 'main\n' });
    sh('commit', '--quiet', '-am', 'main');
    expect(() => sh('merge', '--quiet', 'other')).toThrow();
    const { ours, gits } = await rendered(top);
    expect(ours).toBe(gits);
    expect(ours).toContain('UU m.txt');
  });
});
