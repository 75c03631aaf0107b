import { createPackHarness, type PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], { 'exists.txt': 'keep me\n' })));
afterEach(() => h.dispose());

describe('create_file', () => {
  it('creates a file and its folders', async () => {
    const result = await h.call('create_file', { filePath: 'src/deep/new.ts', content: 'export {};\nconst x = 1;\n' });
    expect(result).toMatchObject({ status: 'ok', text: 'Created src/deep/new.ts (2 lines).' });
    expect(await h.read('src/deep/new.ts')).toBe('export {};\nconst x = 1;\n');
  });

  it('never overwrites an existing file or writes outside the workspace', async () => {
    const result = await h.call('create_file', { filePath: 'exists.txt', content: 'gone' });
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/already exists; edit it instead/);
    expect(await h.read('exists.txt')).toBe('keep me\n');
    expect((await h.call('create_file', { filePath: '../escape.txt', content: 'x' })).text).toMatch(
      /outside the workspace/,
    );
  });
});
