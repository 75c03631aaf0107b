import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';
import { LIST_DIR_PAGE } from './list_dir';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([searchPack], { 'src/a.ts': '', 'src/sub/b.ts': '', 'z.md': '' })));
afterEach(() => h.dispose());

describe('list_dir', () => {
  it('lists a folder with folders marked', async () => {
    expect((await h.call('list_dir', { path: '.' })).text).toBe('src/\nz.md');
    expect((await h.call('list_dir', { path: 'src' })).text).toBe('a.ts\nsub/');
  });

  it('lists ignored entries too, marked as ignored', async () => {
    await h.dispose();
    h = await createPackHarness([searchPack], {
      '.gitignore': 'dist/\n*.log\n',
      'dist/out.js': '',
      'debug.log': '',
      'src/a.ts': '',
    });
    expect((await h.call('list_dir', { path: '.' })).text).toBe(
      '.gitignore\ndebug.log (ignored)\ndist/ (ignored)\nsrc/',
    );
  });

  it('explains a missing folder, a file and a path outside the workspace', async () => {
    expect((await h.call('list_dir', { path: 'nope' })).text).toMatch(/Folder 'nope' does not exist/);
    expect((await h.call('list_dir', { path: 'z.md' })).text).toMatch(/is a file, not a folder/);
    expect((await h.call('list_dir', { path: '..' })).text).toMatch(/outside the workspace/);
  });

  it('answers a huge folder a page at a time, saying where to read on', async () => {
    await h.dispose();
    const files: Record<string, string> = {};
    const count = LIST_DIR_PAGE * 2 + 5;
    for (let i = 0; i < count; i++) files[`big/f${String(i).padStart(5, '0')}.txt`] = '';
    h = await createPackHarness([searchPack], files);
    const first = (await h.call('list_dir', { path: 'big' })).text;
    const lines = first.split('\n');
    expect(lines).toHaveLength(LIST_DIR_PAGE + 1);
    expect(lines[0]).toBe('f00000.txt');
    expect(lines.at(-1)).toBe(
      `[entries 1–${LIST_DIR_PAGE} of ${count}. Call list_dir again with offset: ${LIST_DIR_PAGE} for the next ones.]`,
    );
    const last = (await h.call('list_dir', { path: 'big', offset: LIST_DIR_PAGE * 2 })).text.split('\n');
    expect(last).toEqual([
      'f02000.txt',
      'f02001.txt',
      'f02002.txt',
      'f02003.txt',
      'f02004.txt',
      `[entries ${LIST_DIR_PAGE * 2 + 1}–${count} of ${count}.]`,
    ]);
    expect((await h.call('list_dir', { path: 'big', offset: count })).text).toBe(
      `big/ has ${count} entries; offset ${count} is past the last one.`,
    );
    expect((await h.call('list_dir', { path: 'big', offset: -1 })).text).toMatch(/offset/);
  });
});
