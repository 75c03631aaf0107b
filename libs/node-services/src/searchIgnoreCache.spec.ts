// What git says about a workspace is kept between searches (no git process on a search that finds
// it valid), and every change that decides it is seen by the next search: a tracked file a new
// .gitignore line ignores (ripgrep would skip it; git never hides it), the index, info/exclude.
// Real git, real ripgrep (skipped without rg), real files; a `git` on PATH that counts its runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GrepQuery } from '@toolpacks/services';
import { NodeSearchService } from './nodeSearchService';

jest.setTimeout(60_000);

const hasRipgrep = spawnSync('rg', ['--version']).status === 0;
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
const query: GrepQuery = { pattern: 'needle', isRegexp: false, caseSensitive: true, maxResults: 50 };

let base: string;
let root: string;
let counter: string;
let savedPath: string | undefined;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'search-ignore-cache-')));
  root = path.join(base, 'repo');
  counter = path.join(base, 'git-runs');
  await fs.mkdir(path.join(root, 'lib'), { recursive: true });
  await fs.writeFile(path.join(root, 'lib', 'a.txt'), 'needle a\n');
  await fs.writeFile(path.join(root, 'b.txt'), 'needle b\n');
  const git = (...args: string[]) => execFileSync(realGit, args, { cwd: root, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'one');
  // A git that counts its runs, then is the real one.
  const bin = path.join(base, 'bin');
  await fs.mkdir(bin);
  await fs.writeFile(path.join(bin, 'git'), `#!/bin/sh\necho run >> '${counter}'\nexec '${realGit}' "$@"\n`, {
    mode: 0o755,
  });
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
});
afterEach(async () => {
  process.env.PATH = savedPath;
  await fs.rm(base, { recursive: true, force: true });
});

const gitRuns = async () => (await fs.readFile(counter, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
const paths = async (service: NodeSearchService) =>
  (await service.grep(query)).matches.map((match) => `${match.path}:${match.text}`);

(hasRipgrep ? describe : describe.skip)('the ignore context kept between searches (skipped without rg)', () => {
  it('a search that finds nothing changed starts no git; the results stay those of a fresh search', async () => {
    const service = new NodeSearchService(root, { ripgrep: 'rg' });
    const expected = ['b.txt:needle b', 'lib/a.txt:needle a'];
    expect(await paths(service)).toEqual(expected); // git lists the tracked files
    expect(await paths(service)).toEqual(expected); // git lists the tracked-but-ignored ones, kept now
    const before = await gitRuns();
    expect(before).toBeGreaterThan(0);
    expect(await paths(service)).toEqual(expected);
    expect(await paths(service)).toEqual(expected);
    expect(await gitRuns()).toBe(before);
  });

  it('a tracked file that a new .gitignore line ignores is still found (git never hides a tracked file)', async () => {
    const service = new NodeSearchService(root, { ripgrep: 'rg' });
    for (let i = 0; i < 3; i++) await paths(service);
    await fs.writeFile(path.join(root, 'lib', '.gitignore'), 'a.txt\n');
    expect(await paths(service)).toEqual(['b.txt:needle b', 'lib/a.txt:needle a']);
    // The same for a rule in the root's .gitignore rewritten at the same size (its times may not move).
    await fs.writeFile(path.join(root, '.gitignore'), 'x.txt\n');
    for (let i = 0; i < 3; i++) await paths(service);
    await fs.writeFile(path.join(root, '.gitignore'), 'b.txt\n');
    expect(await paths(service)).toEqual(['b.txt:needle b', 'lib/a.txt:needle a']);
  });

  it('an ignored file that becomes tracked (the index changes) is found; one that is untracked again is not', async () => {
    await fs.writeFile(path.join(root, '.gitignore'), 'c.txt\n');
    await fs.writeFile(path.join(root, 'c.txt'), 'needle c\n');
    const service = new NodeSearchService(root, { ripgrep: 'rg' });
    for (let i = 0; i < 3; i++) expect(await paths(service)).toEqual(['b.txt:needle b', 'lib/a.txt:needle a']);
    execFileSync(realGit, ['add', '-f', 'c.txt'], { cwd: root });
    expect(await paths(service)).toEqual(['b.txt:needle b', 'c.txt:needle c', 'lib/a.txt:needle a']);
    execFileSync(realGit, ['rm', '-q', '--cached', 'c.txt'], { cwd: root });
    expect(await paths(service)).toEqual(['b.txt:needle b', 'lib/a.txt:needle a']);
  });

  it('a .gitignore in a folder of untracked files only (outside what the kept context watches) is read again at every search', async () => {
    await fs.mkdir(path.join(root, 'new', 'deep'), { recursive: true });
    await fs.writeFile(path.join(root, 'new', 'deep', 'e.txt'), 'needle e\n');
    await fs.writeFile(path.join(root, 'new', 'f.txt'), 'needle f\n');
    const service = new NodeSearchService(root, { ripgrep: 'rg' });
    const all = ['b.txt:needle b', 'lib/a.txt:needle a', 'new/deep/e.txt:needle e', 'new/f.txt:needle f'];
    for (let i = 0; i < 3; i++) expect(await paths(service)).toEqual(all);
    await fs.writeFile(path.join(root, 'new', '.gitignore'), 'f.txt\n');
    expect(await paths(service)).toEqual(all.filter((line) => !line.startsWith('new/f.txt')));
    // Rewritten at the same size: what it ignores changes at once.
    await fs.writeFile(path.join(root, 'new', '.gitignore'), 'e.txt\n');
    expect(await paths(service)).toEqual(all.filter((line) => !line.startsWith('new/deep/e.txt')));
    await fs.rm(path.join(root, 'new', '.gitignore'));
    expect(await paths(service)).toEqual(all);
    // The folders the answer depends on are asked too (list_dir's hidden entries use the same rules).
    await fs.writeFile(path.join(root, 'new', '.gitignore'), 'deep/\n');
    expect([...(await service.ignoredEntries('new', [{ name: 'deep', isDirectory: true }]))]).toEqual(['deep']);
    await fs.writeFile(path.join(root, 'new', '.gitignore'), 'keep/\n');
    expect([...(await service.ignoredEntries('new', [{ name: 'deep', isDirectory: true }]))]).toEqual([]);
  });

  it('a new line in info/exclude hides an untracked file at the next search', async () => {
    await fs.writeFile(path.join(root, 'd.txt'), 'needle d\n');
    const service = new NodeSearchService(root, { ripgrep: 'rg' });
    for (let i = 0; i < 3; i++)
      expect(await paths(service)).toEqual(['b.txt:needle b', 'd.txt:needle d', 'lib/a.txt:needle a']);
    await fs.appendFile(path.join(root, '.git', 'info', 'exclude'), 'd.txt\n');
    expect(await paths(service)).toEqual(['b.txt:needle b', 'lib/a.txt:needle a']);
  });
});
