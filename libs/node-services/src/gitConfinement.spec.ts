// Attack report finding 3: with the workspace root a subfolder of a repository, git read and
// committed outside it; a `.git` file let git read another repository.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { blameText, diffText, showText } from './gitTestText';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

// Real repositories and processes: a loaded machine is slow, never wrong.
jest.setTimeout(30_000);

let base: string;
let top: string;
let root: string;
let git: NodeGitService;
const SECRET = 'TOPSECRET';
const sh = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });

async function repository(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  sh(dir, 'init', '--quiet', '--initial-branch=main');
  sh(dir, 'config', 'user.name', 'Test User');
  sh(dir, 'config', 'user.email', 'test@example.com');
  sh(dir, 'config', 'commit.gpgsign', 'false');
}

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-confine-')));
  top = path.join(base, 'repo');
  root = path.join(top, 'sub');
  await repository(top);
  await fs.mkdir(root);
  await fs.writeFile(path.join(top, 'secret.txt'), `${SECRET} 1\n`);
  await fs.writeFile(path.join(root, 'inside.txt'), 'inside 1\n');
  sh(top, 'add', '--all');
  sh(top, 'commit', '--quiet', '-m', 'first');
  await fs.writeFile(path.join(top, 'secret.txt'), `${SECRET} 2\n`);
  sh(top, 'commit', '--quiet', '-am', 'change secret.txt only');
  await fs.writeFile(path.join(top, 'secret.txt'), `${SECRET} 3 unstaged\n`);
  await fs.writeFile(path.join(top, 'other.txt'), `${SECRET} staged\n`);
  sh(top, 'add', 'other.txt');
  await fs.writeFile(path.join(root, 'inside.txt'), 'inside 2\n');
  git = new NodeGitService(new NodeWorkspaceFileSystem(root));
});
afterEach(() => fs.rm(base, { recursive: true, force: true }));

/** Output of a call, or its WorkspaceError's message: either way no secret in it. */
async function text(call: () => Promise<string>): Promise<string> {
  try {
    return await call();
  } catch (error) {
    expect(error).toBeInstanceOf(WorkspaceError);
    return `ERROR ${(error as Error).message}`;
  }
}

