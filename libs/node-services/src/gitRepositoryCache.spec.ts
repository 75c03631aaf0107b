// The discovery and config cache with real git and real files: a call runs one git process once the
// cache is filled, and whatever decides discovery or config (a config rewritten to the same size and
// mtime, an include, a `.git` appearing below the top, the user's config) is seen on the next call.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GitRepositoryCache, watchedPaths } from './gitRepositoryCache';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(60_000);

let dir: string;
let root: string;
let log: string;
let loggedGit: string;
const sh = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
/** The git commands run since the last call (without `--no-pager`). */
const calls = async () => {
  const lines = (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean);
  await fs.writeFile(log, '');
  return lines.map((line) => line.replace(/^--no-pager /, '').split(' ')[0]);
};
const service = (workspaceRoot = root) =>
  new NodeGitService(new NodeWorkspaceFileSystem(workspaceRoot), { git: loggedGit });

beforeEach(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-cache-')));
  root = path.join(dir, 'repo');
  await fs.mkdir(root);
  sh(root, 'init', '--quiet', '--initial-branch=main');
  await fs.writeFile(path.join(root, 'a.txt'), 'a\n');
  sh(root, 'add', 'a.txt');
  sh(root, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'first');
  log = path.join(dir, 'calls.log');
  loggedGit = path.join(dir, 'git');
  const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await fs.writeFile(loggedGit, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${git}' "$@"\n`, { mode: 0o755 });
  await fs.writeFile(log, '');
});

afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('git status with the cache', () => {
  it('runs discovery and the config listing on the first two calls, then git status alone', async () => {
    const git = service();
    for (let call = 1; call <= 2; call++) {
      expect(await git.status()).toBe('## main');
      expect(await calls()).toEqual(['rev-parse', 'config', 'status']);
    }
    await fs.writeFile(path.join(root, 'b.txt'), 'b\n');
    for (let call = 3; call <= 5; call++) {
      expect(await git.status()).toBe('## main\n?? b.txt');
      expect(await calls()).toEqual(['status']);
    }
  });

  it('keeps nothing with cacheRepository: false', async () => {
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root), { git: loggedGit, cacheRepository: false });
    for (let call = 0; call < 3; call++) await git.status();
    expect(await calls()).toEqual(Array.from({ length: 3 }, () => ['rev-parse', 'config', 'status']).flat());
  });

  it.each([
    ['a config', ''],
    // Past the size read whole: its identity must still change (ctime, which no one can set back).
    ['a config over 1 MB', `# ${'x'.repeat(1_100_000)}\n`],
  ])('sees %s rewritten with the same size and mtime: the new filter driver is neutralised', async (_, padding) => {
    const git = service();
    const config = path.join(root, '.git', 'config');
    const marker = path.join(dir, 'filter-ran');
    const filter = path.join(dir, 'filter.sh');
    await fs.writeFile(filter, `#!/bin/sh\ntouch '${marker}'\ncat\n`, { mode: 0o755 });
    await fs.writeFile(path.join(root, '.gitattributes'), '*.txt filter=zz\n');
    // A driver under another name first (inert: no file selects it), then the same bytes renamed to `zz`.
    await fs.appendFile(config, `${padding}[filter "yy"]\n\tclean = ${filter}\n`);
    const tick = new Date('2026-01-01T00:00:00Z');
    await fs.utimes(config, tick, tick);
    for (let call = 0; call < 3; call++) await git.status();
    expect(await calls()).toEqual(['rev-parse', 'config', 'status', 'rev-parse', 'config', 'status', 'status']);
    const before = await fs.readFile(config, 'utf8');
    await fs.writeFile(config, before.replace('[filter "yy"]', '[filter "zz"]'));
    await fs.utimes(config, tick, tick);
    expect(await fs.stat(config)).toMatchObject({ size: Buffer.byteLength(before), mtimeMs: tick.getTime() });
    // A diff of a changed file cleans it (status alone may tell by size): the driver would run here.
    await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
    const patch = await git.diffPatch({});
    expect(patch.stat.map((file) => file.path)).toEqual(['a.txt']);
    expect((await calls()).slice(0, 2)).toEqual(['rev-parse', 'config']);
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it('refuses on the next call a config that now includes a file outside the root', async () => {
    const git = service();
    for (let call = 0; call < 3; call++) await git.status();
    await fs.writeFile(path.join(dir, 'outside.cfg'), '[core]\n\tabbrev = 9\n');
    sh(root, 'config', 'include.path', path.join(dir, 'outside.cfg'));
    await expect(git.status()).rejects.toThrow(/includes .*outside\.cfg.*outside the workspace/);
  });

  it('follows a repository created below the top, as discovery without a cache would', async () => {
    const sub = path.join(root, 'sub');
    await fs.mkdir(sub);
    await fs.writeFile(path.join(sub, 'x.txt'), 'x\n');
    const git = service(sub);
    for (let call = 0; call < 3; call++) expect(await git.status()).toBe('## main\n?? x.txt');
    sh(sub, 'init', '--quiet', '--initial-branch=inner');
    expect(await git.status()).toBe('## No commits yet on inner\n?? x.txt');
  });

  it('sees a change to the user config (HOME) and to the branch HEAD names', async () => {
    const home = path.join(dir, 'home');
    await fs.mkdir(home);
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const git = service();
      await fs.writeFile(path.join(root, 'a.txt'), 'changed\n');
      for (let call = 0; call < 3; call++) expect(await git.status()).toBe('## main\n M a.txt');
      await calls();
      // status.short=false would not change --short; status.branch is overridden by --branch: an excludes file does show.
      await fs.writeFile(path.join(home, '.gitconfig'), '[core]\n\texcludesFile = ~/ignore\n');
      await fs.writeFile(path.join(home, 'ignore'), 'new.txt\n');
      await fs.writeFile(path.join(root, 'new.txt'), 'n\n');
      expect(await git.status()).toBe('## main\n M a.txt');
      expect(await calls()).toEqual(['rev-parse', 'config', 'status']);
      sh(root, 'checkout', '--quiet', '-b', 'other');
      expect(await git.status()).toBe('## other\n M a.txt');
      expect(await calls()).toEqual(['rev-parse', 'config', 'status']);
    } finally {
      process.env.HOME = saved;
    }
  });
});

