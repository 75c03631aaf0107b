// Issue 19, finding 1: a repository's config names a file outside the workspace root and git reads
// it for a read-only tool (`blame.ignoreRevsFile=/etc/passwd` printed its first line in an error).
// Every git config key that names a path is listed in GIT_PATH_KEYS; here each one the read-only
// commands follow points at a secret outside the root, in every spelling, and the secret never
// shows — not in output, not in an error — nor does its effect on the output.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GIT_PATH_KEYS, NOT_PATH_KEYS } from './gitConfigPaths';
import { makeHostileRepository } from './testing/gitHostileFixtures';
import { TRUST_GIT_DIR_HINT } from './gitRepository';
import { blameText, diffText, showText } from './gitTestText';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(60_000);

const SECRET = 'SECRET-7f3a9c';
let base: string;
let root: string;
let secret: string;
const savedHome = process.env.HOME;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-config-paths-')));
  root = path.join(base, 'workspace');
  await fs.mkdir(root);
  await fs.mkdir(path.join(base, 'home'));
  // git's `~` and its global config are this home: the machine's own config stays out of the test.
  process.env.HOME = path.join(base, 'home');
  secret = path.join(base, 'secret.txt');
});
afterEach(async () => {
  process.env.HOME = savedHome;
  await fs.rm(base, { recursive: true, force: true });
});

/** Every read-only call's output or error message, by call. */
async function readEverything(git: NodeGitService): Promise<Record<string, string>> {
  const calls: Record<string, () => Promise<unknown>> = {
    status: () => git.status(),
    diff: () => diffText(git, {}),
    staged: () => diffText(git, { staged: true }),
    diffHead: () => diffText(git, { revision: 'HEAD' }),
    log: () => git.log({ count: 5 }),
    show: () => showText(git, 'HEAD'),
    showFile: () => showText(git, 'HEAD:a.txt'),
    blame: () => blameText(git, 'a.txt'),
    describe: () => git.describeCommit({ all: true }),
  };
  const out: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls))
    out[name] = await call().then(
      (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
      (e: Error) => `ERROR ${e.message}`,
    );
  return out;
}

/** What reading each key's file would change, and the proof that it did not. */
const PROBES: Record<string, { text: string; unaffected: (out: Record<string, string>) => void }> = {
  'blame.ignoreRevsFile': {
    text: `${SECRET}\n`,
    unaffected: (out) => expect(out.blame).toMatch(/Not Committed Yet .* ONE$/),
  },
  'mailmap.file': {
    text: `${SECRET} <test@example.com>\n`,
    unaffected: (out) => expect(out.show).toContain('Author:     Test User'),
  },
  'diff.orderFile': {
    text: `staged.txt\n${SECRET}\n`,
    unaffected: (out) => expect(out.diffHead.indexOf('a/a.txt')).toBeLessThan(out.diffHead.indexOf('b/staged.txt')),
  },
  'core.excludesFile': {
    text: `untracked.txt\n${SECRET}\n`,
    unaffected: (out) => expect(out.status).toContain('?? untracked.txt'),
  },
  'core.attributesFile': {
    text: `* -diff\n${SECRET} -diff\n`,
    unaffected: (out) => expect(out.diff).toContain('+ONE'),
  },
};

/** The spellings of "outside the root" a repository can use; `value(file)` names `file` (in `base`). */
const SPELLINGS: Record<string, (file: string) => string> = {
  absolute: (file) => file,
  'relative to the work tree': (file) => `../${path.basename(file)}`,
  'through ~': (file) => `~/../${path.basename(file)}`,
  'through /proc/self/root': (file) => `/proc/self/root${file}`,
  'a link inside the root': () => 'innocent-link',
};

describe('GIT_PATH_KEYS', () => {
  it('lists every config key of this git whose name says it holds a path', () => {
    const listed = execFileSync('git', ['help', '-c'], { encoding: 'utf8' }).split('\n');
    const named = listed.filter((key) => /(file|path|dir|template|cainfo|cert|key|pubkey|skiplist)$/i.test(key));
    const known = new Set([...GIT_PATH_KEYS.map((k) => k.key), ...NOT_PATH_KEYS].map((k) => k.toLowerCase()));
    const missing = named.filter((key) => !known.has(key.toLowerCase()));
    expect(missing).toEqual([]);
  });
});

describe.each(Object.keys(PROBES))('%s set by the repository to a file outside the root', (key) => {
  it.each(Object.keys(SPELLINGS))('is never read (%s)', async (spelling) => {
    await fs.writeFile(secret, PROBES[key].text);
    await makeHostileRepository(
      root,
      { name: key, config: [[key, SPELLINGS[spelling](secret)]] },
      path.join(base, 'MARKER'),
    );
    await fs.symlink(secret, path.join(root, 'innocent-link'));
    await fs.writeFile(path.join(root, 'untracked.txt'), 'u\n');
    const out = await readEverything(new NodeGitService(new NodeWorkspaceFileSystem(root)));
    expect(Object.values(out).join('\n')).not.toContain(SECRET);
    PROBES[key].unaffected(out);
  });
});

describe('path keys the read-only commands do not follow', () => {
  it('lead nowhere either, all set at once', async () => {
    await fs.writeFile(secret, `${SECRET}\n`);
    const unread = GIT_PATH_KEYS.filter(
      (k) => (k.handling === 'not-read' || k.handling === 'confined') && !k.key.includes('<') && !PROBES[k.key],
    );
    await makeHostileRepository(
      root,
      {
        name: 'unread',
        config: [['gpg.format', 'ssh'], ['log.showSignature', 'true'], ...unread.map((k) => [k.key, secret] as const)],
        signedHead: true,
      },
      path.join(base, 'M'),
    );
    const out = await readEverything(new NodeGitService(new NodeWorkspaceFileSystem(root)));
    expect(Object.values(out).join('\n')).not.toContain(SECRET);
    expect(out.status).toContain(' M a.txt');
  });
});

