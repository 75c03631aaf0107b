// Search sees what git lists: a generated repository with nested .gitignore files, negations,
// anchored and folder-only patterns, `**`, .git/info/exclude, tracked files that a rule matches,
// a symbolic link to a folder and hostile ignore lines, compared with
// `git ls-files --cached --others --exclude-standard` (global excludes off: search does not read
// the user's core.excludesFile, see gitIgnoreRules.ts). Both engines are compared when rg exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeSearchService, compareMatches } from './nodeSearchService';

/** A small size limit, so that the over-limit file of the fixture stays small. */
const LIMIT = 1024 * 1024;

const hasRipgrep = spawnSync('rg', ['--version']).status === 0;
// git, ripgrep and worker threads over generated trees: seconds each on a loaded two-core machine.
jest.setTimeout(120_000);
const LONG = 'a'.repeat(60);
let root: string;

const FILES: Record<string, string> = {
  '.gitignore': [
    '/dts',
    'build/',
    '!build/keep.txt',
    '*.log',
    '!important.log',
    '/packages/*/lib',
    '**/tmp/**',
    'docs/**/*.draft',
    'node_modules',
    '!**/test/fixtures/**/node_modules',
    '*a*a*a*a*a*a*a*Q',
    `${'{*,*}'.repeat(10)}Q`,
    '',
  ].join('\n'),
  'dts/top.d.ts': 'marker', // anchored: only the root's dts
  'sub/dts/kept.d.ts': 'marker',
  'build/out.txt': 'marker',
  'build/keep.txt': 'marker', // a negation cannot re-include below an ignored folder
  'sub/build/deep.txt': 'marker', // dir-only, any depth
  'debug.log': 'marker',
  'important.log': 'marker',
  'packages/p1/lib/out.js': 'marker',
  'packages/p1/src/lib/in.js': 'marker',
  'packages/p1/src/index.js': 'marker',
  'x/tmp/a/b.txt': 'marker',
  'docs/a/b/c.draft': 'marker',
  'docs/c.md': 'marker',
  'node_modules/m/index.js': 'marker',
  'test/fixtures/case/node_modules/dep/index.js': 'marker',
  'sub/.gitignore': '*.gen.ts\n!keep.gen.ts\n/local\n# comment\n\\#hash\n',
  'sub/a.gen.ts': 'marker',
  'sub/keep.gen.ts': 'marker',
  'sub/local/x.txt': 'marker',
  'sub/deep/local/y.txt': 'marker',
  'sub/#hash': 'marker',
  'sub/deep/.gitignore': '!*.gen.ts\n',
  'sub/deep/b.gen.ts': 'marker', // a deeper file's negation wins
  'secret.txt': 'marker', // .git/info/exclude
  'sub/secret.txt': 'marker',
  [LONG]: 'marker',
  [`${LONG}Q`]: 'marker',
  'with space.txt': 'marker',
  'src/main.ts': 'marker',
};

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'core.excludesFile=/dev/null', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'search-git-parity-')));
  git('init', '-q');
  for (const [file, text] of Object.entries(FILES)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  }
  await fs.mkdir(path.join(root, 'big'));
  await fs.writeFile(path.join(root, 'big/huge.txt'), Buffer.alloc(LIMIT + 10, 'marker\n'));
  await fs.appendFile(path.join(root, '.git/info/exclude'), '\nsecret.txt\n');
  await fs.symlink('sub', path.join(root, 'linkdir'));
  // Tracked although a rule matches (git never hides these): a file, and one in an ignored folder.
  await fs.writeFile(path.join(root, 'dts/tracked.d.ts'), 'marker');
  await fs.writeFile(path.join(root, 'packages/p1/lib/tracked.js'), 'marker');
  await fs.writeFile(path.join(root, 'debug-tracked.log'), 'marker');
  git('add', '-f', 'dts/tracked.d.ts', 'packages/p1/lib/tracked.js', 'debug-tracked.log', 'src/main.ts');
});

afterAll(() => fs.rm(root, { recursive: true, force: true }));

const walkOrder = (files: string[]) =>
  files
    .map((p) => ({ path: p, line: 1, text: '' }))
    .sort(compareMatches)
    .map((m) => m.path);