describe('GitRepositoryCache', () => {
  const facts = () => ({
    location: { top: root, prefix: '', gitDir: path.join(root, '.git'), commonDir: path.join(root, '.git') },
    config: [{ scope: 'local', key: 'core.bare', value: 'false', origin: `file:${path.join(root, '.git/config')}` }],
  });

  it('watches the walk up from the root, the git directory, the config files and every include target', () => {
    const sub = path.join(root, 'a', 'b');
    const paths = watchedPaths(sub, {
      ...facts(),
      config: [
        ...facts().config,
        { scope: 'local', key: 'include.path', value: 'extra.cfg', origin: `file:${path.join(root, '.git/config')}` },
      ],
    })!;
    for (const expected of [
      path.join(sub, '.git'),
      path.join(sub, 'HEAD'),
      path.join(root, 'a', '.git'),
      path.join(root, '.git'),
      path.join(root, '.git', 'HEAD'),
      path.join(root, '.git', 'config'),
      path.join(root, '.git', 'commondir'),
      path.join(root, '.git', 'extra.cfg'),
    ])
      expect(paths).toContain(expected);
    expect(paths).not.toContain(path.join(root, 'HEAD')); // the top: its .git was found
  });

  it('cannot watch an include it cannot place, so nothing is kept', () => {
    const cache = new GitRepositoryCache(root);
    const unplaced = {
      ...facts(),
      config: [{ scope: 'local', key: 'include.path', value: '~other/x.cfg', origin: 'file:.git/config' }],
    };
    expect(watchedPaths(root, unplaced)).toBeUndefined();
    for (let call = 0; call < 3; call++) {
      const attempt = cache.begin();
      expect(attempt.hit).toBeUndefined();
      cache.store(attempt, unplaced);
    }
  });

  it('keeps facts only when fingerprinted before they were found, and unchanged after', async () => {
    const cache = new GitRepositoryCache(root);
    const config = path.join(root, '.git', 'config');
    cache.store(cache.begin(), facts()); // learns what to watch
    const attempt = cache.begin();
    await fs.appendFile(config, '# changed while git ran\n');
    cache.store(attempt, facts());
    expect(cache.begin().hit).toBeUndefined();
    cache.store(cache.begin(), facts());
    expect(cache.begin().hit).toEqual(facts());
    cache.clear();
    expect(cache.begin()).toEqual({});
  });
});