describe('a workspace root below the repository top', () => {
  it('status, diff and log see only the root, with root-relative paths', async () => {
    expect(await git.status()).toBe('## main\n M inside.txt');
    const diff = await diffText(git, {});
    expect(diff).toContain('--- a/inside.txt');
    expect(diff).not.toMatch(/secret|TOPSECRET/);
    expect(await diffText(git, { staged: true })).toBe('No differences.');
    expect(await diffText(git, { revision: 'HEAD~1' })).not.toMatch(/secret/);
    expect(await git.log({ count: 10 })).not.toContain('change secret.txt only');
    expect(await showText(git, 'HEAD~1')).toContain('+inside 1');
    expect(await showText(git, 'HEAD~1')).not.toContain(SECRET);
    expect(await showText(git, 'HEAD')).toMatch(/change secret.txt only\n\n\(no changes inside the workspace\)$/);
    expect(await showText(git, 'HEAD:inside.txt')).toBe('inside 1');
    expect(await showText(git, 'HEAD:')).toBe('tree HEAD:sub\n\ninside.txt');
  });

  const blob = () => sh(top, 'rev-parse', 'HEAD:secret.txt').trim();
  /** An annotated tag of `object` written by hand (as a fetched repository may hold it), claiming `type`; its name. */
  const lyingTag = (object: string, type = 'commit', name = 'liar') => {
    const body = `object ${object}\ntype ${type}\ntag ${name}\ntagger T <t@example.com> 1 +0000\n\nx\n`;
    const tag = execFileSync('git', ['hash-object', '-t', 'tag', '-w', '--literally', '--stdin'], {
      cwd: top,
      input: body,
      encoding: 'utf8',
    }).trim();
    sh(top, 'update-ref', `refs/tags/${name}`, tag);
    return name;
  };
  it.each<[string, () => Promise<string>]>([
    ['show HEAD:secret.txt', () => showText(git, 'HEAD:secret.txt')],
    ['show HEAD:./../secret.txt', () => showText(git, 'HEAD:./../secret.txt')],
    ['show HEAD:../secret.txt', () => showText(git, 'HEAD:../secret.txt')],
    ['show HEAD:inside.txt/../../secret.txt', () => showText(git, 'HEAD:inside.txt/../../secret.txt')],
    ['show :(top)secret.txt', () => showText(git, ':(top)secret.txt')],
    ['show :/secret.txt (message search)', () => showText(git, ':/secret.txt')],
    ['show :secret.txt (index)', () => showText(git, ':secret.txt')],
    ['show :0:../other.txt (stage)', () => showText(git, ':0:../other.txt')],
    ['show HEAD^{tree}', () => showText(git, 'HEAD^{tree}')],
    ['show the blob by hash', () => showText(git, blob())],
    ['show a tag of the blob', async () => (sh(top, 'tag', 'leak', blob()), showText(git, 'leak'))],
    // A tag object is repository content: its own `type commit` line must not make a blob a commit.
    ['show a tag of the blob that says it tags a commit', () => showText(git, lyingTag(blob()))],
    ['show a tag of the blob that says it tags a tag', () => showText(git, lyingTag(blob(), 'tag'))],
    [
      'show a tag of that tag',
      () => {
        const inner = sh(top, 'rev-parse', `refs/tags/${lyingTag(blob())}`).trim();
        return showText(git, lyingTag(inner, 'tag', 'outer'));
      },
    ],
    [
      'show a lying tag of the tree HEAD^{tree}',
      () => showText(git, lyingTag(sh(top, 'rev-parse', 'HEAD^{tree}').trim())),
    ],
    ['show HEAD:/abs', () => showText(git, `HEAD:${top}/secret.txt`)],
    ['diff two blobs by hash', () => diffText(git, { revision: `${blob()}..${blob()}` })],
    ['diff HEAD:secret.txt', () => diffText(git, { revision: 'HEAD:secret.txt' })],
    ['diff path :(top)secret.txt', () => diffText(git, { path: ':(top)secret.txt' })],
    ['diff path :/secret.txt', () => diffText(git, { path: ':/secret.txt' })],
    ['log path :(top)secret.txt', () => git.log({ count: 5, path: ':(top)secret.txt' })],
    ['show HEAD with path :/', () => showText(git, 'HEAD~1', { path: ':/' })],
    ['blame ../secret.txt', () => blameText(git, '../secret.txt')],
  ])('%s never shows a file outside the root', async (_name, call) => {
    const out = await text(call);
    expect(out).not.toContain(SECRET);
    expect(out).not.toMatch(/^tree .*\n\n.*secret\.txt/m);
  });

  it('commit all: true records the root only; the outside changes stay as they were', async () => {
    const description = await git.describeCommit({ all: true });
    expect(description).toMatchObject({ files: ['inside.txt'], outsideStagedCount: 1 });
    expect((await git.commit('inside only', { all: true })).text).toMatch(/inside only\n 1 file changed/);
    expect(sh(top, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('sub/inside.txt');
    expect(sh(top, 'status', '--porcelain')).toBe('A  other.txt\n M secret.txt\n');
  });

  it('commit without all refuses while something outside the root is staged', async () => {
    sh(root, 'add', 'inside.txt');
    await expect(git.commit('staged')).rejects.toThrow(/1 staged change\(s\) lie outside the workspace root/);
    expect(sh(top, 'rev-list', '--count', 'HEAD').trim()).toBe('2');
    sh(top, 'reset', '--quiet', 'other.txt');
    expect((await git.commit('staged')).text).toMatch(/staged\n 1 file changed/);
    expect(sh(top, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('sub/inside.txt');
  });
});

describe('where the repository is', () => {
  async function otherRepository(): Promise<string> {
    const other = path.join(base, 'other');
    await repository(other);
    await fs.writeFile(path.join(other, 'private.txt'), `${SECRET} other\n`);
    sh(other, 'add', '--all');
    sh(other, 'commit', '--quiet', '-m', 'private');
    return other;
  }

  it('refuses a .git file in the root pointing to another repository, unless trusted', async () => {
    const other = await otherRepository();
    const ws = path.join(base, 'ws');
    await fs.mkdir(ws);
    await fs.writeFile(path.join(ws, '.git'), `gitdir: ${other}/.git\n`);
    const refused = new NodeGitService(new NodeWorkspaceFileSystem(ws));
    expect(await refused.isRepository()).toBe(true); // the tools are offered, and say why they refuse
    for (const call of [
      () => showText(refused, 'HEAD:private.txt'),
      () => refused.log({ count: 1 }),
      () => refused.status(),
    ])
      await expect(call()).rejects.toThrow(
        /\.git \(a file or a link\) points to .*other\/\.git.*trustGitDirOutsideRoot/,
      );
    const trusted = new NodeGitService(new NodeWorkspaceFileSystem(ws), { trustGitDirOutsideRoot: true });
    expect(await showText(trusted, 'HEAD:private.txt')).toBe(`${SECRET} other`);
  });

  it('refuses alternates, commondir and a core.worktree that reach outside the root', async () => {
    const other = await otherRepository();
    const ws = path.join(base, 'ws');
    await repository(ws);
    await fs.writeFile(path.join(ws, '.git', 'objects', 'info', 'alternates'), `${other}/.git/objects\n`);
    const hash = sh(other, 'rev-parse', 'HEAD:private.txt').trim();
    await expect(showText(new NodeGitService(new NodeWorkspaceFileSystem(ws)), hash)).rejects.toThrow(
      /borrows objects from .*other.*alternates/,
    );
    await fs.rm(path.join(ws, '.git', 'objects', 'info', 'alternates'));
    await fs.writeFile(path.join(ws, '.git', 'commondir'), `${other}/.git\n`);
    await expect(showText(new NodeGitService(new NodeWorkspaceFileSystem(ws)), 'HEAD:private.txt')).rejects.toThrow(
      /commondir points to .*other.*outside the workspace/,
    );
    await fs.rm(path.join(ws, '.git', 'commondir'));
    sh(ws, 'config', 'core.worktree', base);
    await expect(new NodeGitService(new NodeWorkspaceFileSystem(ws)).status()).rejects.toThrow(
      /work tree to .*above the workspace root|does not contain the workspace root/,
    );
  });

  it('accepts a linked worktree of the user (git worktree add), whose bookkeeping points back at it', async () => {
    const other = await otherRepository();
    const worktree = path.join(base, 'linked');
    sh(other, 'worktree', 'add', '--quiet', '-b', 'feature', worktree);
    const linked = new NodeGitService(new NodeWorkspaceFileSystem(worktree));
    expect(await linked.status()).toBe('## feature');
    expect(await showText(linked, 'HEAD:private.txt')).toBe(`${SECRET} other`);
  });

  it('accepts a submodule checkout as the root (its .git file points to the parent, which points back)', async () => {
    const other = await otherRepository();
    sh(top, '-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', other, 'sub/module');
    const module = new NodeGitService(new NodeWorkspaceFileSystem(path.join(root, 'module')));
    expect(await showText(module, 'HEAD:private.txt')).toBe(`${SECRET} other`);
  });

  it('refuses a .git symlink to another repository', async () => {
    const other = await otherRepository();
    const ws = path.join(base, 'ws');
    await fs.mkdir(ws);
    await fs.symlink(path.join(other, '.git'), path.join(ws, '.git'));
    await expect(new NodeGitService(new NodeWorkspaceFileSystem(ws)).log({ count: 1 })).rejects.toThrow(
      /outside the workspace.*trustGitDirOutsideRoot/,
    );
  });

  it('ignores GIT_DIR and friends in the caller environment', async () => {
    const other = await otherRepository();
    const saved = { ...process.env };
    Object.assign(process.env, {
      GIT_DIR: path.join(other, '.git'),
      GIT_WORK_TREE: other,
      GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='touch /tmp/x'",
    });
    try {
      expect(await git.status()).toBe('## main\n M inside.txt');
    } finally {
      for (const key of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_CONFIG_PARAMETERS'])
        if (saved[key] === undefined) delete process.env[key];
    }
  });
});