function gitListed(): string[] {
  return walkOrder(git('ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean));
}

describe('search lists exactly what git lists', () => {
  it('file_search (every file) equals git ls-files --cached --others --exclude-standard', async () => {
    const expected = gitListed();
    // The tree exercises every rule: ignored, re-included and tracked-but-ignored files are there.
    expect(expected).toEqual(
      expect.arrayContaining([
        'dts/tracked.d.ts',
        'packages/p1/lib/tracked.js',
        'sub/keep.gen.ts',
        'sub/deep/b.gen.ts',
        'test/fixtures/case/node_modules/dep/index.js',
        'linkdir',
        'sub/dts/kept.d.ts',
        LONG,
      ]),
    );
    expect(expected).not.toContain('dts/top.d.ts');
    const found = await new NodeSearchService(root, { ripgrep: false, maxFileBytes: LIMIT }).findFiles('**', 10_000);
    expect(found).toEqual({ files: expected, truncated: false });
  });

  it('grep with the scanner searches exactly those files (links are listed, not followed; over-limit files are counted)', async () => {
    const expected = gitListed().filter(
      (file) => !['linkdir', 'big/huge.txt'].includes(file) && !file.endsWith('.gitignore'),
    );
    const result = await new NodeSearchService(root, { ripgrep: false, maxFileBytes: LIMIT }).grep({
      pattern: 'marker',
      isRegexp: false,
      caseSensitive: true,
      maxResults: 10_000,
    });
    expect(result.matches.map((m) => m.path)).toEqual(expected);
    expect(result.skippedLargeFiles).toEqual({
      count: 1,
      limitBytes: LIMIT,
      examples: ['big/huge.txt'],
    });
  });

  (hasRipgrep ? it : it.skip)(
    'grep with ripgrep returns the same as the scanner (whole tree, and under include globs)',
    async () => {
      for (const includePattern of [undefined, 'packages/**', 'dts/**', '*.ts', '**/node_modules/**', 'big/*']) {
        const q = { pattern: 'marker', isRegexp: false, caseSensitive: true, maxResults: 10_000, includePattern };
        const withScanner = await new NodeSearchService(root, { ripgrep: false, maxFileBytes: LIMIT }).grep(q);
        const withRipgrep = await new NodeSearchService(root, { maxFileBytes: LIMIT }).grep(q);
        expect(withRipgrep.engine).toBe('ripgrep');
        expect({ includePattern, matches: withRipgrep.matches, skipped: withRipgrep.skippedLargeFiles }).toEqual({
          includePattern,
          matches: withScanner.matches,
          skipped: withScanner.skippedLargeFiles,
        });
      }
    },
  );

  it('hostile globs answer at once (they hung the main thread for 40 s and more)', async () => {
    const service = new NodeSearchService(root, { ripgrep: false, maxFileBytes: LIMIT });
    expect((await service.findFiles('*a*a*a*a*a*a*a*Q', 100)).files).toEqual([]);
    expect((await service.findFiles(`${'{*,*}'.repeat(10)}Q`, 100)).files).toEqual([]);
  });
});

// Generated trees and ignore files (seeded, so a failure reproduces): every case compared with git.
describe('search lists what git lists on generated trees', () => {
  const NAMES = ['a', 'b', 'c', 'd', 'x.txt', 'keep.txt', 'y.log', 'z.md', '#x', 'A.TXT', 'ab'];
  const LINES = [
    '*.log',
    '/a',
    'a/',
    'b/*.txt',
    '!b/keep.txt',
    '**/c',
    'c/**',
    'a/**/d',
    '!*.md',
    'd?',
    '[ab]',
    '[!a]*.txt',
    '\\#x',
    '*',
    '!d/',
    '!keep.txt',
    'b/',
    '/b/c',
    '*.TXT',
    '!a',
    'a*',
    '**/b/**/x.txt',
    'x.txt ',
    'ab/',
    '!**/keep.txt',
    '#x',
    'c/',
    '!c',
    '/*/x.txt',
    '**',
  ];
  function random(seed: number) {
    return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  }

  it('agrees on 30 random trees (file_search; grep with both engines)', async () => {
    const outcomes: string[] = [];
    let listed = 0;
    let hidden = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const rnd = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
      const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `search-git-random-${seed}-`)));
      const run = (...args: string[]) =>
        execFileSync('git', ['-c', 'core.excludesFile=/dev/null', ...args], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
        });
      try {
        run('init', '-q');
        const files = new Set<string>();
        for (let i = 0; i < 25; i++) {
          const depth = 1 + Math.floor(rnd() * 4);
          const parts = Array.from({ length: depth }, () => pick(NAMES));
          files.add(parts.join('/'));
        }
        const written: string[] = [];
        for (const file of files) {
          try {
            await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
            await fs.writeFile(path.join(dir, file), 'marker\n');
            written.push(file);
          } catch {
            // a name already used as a file on the way: skip
          }
        }
        const ignoreFile = async (folder: string) => {
          const text = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pick(LINES)).join('\n');
          try {
            await fs.writeFile(path.join(dir, folder, '.gitignore'), `${text}\n`);
          } catch {
            // the folder is a file here
          }
        };
        await ignoreFile('');
        const folders = [...new Set(written.filter((f) => f.includes('/')).map((f) => f.slice(0, f.lastIndexOf('/'))))];
        if (folders.length > 0) await ignoreFile(pick(folders));
        await fs.appendFile(path.join(dir, '.git/info/exclude'), `\n${pick(LINES)}\n`);
        const toTrack = written.filter(() => rnd() < 0.15);
        if (toTrack.length > 0) run('add', '-f', '--', ...toTrack);
        const expected = walkOrder(
          run('ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean),
        );
        const found = await new NodeSearchService(dir, { ripgrep: false }).findFiles('**', 10_000);
        const q = { pattern: 'marker', isRegexp: false, caseSensitive: true, maxResults: 10_000 };
        const scanned = (await new NodeSearchService(dir, { ripgrep: false }).grep(q)).matches.map((m) => m.path);
        const grepped = hasRipgrep ? (await new NodeSearchService(dir).grep(q)).matches.map((m) => m.path) : scanned;
        const gitFiles = expected.filter((f) => !f.endsWith('.gitignore'));
        listed += gitFiles.length;
        hidden += written.length - gitFiles.length;
        if (JSON.stringify(found.files) !== JSON.stringify(expected))
          outcomes.push(
            `seed ${seed} file_search: git ${JSON.stringify(expected)} search ${JSON.stringify(found.files)}`,
          );
        if (JSON.stringify(scanned) !== JSON.stringify(gitFiles))
          outcomes.push(`seed ${seed} scanner grep: ${JSON.stringify(scanned)} vs git ${JSON.stringify(gitFiles)}`);
        if (JSON.stringify(grepped) !== JSON.stringify(gitFiles))
          outcomes.push(`seed ${seed} ripgrep grep: ${JSON.stringify(grepped)} vs git ${JSON.stringify(gitFiles)}`);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
    expect(outcomes).toEqual([]);
    // The trees are not trivial: many files listed, many hidden by the rules.
    expect(listed).toBeGreaterThan(150);
    expect(hidden).toBeGreaterThan(150);
  }, 60_000);
});
