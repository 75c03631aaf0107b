// Every child process a tool starts runs under a memory bound (issue 19, finding 2: with
// blame.ignoreRevsFile=/dev/zero git reached 7.7 GB in 8 s). Real git, ripgrep and node under a
// small bound (64 MiB, 16 MiB): the runaway dies of a failed allocation and the model is told so in
// plain words, while ordinary work under the same bound goes on. No test allocates more than ~40 MB.
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GrepQuery } from '@toolpacks/services';
import { DEFAULT_MEMORY_LIMITS, formatBytes, ranOutOfMemory, withMemoryLimit } from './childLimits';
import { runGitProcess } from './gitProcess';
import { NodeSearchService } from './nodeSearchService';
import { trackedProcessGroups } from './processGroup';
import { grepWithRipgrep } from './ripgrepSearch';
import { SafeOpener } from './safeOpen';
import { loadIgnoreContext } from './searchIgnoreContext';
import { compileQuery } from './searchLimits';

// Real processes on a shared machine: slow is fine, wrong is not.
jest.setTimeout(60_000);

const MiB = 1024 ** 2;
const hasRipgrep = spawnSync('rg', ['--version']).status === 0;

let base: string;
let repo: string;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-limits-')));
  repo = path.join(base, 'repo');
  await fs.mkdir(repo);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '--quiet');
  await fs.writeFile(path.join(repo, 'a.txt'), 'one\ntwo\n');
  git('add', 'a.txt');
  git(
    '-c',
    'user.name=T',
    '-c',
    'user.email=t@example.com',
    '-c',
    'commit.gpgsign=false',
    'commit',
    '--quiet',
    '-m',
    'initial',
  );
  // The attack: git reads "revisions to ignore" from an endless file, line by growing line.
  git('config', 'blame.ignoreRevsFile', '/dev/zero');
});
afterEach(() => fs.rm(base, { recursive: true, force: true }));

/** Runs `command` under `limitBytes` the way the tools do, synchronously. */
function runLimited(command: string, args: readonly string[], limitBytes: number, cwd = repo) {
  const env: Record<string, string | undefined> = { ...process.env };
  const limited = withMemoryLimit(command, args, limitBytes, env);
  return spawnSync(limited.command, limited.args, { cwd, env, encoding: 'utf8' });
}

const gitOptions = (args: string[], extra: Partial<Parameters<typeof runGitProcess>[0]> = {}) => ({
  git: 'git',
  args,
  cwd: repo,
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1' },
  timeoutMs: 60_000,
  maxOutputBytes: 1024 * 1024,
  ...extra,
});

describe('withMemoryLimit', () => {
  it('runs the command with the bound as its soft and hard RLIMIT_DATA, arguments verbatim, the variable gone', () => {
    const out = runLimited(
      '/bin/sh',
      [
        '-c',
        'ulimit -S -d; ulimit -H -d; echo "${TOOLPACKS_DATA_LIMIT_KB-unset}"; printf "%s\\n" "$@"',
        'sh',
        '$(touch pwned)',
        'a b;c',
      ],
      64 * MiB,
    );
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n')).toEqual(['65536', '65536', 'unset', '$(touch pwned)', 'a b;c', '']);
    expect(spawnSync('ls', [path.join(repo, 'pwned')]).status).not.toBe(0);
  });

  it('exec keeps the pid: the shell becomes the command (so killing the group kills it)', () => {
    const out = runLimited('/bin/sh', ['-c', 'echo $$ $PPID; cat /proc/$$/comm'], 64 * MiB);
    const [pid] = out.stdout.split(/\s+/);
    expect(Number(pid)).toBe(out.pid);
  });

  it('git over the bound dies with "fatal: Out of memory" instead of taking the machine', () => {
    const out = runLimited('git', ['blame', '--', 'a.txt'], 64 * MiB);
    expect(out.status).toBe(128);
    expect(out.stderr).toMatch(/^fatal: Out of memory/m);
    expect(ranOutOfMemory(out.stderr)).toBe(true);
  });

  it('git under the same bound does ordinary work: log, a packed repository, cat-file of its objects', () => {
    execFileSync('git', ['gc', '--quiet'], { cwd: repo, stdio: 'pipe' });
    const log = runLimited('git', ['log', '--format=%s'], 64 * MiB);
    expect(log.stderr).toBe('');
    expect(log.stdout).toBe('initial\n');
    expect(runLimited('git', ['cat-file', '-p', 'HEAD:a.txt'], 64 * MiB).stdout).toBe('one\ntwo\n');
  });

  it('node over the bound fails to allocate (a debuggee cannot eat the machine)', () => {
    const out = runLimited(
      process.execPath,
      ['-e', 'console.log("started"); Buffer.alloc(256 * 1024 * 1024)'],
      64 * MiB,
    );
    expect(out.stdout).toBe('started\n');
    expect(out.status).not.toBe(0);
    expect(out.stderr).toMatch(/RangeError: Array buffer allocation failed/);
    expect(ranOutOfMemory(out.stderr)).toBe(true);
  });

  it('leaves the command alone without a positive finite bound', () => {
    expect(withMemoryLimit('git', ['log'], 0, {})).toEqual({ command: 'git', args: ['log'] });
    expect(withMemoryLimit('git', ['log'], Infinity, {})).toEqual({ command: 'git', args: ['log'] });
  });

  it('out-of-memory words are recognised at a line start only, not quoted inside another error', () => {
    expect(ranOutOfMemory('fatal: Out of memory, malloc failed (tried to allocate 1 bytes)')).toBe(true);
    expect(ranOutOfMemory('memory allocation of 15925248 bytes failed')).toBe(true);
    expect(ranOutOfMemory('FATAL ERROR: CALL_AND_RETRY_LAST Allocation failed - JavaScript heap out of memory')).toBe(
      true,
    );
    expect(ranOutOfMemory("fatal: pathspec 'fatal: Out of memory' did not match any files")).toBe(false);
    expect(formatBytes(DEFAULT_MEMORY_LIMITS.git)).toBe('2 GiB');
    expect(formatBytes(64 * MiB)).toBe('64 MiB');
  });
});

