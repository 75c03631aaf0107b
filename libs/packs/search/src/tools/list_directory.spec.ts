import * as path from 'node:path';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([searchPack], {
      '.gitignore': 'dist/\n*.log\n',
      'dist/out.js': '',
      'debug.log': 'x',
      'src/a.ts': 'abc\n',
      'src/Sub/b.ts': '',
      'zeta.md': '12345',
      'Alpha.txt': '',
      'empty/.keep': '',
    })),
);
afterEach(() => h.dispose());

const gemini = { model: testModels.gemini };
const ls = async (input: object) => (await h.call('list_directory', input, gemini)).text;

describe('list_directory (Gemini CLI shape)', () => {
  it('is the list_dir job for Gemini models only', () => {
    expect(h.names(testModels.gemini)).toContain('list_directory');
    expect(h.names(testModels.gemini)).not.toContain('list_dir');
    expect(h.names(testModels.general)).toContain('list_dir');
    expect(h.names(testModels.general)).not.toContain('list_directory');
  });

  it('lists folders first as [DIR], then files with their sizes, and counts what .gitignore hides', async () => {
    expect(await ls({ dir_path: '.' })).toBe(
      `Directory listing for ${h.root}:\n[DIR] empty\n[DIR] src\n.gitignore (12 bytes)\nAlpha.txt (0 bytes)\nzeta.md (5 bytes)\n\n(2 ignored)`,
    );
    expect(await ls({ dir_path: 'src' })).toBe(
      `Directory listing for ${path.join(h.root, 'src')}:\n[DIR] Sub\na.ts (4 bytes)`,
    );
  });

  it('shows ignored entries with respect_git_ignore false, and leaves out names matching ignore globs', async () => {
    expect(await ls({ dir_path: '.', file_filtering_options: { respect_git_ignore: false } })).toBe(
      `Directory listing for ${h.root}:\n[DIR] dist\n[DIR] empty\n[DIR] src\n.gitignore (12 bytes)\nAlpha.txt (0 bytes)\ndebug.log (1 bytes)\nzeta.md (5 bytes)`,
    );
    expect(await ls({ dir_path: '.', ignore: ['*.md', 'e?pty', '.*'] })).toBe(
      `Directory listing for ${h.root}:\n[DIR] src\nAlpha.txt (0 bytes)\n\n(2 ignored)`,
    );
  });

  it('says when a folder is empty, and refuses a file', async () => {
    await h.call('list_directory', { dir_path: 'empty' }, gemini);
    const { promises: fs } = await import('node:fs');
    await fs.rm(path.join(h.root, 'empty/.keep'));
    expect(await ls({ dir_path: 'empty' })).toBe(`Directory ${path.join(h.root, 'empty')} is empty.`);
    const file = await h.call('list_directory', { dir_path: 'zeta.md' }, gemini);
    expect(file.status).toBe('error');
    expect(file.text).toContain(`Error: Path is not a directory: ${path.join(h.root, 'zeta.md')}`);
  });

  it('takes absolute paths inside the workspace and the old name path; refuses outside paths', async () => {
    expect(await ls({ dir_path: path.join(h.root, 'src') })).toContain('a.ts (4 bytes)');
    expect(await ls({ path: 'src' })).toContain('[DIR] Sub');
    for (const dir of ['../x', path.join(path.dirname(h.root), 'elsewhere')]) {
      const result = await h.call('list_directory', { dir_path: dir }, gemini);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    expect(await ls({})).toMatch(/'dir_path' parameter is required/);
    expect(await ls({ dir_path: 'nope' })).toMatch(/Path does not exist: .*nope/);
  });
});
