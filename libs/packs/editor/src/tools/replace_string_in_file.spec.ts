import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

const source = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 1;\n}\n';
let h: PackHarness;
beforeEach(
  async () => (h = await createPackHarness([editorPack], { 'src/x.ts': source, 'win.txt': 'one\r\ntwo\r\nthree\r\n' })),
);
afterEach(() => h.dispose());

describe('replace_string_in_file', () => {
  it('replaces exactly one occurrence and shows the new lines', async () => {
    const result = await h.call('replace_string_in_file', {
      filePath: 'src/x.ts',
      oldString: 'function b() {\n  return 1;',
      newString: 'function b() {\n  return 2;',
    });
    expect(result).toMatchObject({
      status: 'ok',
      text: 'Replaced 1 occurrence in src/x.ts; lines 5-6 now read:\nfunction b() {\n  return 2;',
    });
    expect(await h.read('src/x.ts')).toBe(source.replace('b() {\n  return 1;', 'b() {\n  return 2;'));
  });

  it('refuses a string that matches twice, listing the count and lines, and leaves the file unchanged', async () => {
    const result = await h.call('replace_string_in_file', {
      filePath: 'src/x.ts',
      oldString: 'return 1;',
      newString: 'return 3;',
    });
    expect(result.status).toBe('error');
    expect(result.text).toContain('oldString occurs 2 times in src/x.ts (lines 2, 6); it must occur exactly once');
    expect(await h.read('src/x.ts')).toBe(source);
  });

  it('explains a missing string, a missing file and a no-op', async () => {
    expect(
      (await h.call('replace_string_in_file', { filePath: 'src/x.ts', oldString: 'nope', newString: 'x' })).text,
    ).toMatch(/was not found in src\/x.ts. Read the file again/);
    expect(
      (await h.call('replace_string_in_file', { filePath: 'src/y.ts', oldString: 'a', newString: 'b' })).text,
    ).toMatch(/does not exist/);
    expect(
      (await h.call('replace_string_in_file', { filePath: 'src/x.ts', oldString: 'a', newString: 'a' })).text,
    ).toMatch(/nothing would change/);
    expect(await h.read('src/x.ts')).toBe(source);
  });

  it('counts 40,000 matches in one pass and lists only the first lines', async () => {
    await h.call('create_file', { filePath: 'many.txt', content: 'x = 1;\n'.repeat(40_000) });
    const result = await h.call('replace_string_in_file', {
      filePath: 'many.txt',
      oldString: 'x = 1;',
      newString: 'x = 2;',
    });
    expect(result.status).toBe('error');
    expect(result.text).toContain(
      'oldString occurs 40000 times in many.txt (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, … (39989 more))',
    );
    expect(result.text.length).toBeLessThan(400);
  });

  it('keeps CRLF files CRLF', async () => {
    await h.call('replace_string_in_file', { filePath: 'win.txt', oldString: 'one\ntwo', newString: 'one\n2' });
    expect(await h.read('win.txt')).toBe('one\r\n2\r\nthree\r\n');
  });

  it('is what non-GPT models get; GPT models get apply_patch under the same picker entry', () => {
    expect(h.names(testModels.general)).toContain('replace_string_in_file');
    expect(h.names(testModels.general)).not.toContain('apply_patch');
    expect(h.names(testModels.general, { selection: { tools: { edit_file: false } } })).not.toContain(
      'replace_string_in_file',
    );
  });
});
