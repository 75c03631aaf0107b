// grepWithRipgrep's own promises: ripgrep starts at once while git lists the tracked-but-ignored
// files, so either can fail while the other is pending. A failure must reach the caller as the
// search's answer, at once, and never as an unhandled rejection (which ends a Node process: the
// MCP server died of one when 400 grep_search calls ran at once, issue 30 finding 6; Jest fails a
// test in which a rejection goes unhandled).
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from '@toolpacks/base';
import type { GrepQuery } from '@toolpacks/services';
import { NodeSearchService } from './nodeSearchService';
import { grepWithRipgrep, type RipgrepRun } from './ripgrepSearch';
import { SafeOpener } from './safeOpen';
import { loadIgnoreContext, type IgnoreContext } from './searchIgnoreContext';
import { compileQuery } from './searchLimits';

const hasRipgrep = spawnSync('rg', ['--version']).status === 0;
const maybe = hasRipgrep ? describe : describe.skip;

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'ripgrep-search-')));
  for (let i = 0; i < 20; i++) await fs.writeFile(path.join(root, `f${i}.txt`), 'needle\n'.repeat(50));
  spawnSync('git', ['init', '-q'], { cwd: root });
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const query: GrepQuery = { pattern: 'needle', isRegexp: false, caseSensitive: false, maxResults: 10 };

function run(overrides: Partial<RipgrepRun> & { context: Promise<IgnoreContext> }): RipgrepRun {
  return {
    rg: 'rg',
    root,
    query,
    compiled: compileQuery(query),
    opener: new SafeOpener(root),
    timeoutMs: 20_000,
    ...overrides,
  };
}

/** Waits (bounded, generously for a loaded machine) until `done` says the search answered. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A context that git has not produced yet (git is slow on a loaded machine), and its release. */
function slowContext(): { context: Promise<IgnoreContext>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { context: gate.then(() => loadIgnoreContext(root)), release };
}

maybe('grepWithRipgrep while git is still listing', () => {
  it('a ripgrep timeout is the answer at once, not an unhandled rejection, and not a wait for git', async () => {
    const { context, release } = slowContext();
    let settled: unknown;
    const search = grepWithRipgrep(run({ context, timeoutMs: 1 })).then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );
    // The answer does not wait for git: it is there while git is still held back.
    await until(() => settled !== undefined);
    const beforeGit = settled;
    release();
    await search;
    expect(beforeGit).toBe(settled);
    expect(settled).toBeInstanceOf(Error);
    expect((settled as Error).message).toMatch(/did not finish within 0.001 s/);
  });

  it('a cancellation while git lists is the answer at once (cancelled), with nothing unhandled', async () => {
    const { context, release } = slowContext();
    const source = new CancellationTokenSource();
    let settled: unknown;
    const search = grepWithRipgrep(run({ context, token: source.token })).then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );
    source.cancel();
    await until(() => settled !== undefined);
    const beforeGit = settled;
    release();
    await search;
    expect(beforeGit).toBe(settled);
    expect((settled as Error).message).toBe('The search was cancelled.');
  });

  it('git failing while ripgrep runs is handled too (the walk is stopped, its end awaited)', async () => {
    const failing = Promise.reject(new Error('git could not run'));
    await expect(grepWithRipgrep(run({ context: failing }))).rejects.toThrow('git could not run');
  });

  it('a common word re-reads only the files it returns (and the one after), not every file it is in', async () => {
    const opener = new SafeOpener(root);
    const opened: string[] = [];
    const openFile = opener.openFile.bind(opener);
    opener.openFile = (location, input, flags) => {
      opened.push(input);
      return openFile(location, input, flags);
    };
    // A small file is opened synchronously (no thread pool): counted the same.
    const openFileSync = opener.openFileSync.bind(opener);
    opener.openFileSync = (location, input) => {
      opened.push(input);
      return openFileSync(location, input);
    };
    const outcome = await grepWithRipgrep(run({ context: loadIgnoreContext(root), opener }));
    // 20 files of 50 matches each, 10 returned: the first file holds them and the one after.
    expect(outcome?.matches.map((m) => `${m.path}:${m.line}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `f0.txt:${i + 1}`),
    );
    expect(outcome?.truncated).toBe(true);
    expect(opened).toEqual(['f0.txt']);
  });

  it('with git answering, the search still finds what it finds', async () => {
    const outcome = await grepWithRipgrep(run({ context: loadIgnoreContext(root) }));
    expect(outcome?.matches).toHaveLength(10);
    expect(outcome?.matches[0]).toEqual({ path: 'f0.txt', line: 1, text: 'needle' });
    expect(outcome?.truncated).toBe(true);
  });

  it.each([1, 10, 49, 50, 51, 199, 1000])(
    'a common word answers as the scanner does when the walk switches to sorted mode (maxResults %i)',
    async (maxResults) => {
      const common = { ...query, maxResults };
      const withRipgrep = await new NodeSearchService(root).grep(common);
      const withScanner = await new NodeSearchService(root, { ripgrep: false }).grep(common);
      expect(withRipgrep.engine).toBe('ripgrep');
      expect(withRipgrep.matches).toEqual(withScanner.matches);
      expect(withRipgrep.truncated).toBe(withScanner.truncated);
      expect(withRipgrep.matches).toHaveLength(Math.min(maxResults, 1000));
    },
  );
});
