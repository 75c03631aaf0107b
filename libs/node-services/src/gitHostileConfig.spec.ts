// Attack report finding 2: a repository's own config made read-only git tools run programs.
// Every variant is a real repository whose config would create MARKER if git ran the program.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { exists, hostileVariants, makeHostileRepository, writeMarkerScript } from './testing/gitHostileFixtures';
import { blameText, diffText, showText } from './gitTestText';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

// Real repositories and processes: a loaded machine is slow, never wrong.
jest.setTimeout(30_000);

let base: string;
let root: string;
let marker: string;
let script: string;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-hostile-')));
  root = path.join(base, 'workspace');
  await fs.mkdir(root);
  marker = path.join(base, 'MARKER');
  script = await writeMarkerScript(base, marker);
});
afterEach(() => fs.rm(base, { recursive: true, force: true }));

const variantNames = hostileVariants('M', 'S').map((v) => v.name);

/** Each read-only call either gives output or a WorkspaceError; nothing else. */
async function settle<T>(call: () => Promise<T>): Promise<T | WorkspaceError> {
  try {
    return await call();
  } catch (error) {
    expect(error).toBeInstanceOf(WorkspaceError);
    return error as WorkspaceError;
  }
}

describe.each(variantNames)('hostile repository config: %s', (name) => {
  it('runs nothing on status, diff, log, show, blame and an unconfirmed commit; output stays right', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === name)!;
    await makeHostileRepository(root, variant, marker);
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));

    expect(await git.isRepository()).toBe(true);
    const status = await git.status();
    expect(status).toContain(' M a.txt');
    expect(status).toContain('A  staged.txt');
    const diff = await diffText(git, {});
    expect(diff).toContain('-one\n+ONE');
    expect(await diffText(git, { staged: true })).toContain('+staged');
    expect(await diffText(git, { revision: 'HEAD', path: 'a.txt' })).toContain('+ONE');
    expect(await git.log({ count: 5 })).toMatch(/first/);
    expect(await showText(git, 'HEAD')).toMatch(/^commit [0-9a-f]{40}/);
    expect(await showText(git, 'HEAD:a.txt')).toBe('one');
    expect(await blameText(git, 'a.txt')).toMatch(/Not Committed Yet .* ONE$/);
    await settle(() => showText(git, '1234567890123456789012345678901234567890')); // a missing object: no lazy fetch
    const description = await git.describeCommit({ all: true });
    expect(description.files).toEqual(['a.txt', 'staged.txt']);
    expect(await exists(marker)).toBe(false);

    if (variant.commitNeedsConfirmation) {
      expect(description.hooks.length + description.filters.length + (description.signing ? 1 : 0)).toBeGreaterThan(0);
      await expect(git.commit('unconfirmed', { all: true })).rejects.toThrow(/needs a person's confirmation/);
    } else {
      expect(description).toMatchObject({ hooks: [], filters: [], signing: undefined });
      expect((await git.commit('unconfirmed', { all: true })).text).toMatch(/^\[main [0-9a-f]+\] unconfirmed/);
    }
    expect(await exists(marker)).toBe(false);
  });
});

describe.each(variantNames)('hostile repository config, unconfirmed writes: %s', (name) => {
  it('add, restore, branch and switch run nothing; those that would run a program are refused', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === name)!;
    await makeHostileRepository(root, variant, marker);
    await fs.writeFile(path.join(root, 'new.txt'), 'new\n');
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    const writes: [
      string,
      () => Promise<unknown>,
      () => Promise<{ hooks: readonly string[]; filters: readonly string[] }>,
    ][] = [
      ['add', () => git.add({ paths: ['new.txt'] }), () => git.describeAdd({ paths: ['new.txt'] })],
      [
        'restore --staged',
        () => git.restore({ paths: ['staged.txt'], staged: true }),
        () => git.describeRestore({ paths: ['staged.txt'], staged: true }),
      ],
      ['branch', () => git.createBranch('side'), () => git.describeCreateBranch('side')],
      [
        'switch',
        () => git.switchBranch('side-2', { create: true }),
        () => git.describeSwitch('side-2', { create: true }),
      ],
      ['restore', () => git.restore({ paths: ['a.txt'] }), () => git.describeRestore({ paths: ['a.txt'] })],
    ];
    for (const [what, write, describe] of writes) {
      const programs = await describe();
      const runs = programs.hooks.length + programs.filters.length > 0;
      if (runs) await expect(write()).rejects.toThrow(/needs a person's confirmation of this very call/);
      else await write();
      expect([what, await exists(marker)]).toEqual([what, false]);
    }
  });
});