describe('runGitProcess', () => {
  it('bounds git by DEFAULT_MEMORY_LIMITS.git when the caller says nothing', async () => {
    // `git` here is a shell that reports the limits it runs under.
    const result = await runGitProcess(gitOptions(['-c', 'ulimit -S -d; ulimit -H -d'], { git: '/bin/sh' }));
    const kib = String(DEFAULT_MEMORY_LIMITS.git / 1024);
    expect(result.stdout).toBe(`${kib}\n${kib}\n`);
  });

  it('a git that runs out of its bound is a clear error for the model, and its group is gone', async () => {
    await expect(runGitProcess(gitOptions(['blame', '--', 'a.txt'], { memoryLimitBytes: 64 * MiB }))).rejects.toThrow(
      /^git blame ran out of its memory bound of 64 MiB and was stopped\. Narrow the request/,
    );
    expect(trackedProcessGroups()).toEqual([]);
    // The same bound, an ordinary command: fine.
    const log = await runGitProcess(gitOptions(['log', '--format=%s'], { memoryLimitBytes: 64 * MiB }));
    expect(log).toMatchObject({ code: 0, stdout: 'initial\n' });
  });

  it('git that is not there is still "could not run", not a shell error', async () => {
    await expect(runGitProcess(gitOptions(['log'], { git: path.join(base, 'no-such-git') }))).rejects.toThrow(
      /^git could not run: .*no-such-git: not found\. Is git installed\?/,
    );
  });

  it('stdin still reaches git through the wrapper', async () => {
    const result = await runGitProcess(gitOptions(['hash-object', '--stdin'], { stdin: 'one\ntwo\n' }));
    expect(result.stdout.trim()).toBe(
      execFileSync('git', ['rev-parse', 'HEAD:a.txt'], { cwd: repo, encoding: 'utf8' }).trim(),
    );
  });
});

const query = (pattern: string): GrepQuery => ({ pattern, isRegexp: false, caseSensitive: true, maxResults: 50 });

// CI installs ripgrep (.ci/run): there these run; elsewhere they skip without it.
(hasRipgrep ? describe : describe.skip)('ripgrep (skipped without rg)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = path.join(base, 'search');
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, 'small.txt'), 'needle here\n');
  });

  const grep = (pattern: string, memoryLimitBytes?: number) => {
    const q = query(pattern);
    return grepWithRipgrep({
      rg: 'rg',
      root: folder,
      query: q,
      compiled: compileQuery(q),
      context: loadIgnoreContext(folder),
      opener: new SafeOpener(folder),
      timeoutMs: 60_000,
      ...(memoryLimitBytes !== undefined ? { memoryLimitBytes } : {}),
    });
  };

  it('runs rg under DEFAULT_MEMORY_LIMITS.ripgrep by default', async () => {
    // An rg that records its bound, then is the real rg.
    const recorded = path.join(base, 'rg-limit');
    const rg = path.join(base, 'rg');
    await fs.writeFile(rg, `#!/bin/sh\nulimit -d > '${recorded}'\nexec rg "$@"\n`, { mode: 0o755 });
    const result = await new NodeSearchService(folder, { ripgrep: rg }).grep(query('needle'));
    expect(result).toMatchObject({ engine: 'ripgrep', matches: [{ path: 'small.txt', line: 1, text: 'needle here' }] });
    expect((await fs.readFile(recorded, 'utf8')).trim()).toBe(String(DEFAULT_MEMORY_LIMITS.ripgrep / 1024));
  });

  it('a line too long for the bound is a clear error for the model, and its group is gone', async () => {
    // 7 MB on one line (under the 8 MiB search limit): rg buffers it whole, past a 16 MiB bound.
    await fs.writeFile(path.join(folder, 'one-line.txt'), 'a'.repeat(7_000_000));
    await expect(grep('a', 16 * MiB)).rejects.toThrow(
      /^The search \(ripgrep\) ran out of its memory bound of 16 MiB and was stopped\. .*narrow the search/,
    );
    expect(trackedProcessGroups()).toEqual([]);
    // The default bound takes it.
    expect((await grep('a'))!.matches).toHaveLength(1);
  });
});