describe('values the user or the workspace chose', () => {
  it('keeps a path inside the root in force', async () => {
    await makeHostileRepository(
      root,
      { name: 'inside', config: [['blame.ignoreRevsFile', 'revs']], files: { revs: 'not-a-commit\n' } },
      path.join(base, 'M'),
    );
    await expect(new NodeGitService(new NodeWorkspaceFileSystem(root)).blame('a.txt')).rejects.toThrow(/not-a-commit/);
  });

  it("keeps the user's own global value where the repository names a file outside", async () => {
    const home = process.env.HOME!;
    await fs.writeFile(path.join(home, 'mailmap'), 'Home Name <test@example.com>\n');
    await fs.writeFile(
      path.join(home, '.gitconfig'),
      `[mailmap]\n\tfile = ~/mailmap\n[blame]\n\tignoreRevsFile = ~/revs\n`,
    );
    await fs.writeFile(path.join(home, 'revs'), '# none\n');
    await fs.writeFile(secret, `${SECRET} <test@example.com>\n`);
    await makeHostileRepository(
      root,
      {
        name: 'both',
        config: [
          ['mailmap.file', secret],
          ['blame.ignoreRevsFile', secret],
        ],
      },
      path.join(base, 'M'),
    );
    const git = new NodeGitService(new NodeWorkspaceFileSystem(root));
    // A commit's facts are read as stored, with no mailmap (nor the user's): the author as committed.
    const shown = await showText(git, 'HEAD');
    expect(shown).toContain('Author:     Test User');
    expect(shown).not.toContain(SECRET);
    expect(await blameText(git, 'a.txt')).toMatch(/Not Committed Yet .* ONE$/);
  });
});

describe('mailmap.blob', () => {
  it('cannot map names from a blob outside the root (the root a subfolder)', async () => {
    const top = path.join(base, 'top');
    await fs.mkdir(path.join(top, 'outside'), { recursive: true });
    await fs.mkdir(path.join(top, 'sub'));
    await fs.writeFile(path.join(top, 'outside', 'names'), `${SECRET} <test@example.com>\n`);
    await makeHostileRepository(
      top,
      { name: 'blob', config: [['mailmap.blob', 'HEAD:outside/names']], files: { 'sub/x.txt': 'x\n' } },
      path.join(base, 'M'),
    );
    const git = new NodeGitService(new NodeWorkspaceFileSystem(path.join(top, 'sub')));
    const shown = `${await showText(git, 'HEAD')}\n${await blameText(git, 'x.txt')}`;
    expect(shown).toContain('Test User');
    expect(shown).not.toContain(SECRET);
  });
});

describe('include.path and includeIf.<condition>.path', () => {
  it.each([
    ['include.path', '../../secret.cfg'],
    ['include.path', '~/../secret.cfg'],
    ['includeIf.onbranch:main.path', '../../secret.cfg'],
    ['includeIf.gitdir:/.path', '/proc/self/root/SECRET_CFG'],
  ])('%s = %s outside the root: git is not used, the trust hint is given', async (key, value) => {
    const cfg = path.join(base, 'secret.cfg');
    await fs.writeFile(cfg, `[user]\n\tname = ${SECRET}\n`);
    await makeHostileRepository(
      root,
      { name: key, config: [[key, value.replace('/SECRET_CFG', cfg)]] },
      path.join(base, 'M'),
    );
    const out = await readEverything(new NodeGitService(new NodeWorkspaceFileSystem(root)));
    for (const text of Object.values(out)) {
      expect(text).toMatch(/^ERROR .*includes .*outside the workspace/);
      expect(text).toContain(TRUST_GIT_DIR_HINT);
      expect(text).not.toContain(SECRET);
    }
    const trusted = new NodeGitService(new NodeWorkspaceFileSystem(root), { trustGitDirOutsideRoot: true });
    expect(await trusted.status()).toContain(' M a.txt');
  });

  it('a file inside the root may be included', async () => {
    await makeHostileRepository(
      root,
      {
        name: 'in',
        config: [['include.path', '../shared.gitconfig']],
        files: { 'shared.gitconfig': '[x]\n\ty = 1\n' },
      },
      path.join(base, 'M'),
    );
    expect(await new NodeGitService(new NodeWorkspaceFileSystem(root)).status()).toContain(' M a.txt');
  });
});

describe('through the CLI', () => {
  it('git_blame does not print the first line of a file outside the root', async () => {
    await fs.writeFile(secret, `${SECRET}\n`);
    await makeHostileRepository(
      root,
      { name: 'cli', config: [['blame.ignoreRevsFile', secret]] },
      path.join(base, 'M'),
    );
    const cli = path.resolve(__dirname, '../../../apps/cli/bin/toolpacks.js');
    let output: string;
    try {
      output = execFileSync(
        process.execPath,
        [cli, 'invoke', 'git_blame', JSON.stringify({ path: 'a.txt' }), '--root', root],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      const failed = error as { stdout: string; stderr: string };
      output = `${failed.stdout}\n${failed.stderr}`;
    }
    expect(output).not.toContain(SECRET);
    expect(output).toMatch(/Not Committed Yet .* ONE/);
  });
});
