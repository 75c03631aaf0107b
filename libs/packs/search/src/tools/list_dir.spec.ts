import { createPackHarness, type PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

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
    h = await createPackHarness([searchPack], { '.gitignore': 'dist/\n*.log\n', 'dist/out.js': '', 'debug.log': '', 'src/a.ts': '' });
    expect((await h.call('list_dir', { path: '.' })).text).toBe('.gitignore\ndebug.log (ignored)\ndist/ (ignored)\nsrc/');
  });

  it('explains a missing folder, a file and a path outside the workspace', async () => {
    expect((await h.call('list_dir', { path: 'nope' })).text).toMatch(/Folder 'nope' does not exist/);
    expect((await h.call('list_dir', { path: 'z.md' })).text).toMatch(/is a file, not a folder/);
    expect((await h.call('list_dir', { path: '..' })).text).toMatch(/outside the workspace/);
  });
});
