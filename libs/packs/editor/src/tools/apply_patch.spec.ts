import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, testModels, type PackHarness } from '@toolpacks/host-node/src/testing';
import { editorPack } from '../index';

const app = 'import x from "x";\n\nexport function main() {\n  console.log("hello");\n  return 0;\n}\n';
let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], { 'src/app.ts': app, 'src/old.ts': 'old\n', 'src/move.ts': 'move me\n' })));
afterEach(() => h.dispose());

const gpt = { model: testModels.gpt5 };

describe('apply_patch', () => {
  it('is sent to GPT-4.1 and GPT-5 models instead of replace_string_in_file', () => {
    for (const model of [testModels.gpt41, testModels.gpt5]) {
      expect(h.names(model)).toContain('apply_patch');
      expect(h.names(model)).not.toContain('replace_string_in_file');
    }
    expect(h.names(testModels.gemini)).not.toContain('apply_patch');
  });

  it('updates, adds, deletes and moves files in one call', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/app.ts',
      '@@ export function main() {',
      '-  console.log("hello");',
      '+  console.log("hello, world");',
      '   return 0;',
      '*** Add File: src/new.ts',
      '+export const created = true;',
      '*** Delete File: src/old.ts',
      '*** Update File: src/move.ts',
      '*** Move to: src/moved.ts',
      '-move me',
      '+moved',
      '*** End Patch',
    ].join('\n');
    const result = await h.call('apply_patch', { input: patch }, gpt);
    expect(result).toMatchObject({ status: 'ok', text: 'Applied the patch: updated src/app.ts, added src/new.ts, deleted src/old.ts, moved src/move.ts to src/moved.ts.' });
    expect(await h.read('src/app.ts')).toBe(app.replace('"hello"', '"hello, world"'));
    expect(await h.read('src/new.ts')).toBe('export const created = true;\n');
    expect(await h.read('src/moved.ts')).toBe('moved\n');
    expect((await fs.readdir(path.join(h.root, 'src'))).sort()).toEqual(['app.ts', 'moved.ts', 'new.ts']);
  });

  it('writes nothing when one hunk does not apply, and names the hunk', async () => {
    const patch = ['*** Begin Patch', '*** Add File: src/other.ts', '+x', '*** Update File: src/app.ts', '-  console.log("bye");', '+  nope', '*** End Patch'].join('\n');
    const result = await h.call('apply_patch', { input: patch }, gpt);
    expect(result.status).toBe('error');
    expect(result.text).toContain("src/app.ts, hunk 1: the lines to change were not found (first line: '  console.log(\"bye\");')");
    expect(result.text).toContain('Nothing was written.');
    expect(await h.read('src/app.ts')).toBe(app);
    await expect(fs.access(path.join(h.root, 'src/other.ts'))).rejects.toThrow();
  });

  it('explains malformed patches and paths outside the workspace', async () => {
    expect((await h.call('apply_patch', { input: 'diff --git a b' }, gpt)).text).toMatch(/must start with '\*\*\* Begin Patch'/);
    expect((await h.call('apply_patch', { input: '*** Begin Patch\n*** Update File: src/app.ts\n-x\n' }, gpt)).text).toMatch(/must end with '\*\*\* End Patch'/);
    expect((await h.call('apply_patch', { input: '*** Begin Patch\n*** Add File: ../../x.ts\n+x\n*** End Patch' }, gpt)).text).toMatch(/outside the workspace/);
    expect((await h.call('apply_patch', { input: '*** Begin Patch\n*** Delete File: src/none.ts\n*** End Patch' }, gpt)).text).toMatch(/does not exist, so it cannot be deleted/);
    expect(await h.read('src/app.ts')).toBe(app);
  });
});
