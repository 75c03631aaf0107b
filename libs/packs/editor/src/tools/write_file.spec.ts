// Gemini CLI's write_file, the create_file variant for Gemini models, on a real folder: creates
// (parents too), overwrites, refuses folders and omission placeholders, keeps to the workspace.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], { 'src/a.ts': 'export const a = 1;\n' })));
afterEach(() => h.dispose());

// write_file overwrites, so it asks (destructive): the specs approve it as a person would.
const write = (input: object) =>
  h.call('write_file', input, { model: testModels.gemini, autoApprove: { write_file: true } });

describe('write_file (Gemini variant of create_file)', () => {
  it('is what Gemini families get under the create_file picker entry', () => {
    expect(h.names(testModels.gemini)).toContain('write_file');
    expect(h.names(testModels.gemini)).not.toContain('create_file');
    expect(h.names(testModels.general)).not.toContain('write_file');
    expect(h.names(testModels.gemini, { selection: { tools: { create_file: false } } })).not.toContain('write_file');
  });

  it('creates a file and its missing parent folders', async () => {
    const result = await write({ file_path: 'src/new/deep/b.ts', content: 'export const b = 2;\n' });
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      `Successfully created and wrote to new file: ${path.join(h.root, 'src/new/deep/b.ts')}.\nHere is the updated code:\nexport const b = 2;`,
    );
    expect(await h.read('src/new/deep/b.ts')).toBe('export const b = 2;\n');
  });

  it('overwrites an existing file (absolute path inside the workspace) and shows the changed lines', async () => {
    const absolute = path.join(h.root, 'src/a.ts');
    const result = await write({ file_path: absolute, content: 'export const a = 3;\n' });
    expect(result.text).toBe(
      `Successfully overwrote file: ${absolute}.\nHere is the updated code:\nexport const a = 3;`,
    );
    expect(await h.read('src/a.ts')).toBe('export const a = 3;\n');
  });

  it('asks before it runs: without an approval nothing is written', async () => {
    const result = await h.call('write_file', { file_path: 'src/a.ts', content: 'x' }, { model: testModels.gemini });
    expect(result.status).toBe('declined');
    expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
  });

  it('refuses content with an omission placeholder, and a folder path; nothing is written', async () => {
    const placeholder = await write({
      file_path: 'src/a.ts',
      content: 'export const a = 1;\n// rest of code ...\n',
    });
    expect(placeholder.status).toBe('error');
    expect(placeholder.text).toMatch(/omission placeholder.*rest of code \.\.\..*Nothing was written/);
    expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
    const folder = await write({ file_path: 'src', content: 'x' });
    expect(folder.text).toContain(`Path is a directory, not a file: ${path.join(h.root, 'src')}`);
  });

  it('accepts the old name absolute_path', async () => {
    await write({ absolute_path: path.join(h.root, 'old.txt'), content: 'old\n' });
    expect(await h.read('old.txt')).toBe('old\n');
  });

  it('refuses paths outside the workspace and writes nothing there', async () => {
    const outside = path.join(path.dirname(h.root), `outside-${path.basename(h.root)}.txt`);
    for (const file_path of [`../${path.basename(outside)}`, outside]) {
      const result = await write({ file_path, content: 'x' });
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    await expect(fs.stat(outside)).rejects.toThrow();
  });

  it('asks with the diff before writing a sensitive file, and writes it only on a yes', async () => {
    const declined = await write({ file_path: '.vscode/tasks.json', content: '{}\n' });
    expect(declined.status).toBe('declined');
    await expect(fs.stat(path.join(h.root, '.vscode/tasks.json'))).rejects.toThrow();
    const asked: string[] = [];
    const confirmed = await h.call(
      'write_file',
      { file_path: '.vscode/tasks.json', content: '{}\n' },
      { model: testModels.gemini, confirm: async (request) => (asked.push(String(request.message)), 'once') },
    );
    expect(confirmed.status).toBe('ok');
    expect(asked.join('\n')).toContain('+{}');
    expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
  });
});
