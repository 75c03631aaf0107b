import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
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
    expect(result.text).toMatch(
      /already exists; edit it instead of creating it \(replace_string_in_file\), or call create_file with overwrite: true/,
    );
    expect(await h.read('exists.txt')).toBe('keep me\n');
    expect((await h.call('create_file', { filePath: '../escape.txt', content: 'x' })).text).toMatch(
      /outside the workspace/,
    );
  });

  it('overwrites an existing file with overwrite: true, after asking with the diff', async () => {
    const asked: ConfirmationRequest[] = [];
    const result = await h.call(
      'create_file',
      { filePath: 'exists.txt', content: 'new\ncontent\n', overwrite: true },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(result).toMatchObject({ status: 'ok', text: 'Overwrote exists.txt (2 lines).' });
    expect(asked[0].title).toBe('Overwrite exists.txt?');
    expect(asked[0].message).toContain('-keep me\n+new\n+content');
    expect(await h.read('exists.txt')).toBe('new\ncontent\n');
  });

  it('overwrite: true asks, and without a yes nothing changes; a new file still needs no question', async () => {
    const input = { filePath: 'exists.txt', content: 'gone', overwrite: true };
    expect((await h.call('create_file', input)).status).toBe('declined');
    expect((await h.call('create_file', input, { confirm: async () => 'decline' })).status).toBe('declined');
    expect(await h.read('exists.txt')).toBe('keep me\n');
    expect((await h.call('create_file', { filePath: 'fresh.txt', content: 'x\n', overwrite: true })).text).toBe(
      'Created fresh.txt (1 line).',
    );
  });

  it('overwrite: true still refuses folders, paths outside, and sensitive files without their own question', async () => {
    const yes = { confirm: async () => 'once' as const };
    await fs.mkdir(path.join(h.root, 'folder'));
    expect((await h.call('create_file', { filePath: 'folder', content: 'x', overwrite: true }, yes)).text).toMatch(
      /folder is a folder; give the path of a file/,
    );
    expect((await h.call('create_file', { filePath: '../x', content: 'x', overwrite: true }, yes)).text).toMatch(
      /outside the workspace/,
    );
    await fs.mkdir(path.join(h.root, '.vscode'));
    await fs.writeFile(path.join(h.root, '.vscode/tasks.json'), '{}\n');
    const asked: ConfirmationRequest[] = [];
    const sensitive = await h.call(
      'create_file',
      { filePath: '.vscode/tasks.json', content: '{"tasks": []}\n', overwrite: true },
      { autoApprove: true, confirm: async (r) => (asked.push(r), 'decline') },
    );
    expect(sensitive.status).toBe('declined');
    expect(asked[0]).toMatchObject({ title: 'Overwrite .vscode/tasks.json?', alwaysConfirm: true });
    expect(asked[0].message).toContain('+{"tasks": []}');
    expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
  });

  describe('overwrite: true writes only over what the question showed', () => {
    it('refuses when the file changed between the question and the write, and keeps the change', async () => {
      const asked: ConfirmationRequest[] = [];
      const result = await h.call(
        'create_file',
        { filePath: 'exists.txt', content: 'mine\n', overwrite: true },
        {
          confirm: async (r) => {
            asked.push(r);
            await fs.writeFile(path.join(h.root, 'exists.txt'), 'someone else\n');
            return 'once';
          },
        },
      );
      expect(asked[0].message).toContain('-keep me\n+mine');
      expect(result.status).toBe('error');
      expect(result.text).toMatch(
        /exists\.txt changed after this call was checked.*Nothing was written; read it again/,
      );
      expect(await h.read('exists.txt')).toBe('someone else\n');
      // Called again, it asks with the new diff and writes.
      const again = await h.call(
        'create_file',
        { filePath: 'exists.txt', content: 'mine\n', overwrite: true },
        { confirm: async (r) => (asked.push(r), 'once') },
      );
      expect(again).toMatchObject({ status: 'ok', text: 'Overwrote exists.txt (1 line).' });
      expect(asked[1].message).toContain('-someone else\n+mine');
      expect(await h.read('exists.txt')).toBe('mine\n');
    });

    it('refuses to overwrite a file that appeared after a question (or none) for a new file', async () => {
      // A new file at a sensitive path asks; while the question is open another program creates it.
      const asked: ConfirmationRequest[] = [];
      const result = await h.call(
        'create_file',
        { filePath: '.vscode/tasks.json', content: '{"tasks": []}\n', overwrite: true },
        {
          confirm: async (r) => {
            asked.push(r);
            await fs.mkdir(path.join(h.root, '.vscode'), { recursive: true });
            await fs.writeFile(path.join(h.root, '.vscode/tasks.json'), '{"theirs": true}\n');
            return 'once';
          },
        },
      );
      expect(asked[0].title).toBe('Change .vscode/tasks.json?');
      expect(result.status).toBe('error');
      expect(result.text).toMatch(
        /\.vscode\/tasks\.json was created after this call was checked.*Nothing was written; read it/,
      );
      expect(await h.read('.vscode/tasks.json')).toBe('{"theirs": true}\n');
    });
  });
});