describe('a confirmed commit', () => {
  it('runs the hooks it showed, and still not fsmonitor or textconv', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === 'core.hooksPath')!;
    await makeHostileRepository(
      root,
      { ...variant, config: [...variant.config, ['core.fsmonitor', `touch '${marker}.fsmonitor'; true`]] },
      marker,
    );
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    const description = await git.describeCommit({ all: true });
    expect(description.hooks.map((h) => path.basename(h))).toEqual([
      'pre-commit',
      'prepare-commit-msg',
      'commit-msg',
      'reference-transaction',
      'post-index-change',
      'post-commit',
    ]);
    expect(description.hooks[0]).toBe(path.join(root, 'hooks', 'pre-commit'));
    expect((await git.commit('confirmed', { all: true, allowRepositoryPrograms: true })).text).toMatch(/confirmed/);
    expect(await exists(marker)).toBe(true);
    expect(await exists(`${marker}.fsmonitor`)).toBe(false);
  });

  it('names the signing program and where it was configured', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === 'commit.gpgsign + gpg.program')!;
    await makeHostileRepository(root, variant, marker);
    const description = await new NodeGitService(new NodeWorkspaceFileSystem(root)).describeCommit();
    expect(description.signing).toBe(`${script} (gpg.program, from local config; commit.gpgsign from local config)`);
    expect(description.files).toEqual(['staged.txt']);
  });
});

describe('trustRepositoryConfig', () => {
  it('lets the repository filter run in reads, and only then', async () => {
    const variant = hostileVariants(marker, script).find((v) => v.name === 'filter.<drv>.clean/smudge')!;
    await makeHostileRepository(root, variant, marker);
    const trusted = new NodeGitService(new NodeWorkspaceFileSystem(root), { trustRepositoryConfig: true });
    expect((await trusted.describeCommit()).filters).toEqual([]);
    await diffText(trusted, {});
    expect(await exists(marker)).toBe(true);
  });
});

describe('a submodule with its own hostile config', () => {
  it('is compared by commit only: status and diff start no git inside it', async () => {
    const sub = path.join(base, 'sub');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const sh = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' });
    await fs.mkdir(sub);
    await makeHostileRepository(sub, { name: 'submodule', config: [], attributes: '* filter=evil\n' }, marker);
    sh(sub, 'commit', '--quiet', '-am', 'sub');
    await makeHostileRepository(root, { name: 'top', config: [] }, marker);
    sh(root, '-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', sub, 'sm');
    sh(root, 'commit', '--quiet', '-m', 'add sm');
    const inside = path.join(root, 'sm');
    sh(inside, 'config', 'filter.evil.clean', `touch '${marker}'; cat`);
    sh(inside, 'config', 'core.fsmonitor', `touch '${marker}'; true`);
    await fs.writeFile(path.join(inside, 'a.txt'), 'TWO\n');
    const future = new Date(Date.now() + 5000);
    await fs.utimes(path.join(inside, 'a.txt'), future, future);
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    expect(await git.status()).toBe('## main\n M a.txt');
    expect(await diffText(git, {})).not.toContain('sm');
    await git.describeCommit({ all: true });
    expect(await exists(marker)).toBe(false);
  });
});

describe("a repository's per-command colour settings", () => {
  // Review round 5: color.diff=always (which wins over color.ui) coloured every `diff --git` line,
  // no file was recognised, and git_diff/git_show answered with no diff and a false budget note.
  it('never colour status, diff, show, log or blame: the diff is read, without escape codes', async () => {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
    run('init', '-q', '-b', 'main');
    await fs.writeFile(path.join(root, 'a.txt'), 'one\n');
    run('add', 'a.txt');
    run('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
    await fs.writeFile(path.join(root, 'a.txt'), 'ONE\n');
    for (const key of ['color.diff', 'color.status', 'color.branch', 'color.grep', 'color.showBranch', 'color.ui'])
      run('config', key, 'always');
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    const outputs = [
      await git.status(),
      await diffText(git, {}),
      await showText(git, 'HEAD'),
      await git.log({ count: 1 }),
      await blameText(git, 'a.txt'),
    ];
    expect(outputs[1]).toContain('-one\n+ONE');
    expect(outputs[2]).toContain('+one');
    for (const output of outputs) expect(output).not.toContain('\u001b[');
  });
});

describe('replace refs', () => {
  // Review round 5: `git replace <blob of ws/in.txt> <blob of a file above the workspace>` made
  // git_show of the workspace's file print the file outside it.
  it('are not honoured: a workspace below the repository top shows its own files only', async () => {
    const top = path.join(base, 'repo');
    const ws = path.join(top, 'ws');
    await fs.mkdir(ws, { recursive: true });
    const run = (...args: string[]) => execFileSync('git', args, { cwd: top, stdio: 'pipe', encoding: 'utf8' }).trim();
    run('init', '-q', '-b', 'main');
    await fs.writeFile(path.join(ws, 'in.txt'), 'inside\n');
    await fs.writeFile(path.join(top, 'secret.txt'), 'TOP SECRET outside ws\n');
    run('add', '.');
    run('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first');
    run('replace', run('rev-parse', 'HEAD:ws/in.txt'), run('rev-parse', 'HEAD:secret.txt'));
    const git = new NodeGitService(new NodeWorkspaceFileSystem(ws));
    expect(await showText(git, 'HEAD:in.txt')).toBe('inside');
    expect(await showText(git, 'HEAD')).not.toContain('SECRET');
  });
});
