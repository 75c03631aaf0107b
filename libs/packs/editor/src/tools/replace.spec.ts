// Gemini CLI's replace, the edit_file variant for Gemini models, on a real folder: the cases of
// NATIVE-TOOLS.md section 2 (occurrence counts, allow_multiple, creating with an empty old_string,
// CRLF and final newlines kept, placeholders refused) and the path rule.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

const source = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 1;\n}\n';
let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([editorPack], {
      'src/x.ts': source,
      'win.txt': 'one\r\ntwo\r\nthree\r\n',
      'nonl.txt': 'alpha\nbeta',
    })),
);
afterEach(() => h.dispose());

const replace = (input: object) =>
  h.call('replace', { instruction: 'Change the code.', ...input }, { model: testModels.gemini });
const abs = (relative: string) => path.join(h.root, relative);

describe('replace (Gemini variant of edit_file)', () => {
  it('is what Gemini families get under the edit_file picker entry', () => {
    const names = h.names(testModels.gemini);
    expect(names).toContain('replace');
    expect(names).not.toContain('replace_string_in_file');
    expect(h.names(testModels.general)).not.toContain('replace');
  });

  it('replaces one occurrence and reports "(1 replacements)" with the updated code', async () => {
    const result = await replace({
      file_path: 'src/x.ts',
      old_string: 'function b() {\n  return 1;',
      new_string: 'function b() {\n  return 2;',
    });
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      `Successfully modified file: ${abs('src/x.ts')} (1 replacements).\nHere is the updated code:\n...\n}\n\nfunction b() {\n  return 2;\n}`,
    );
    expect(await h.read('src/x.ts')).toBe(source.replace('b() {\n  return 1;', 'b() {\n  return 2;'));
  });

  it('refuses 0 and several occurrences with the counts; nothing is written', async () => {
    const none = await replace({ file_path: 'src/x.ts', old_string: 'return 9;', new_string: 'x' });
    expect(none.status).toBe('error');
    expect(none.text).toContain(
      `Failed to edit, 0 occurrences found for old_string in ${abs('src/x.ts')}. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
    );
    const two = await replace({ file_path: 'src/x.ts', old_string: 'return 1;', new_string: 'return 3;' });
    expect(two.text).toContain(
      `Failed to edit, Expected 1 occurrence but found 2 for old_string in file: ${abs('src/x.ts')}. If you intended to replace multiple occurrences, set 'allow_multiple' to true.`,
    );
    expect(await h.read('src/x.ts')).toBe(source);
  });

  it('replaces every occurrence with allow_multiple, or the count expected_replacements (old name) gives', async () => {
    const all = await replace({
      file_path: abs('src/x.ts'),
      old_string: 'return 1;',
      new_string: 'return 3;',
      allow_multiple: true,
    });
    expect(all.text).toMatch(/\(2 replacements\)\./);
    expect(await h.read('src/x.ts')).toBe(source.replace(/return 1;/g, 'return 3;'));
    const wrongCount = await replace({
      file_path: 'src/x.ts',
      old_string: 'return 3;',
      new_string: 'return 4;',
      expected_replacements: 3,
    });
    expect(wrongCount.text).toMatch(/Expected 3 occurrences but found 2/);
    await replace({
      absolute_path: 'src/x.ts',
      old_string: 'return 3;',
      new_string: 'return 4;',
      expected_replacements: 2,
    });
    expect(await h.read('src/x.ts')).toBe(source.replace(/return 1;/g, 'return 4;'));
  });

  it('says identical strings change nothing', async () => {
    const same = await replace({ file_path: 'src/x.ts', old_string: 'function a', new_string: 'function a' });
    expect(same.status).toBe('error');
    expect(same.text).toContain(
      `No changes to apply. The old_string and new_string are identical in file: ${abs('src/x.ts')}`,
    );
  });

  it('matches CRLF files with LF text and keeps them CRLF; keeps a missing final newline missing', async () => {
    await replace({ file_path: 'win.txt', old_string: 'one\ntwo', new_string: 'one\n2' });
    expect(await h.read('win.txt')).toBe('one\r\n2\r\nthree\r\n');
    await replace({ file_path: 'nonl.txt', old_string: 'beta', new_string: 'gamma\n' });
    expect(await h.read('nonl.txt')).toBe('alpha\ngamma');
  });

  it('creates a file from an empty old_string, refuses it over an existing file, and names a missing one', async () => {
    const created = await replace({ file_path: 'new/dir/c.ts', old_string: '', new_string: 'export {};\n' });
    expect(created.text).toBe(`Created new file: ${abs('new/dir/c.ts')} with provided content.`);
    expect(await h.read('new/dir/c.ts')).toBe('export {};\n');
    const exists = await replace({ file_path: 'src/x.ts', old_string: '', new_string: 'x' });
    expect(exists.text).toContain(`File already exists, cannot create: ${abs('src/x.ts')}`);
    expect(await h.read('src/x.ts')).toBe(source);
    const missing = await replace({ file_path: 'nope.ts', old_string: 'a', new_string: 'b' });
    expect(missing.text).toContain(`File not found: ${abs('nope.ts')}. Use an empty old_string to create a new file`);
  });

  it('refuses a new_string that adds an omission placeholder', async () => {
    const result = await replace({
      file_path: 'src/x.ts',
      old_string: 'function b() {\n  return 1;\n}',
      new_string: 'function b() {\n  // unchanged code ...\n}',
    });
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/omission placeholder/);
    expect(await h.read('src/x.ts')).toBe(source);
  });

  it('refuses paths outside the workspace and writes nothing there', async () => {
    const outside = path.join(path.dirname(h.root), `outside-${path.basename(h.root)}.txt`);
    for (const file_path of [`../${path.basename(outside)}`, outside]) {
      const result = await replace({ file_path, old_string: '', new_string: 'x' });
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    await expect(fs.stat(outside)).rejects.toThrow();
  });

  it('asks before changing a sensitive file, and changes nothing without a yes', async () => {
    await fs.mkdir(abs('.vscode'));
    await fs.writeFile(abs('.vscode/tasks.json'), '{}\n');
    const result = await replace({ file_path: '.vscode/tasks.json', old_string: '{}', new_string: '{ "x": 1 }' });
    expect(result.status).toBe('declined');
    expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
  });
});
