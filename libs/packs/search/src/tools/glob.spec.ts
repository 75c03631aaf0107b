import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';
import { GLOB_MAX_FILES, RECENT_MS, sortByRecency } from './glob';

let h: PackHarness;
const old = (Date.now() - 3 * RECENT_MS) / 1000;
beforeEach(async () => {
  h = await createPackHarness([searchPack], {
    'src/b.ts': '',
    'src/a.ts': '',
    'src/deep/c.TS': '',
    'top.ts': '',
    'docs/readme.md': '',
    '[id].tsx': '',
    '.gitignore': 'dist/\n',
    'dist/x.ts': '',
  });
  for (const file of ['src/b.ts', 'src/a.ts', 'src/deep/c.TS', 'top.ts', '[id].tsx'])
    await fs.utimes(path.join(h.root, file), old, old);
});
afterEach(() => h.dispose());

const gemini = { model: testModels.gemini };
const glob = async (input: object) => (await h.call('glob', input, gemini)).text;
const abs = (relative: string) => path.join(h.root, relative);

describe('glob (Gemini CLI shape)', () => {
  it('is the file_search job for Gemini models only', () => {
    expect(h.names(testModels.gemini)).toContain('glob');
    expect(h.names(testModels.gemini)).not.toContain('file_search');
    expect(h.names(testModels.general)).toContain('file_search');
    expect(h.names(testModels.general)).not.toContain('glob');
  });

  it('lists absolute paths: changed within 24 h first (newest first), then the rest by path', async () => {
    const now = Date.now() / 1000;
    await fs.utimes(abs('src/b.ts'), now - 60, now - 60);
    await fs.utimes(abs('src/deep/c.TS'), now - 10, now - 10);
    expect(await glob({ pattern: '**/*.ts' })).toBe(
      [
        `Found 4 file(s) matching "**/*.ts" within ${h.root}, sorted by modification time (newest first):`,
        abs('src/deep/c.TS'),
        abs('src/b.ts'),
        abs('src/a.ts'),
        abs('top.ts'),
      ].join('\n'),
    );
  });

  it('anchors the pattern at dir_path, ignores case unless case_sensitive, and skips ignored files', async () => {
    expect(await glob({ pattern: '*.ts' })).toBe(
      `Found 1 file(s) matching "*.ts" within ${h.root}, sorted by modification time (newest first):\n${abs('top.ts')}`,
    );
    expect(await glob({ pattern: '*.ts', dir_path: 'src' })).toBe(
      `Found 2 file(s) matching "*.ts" within ${abs('src')}, sorted by modification time (newest first):\n${abs('src/a.ts')}\n${abs('src/b.ts')}`,
    );
    expect(await glob({ pattern: '**/*.ts', dir_path: abs('src'), case_sensitive: true })).not.toContain('c.TS');
    expect(await glob({ pattern: 'SRC/DEEP/*.ts' })).toContain(abs('src/deep/c.TS'));
    expect(await glob({ pattern: 'x.ts', path: 'dist' })).toBe(
      // ignored, even as a literal path
      `No files found matching pattern "x.ts" within ${abs('dist')}`,
    );
  });

  it('takes a path that exists as written literally, and says when nothing matches', async () => {
    expect(await glob({ pattern: '[id].tsx' })).toContain(`\n${abs('[id].tsx')}`);
    expect(await glob({ pattern: '**/*.py' })).toBe(`No files found matching pattern "**/*.py" within ${h.root}`);
  });

  it('refuses dir_path outside the workspace or not a folder', async () => {
    for (const dir of ['../x', path.join(path.dirname(h.root), 'elsewhere')]) {
      const result = await h.call('glob', { pattern: '*', dir_path: dir }, gemini);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    expect(await glob({ pattern: '*', dir_path: 'top.ts' })).toMatch(/Search path is not a directory/);
    expect(await glob({ pattern: '/etc/*' })).toMatch(/is outside .*relative to dir_path/);
  });
});

describe('sortByRecency', () => {
  it('puts recent files first, newest first, then the others by path', () => {
    const now = 10 * RECENT_MS;
    const files = [
      { path: '/b', mtimeMs: 0 },
      { path: '/a', mtimeMs: 1 },
      { path: '/r1', mtimeMs: now - 5 },
      { path: '/r2', mtimeMs: now - 1 },
    ];
    expect(sortByRecency(files, now).map((f) => f.path)).toEqual(['/r2', '/r1', '/a', '/b']);
    expect(GLOB_MAX_FILES).toBeGreaterThan(0);
  });
});
