// A yes to git_add or git_commit covers what its question listed, no more (review round 5, high): the
// receipt of describeAdd/describeCommit binds the files (and, for a commit, the commit it lands on and
// the programs), and add/commit describe again right before git runs and refuse on any difference,
// staging and committing nothing. Real git, real files.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(60_000);

let root: string;
let git: NodeGitService;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const staged = () => sh('diff', '--cached', '--name-only').trim();
const head = () => sh('rev-parse', 'HEAD').trim();

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-receipt-')));
  sh('init', '--quiet', '--initial-branch=main');
  sh('config', 'user.name', 'Test User');
  sh('config', 'user.email', 'test@example.com');
  await fs.writeFile(path.join(root, 'README.md'), 'x\n');
  sh('add', '.');
  sh('commit', '--quiet', '-m', 'init');
  await fs.mkdir(path.join(root, 'src'));
  await fs.writeFile(path.join(root, 'src/a.txt'), 'a\n');
  git = new NodeGitService(new NodeWorkspaceFileSystem(root));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('git add under a receipt', () => {
  it('a file that appeared below the paths after the question: refused, nothing staged', async () => {
    const shown = await git.describeAdd({ paths: ['src'] });
    expect(shown.files).toEqual(['src/a.txt']);
    await fs.writeFile(path.join(root, 'src/.env'), 'API_KEY=secret\n');
    await expect(git.add({ paths: ['src'], allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /changed after the question was shown[\s\S]*src\/\.env[\s\S]*Call the tool again/,
    );
    expect(staged()).toBe('');
  });

  it('add --all: a file that appeared anywhere is refused; one that went away too', async () => {
    const shown = await git.describeAdd({ all: true });
    await fs.writeFile(path.join(root, 'b.txt'), 'b\n');
    await expect(git.add({ all: true, allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /b\.txt/,
    );
    await fs.rm(path.join(root, 'b.txt'));
    await fs.rm(path.join(root, 'src/a.txt'));
    await expect(git.add({ all: true, allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /src\/a\.txt/,
    );
    expect(staged()).toBe('');
  });

  it('the receipt of what is there now stages exactly that', async () => {
    const shown = await git.describeAdd({ paths: ['src'] });
    const result = await git.add({ paths: ['src'], allowRepositoryPrograms: true, receipt: shown.receipt });
    expect(result.description.files).toEqual(['src/a.txt']);
    expect(staged()).toBe('src/a.txt');
  });

  it('a receipt of another command is refused', async () => {
    const shown = await git.describeAdd({ all: true });
    await expect(git.add({ paths: ['src'], allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /the command/,
    );
    expect(staged()).toBe('');
  });
});

describe('git commit under a receipt', () => {
  it('paths: a file that appeared below them after the question: refused, nothing staged or committed', async () => {
    const before = head();
    const shown = await git.describeCommit({ paths: ['src'] });
    expect(shown.files).toEqual(['src/a.txt']);
    await fs.writeFile(path.join(root, 'src/.env'), 'API_KEY=secret\n');
    await expect(
      git.commit('add a', { paths: ['src'], allowRepositoryPrograms: true, receipt: shown.receipt }),
    ).rejects.toThrow(/changed after the question was shown[\s\S]*src\/\.env/);
    expect(head()).toBe(before);
    expect(staged()).toBe('');
  });

  it('what is staged: a file staged by someone else after the question is refused', async () => {
    sh('add', 'src/a.txt');
    const shown = await git.describeCommit();
    await fs.writeFile(path.join(root, 'b.txt'), 'b\n');
    sh('add', 'b.txt');
    const before = head();
    await expect(git.commit('add a', { allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /b\.txt/,
    );
    expect(head()).toBe(before);
  });

  it('the commit it lands on moved after the question: refused', async () => {
    sh('add', 'src/a.txt');
    const shown = await git.describeCommit();
    sh('commit', '--quiet', '--allow-empty', '-m', 'someone else');
    const before = head();
    await expect(git.commit('add a', { allowRepositoryPrograms: true, receipt: shown.receipt })).rejects.toThrow(
      /the commit checked out: shown/,
    );
    expect(head()).toBe(before);
  });

  it('the receipt of what is there now commits exactly the files shown', async () => {
    const shown = await git.describeCommit({ paths: ['src'] });
    const made = await git.commit('add a', { paths: ['src'], allowRepositoryPrograms: true, receipt: shown.receipt });
    expect(made.files).toEqual(['src/a.txt']);
    expect(sh('show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/a.txt');
  });
});
