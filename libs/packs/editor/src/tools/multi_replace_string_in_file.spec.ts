import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([editorPack], {
      'a.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n',
      'b.ts': 'export function f() {\n  return 1;\n}\n',
      'crlf.txt': 'x = 1\r\ny = 2\r\n',
      '.vscode/settings.json': '{}\n',
    })),
);
afterEach(() => h.dispose());

const call = (replacements: object[], options = {}) =>
  h.call('multi_replace_string_in_file', { explanation: 'test', replacements }, options);

describe('multi_replace_string_in_file', () => {
  it('edits several files, several times in one file, in order, for every model family', async () => {
    for (const model of Object.values(testModels)) expect(h.names(model)).toContain('multi_replace_string_in_file');
    const result = await call([
      { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: 'b.ts', oldString: '  return 1;', newString: '  return 2;' },
      { filePath: './a.ts', oldString: 'const a = 10;\nconst b', newString: 'const a = 11;\nlet b' },
      { filePath: 'crlf.txt', oldString: 'y = 2\n', newString: 'y = 3\nz = 4\n' },
    ]);
    expect(result).toMatchObject({
      status: 'ok',
      text: 'Replaced 4 occurrences in 3 files: a.ts (lines 1, 1); b.ts (line 2); crlf.txt (line 2). Read a file again before editing it further.',
    });
    expect(await h.read('a.ts')).toBe('const a = 11;\nlet b = 2;\nconst c = 3;\n');
    expect(await h.read('b.ts')).toBe('export function f() {\n  return 2;\n}\n');
    expect(await h.read('crlf.txt')).toBe('x = 1\r\ny = 3\r\nz = 4\r\n');
  });

  it('is all or nothing: when the second file does not match, neither file changes', async () => {
    const result = await call([
      { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: 'b.ts', oldString: 'return 42;', newString: 'return 2;' },
    ]);
    expect(result.status).toBe('error');
    expect(result.text).toBe(
      'Tool `multi_replace_string_in_file` failed: Replacement 2 of 2 (b.ts): oldString was not found in b.ts. Read the file again and copy the exact text, including whitespace and indentation. Nothing was written: no file was changed. Fix this replacement and send the whole call again.',
    );
    expect(await h.read('a.ts')).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
    expect(await h.read('b.ts')).toBe('export function f() {\n  return 1;\n}\n');
  });

  it('refuses an ambiguous or no-op replacement with replace_string_in_file’s rules', async () => {
    const twice = await call([{ filePath: 'a.ts', oldString: 'const', newString: 'let' }]);
    expect(twice.text).toMatch(/oldString occurs 3 times in a\.ts \(lines 1, 2, 3\); it must occur exactly once/);
    const same = await call([{ filePath: 'a.ts', oldString: 'const', newString: 'const' }]);
    expect(same.text).toMatch(/oldString and newString are the same/);
    // A later replacement sees the earlier ones: the text it names is gone.
    const gone = await call([
      { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: 'a.ts', oldString: 'const a = 1;\n', newString: '' },
    ]);
    expect(gone.text).toMatch(/failed: Replacement 2 of 2 \(a\.ts\): oldString was not found/);
    expect(await h.read('a.ts')).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
  });

  it('refuses paths outside the workspace and writes nothing', async () => {
    for (const filePath of ['../x.ts', '/etc/hostname']) {
      const result = await call([
        { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
        { filePath, oldString: 'x', newString: 'y' },
      ]);
      expect(result.text).toMatch(/failed: Replacement 2 of 2 .*outside the workspace/);
    }
    expect(await h.read('a.ts')).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
  });

  it('a file changed between the read and the write fails the whole call: nothing is written', async () => {
    const workspace = h.host.workspace;
    const original = workspace.applyChanges.bind(workspace);
    const spy = jest.spyOn(workspace, 'applyChanges').mockImplementationOnce(async (changes, options) => {
      await fs.writeFile(path.join(h.root, 'b.ts'), 'export function f() {\n  return 1; // changed\n}\n');
      return original(changes, options);
    });
    const result = await call([
      { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: 'b.ts', oldString: 'f()', newString: 'g()' },
    ]);
    spy.mockRestore();
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/b\.ts.*changed since it was read.*Nothing was changed; read it again/);
    expect(await h.read('a.ts')).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
    expect(await h.read('b.ts')).toBe('export function f() {\n  return 1; // changed\n}\n');
  });

  it('a sensitive file asks every time, listing every file of the call with its diff', async () => {
    const asked: ConfirmationRequest[] = [];
    const replacements = [
      { filePath: 'a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: '.vscode/settings.json', oldString: '{}', newString: '{ "x": 1 }' },
    ];
    const declined = await call(replacements, {
      autoApprove: true,
      confirm: async (r: ConfirmationRequest) => (asked.push(r), 'decline'),
    });
    expect(declined.status).toBe('declined');
    expect(asked[0]).toMatchObject({ title: 'Edit 2 files?', alwaysConfirm: true });
    expect(asked[0].message).toContain('+const a = 10;');
    expect(asked[0].message).toContain('+{ "x": 1 }');
    expect(await h.read('a.ts')).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
    expect((await call(replacements, { confirm: async () => 'once' })).status).toBe('ok');
    expect(await h.read('.vscode/settings.json')).toBe('{ "x": 1 }\n');
    // Without the sensitive file nothing asks, as with replace_string_in_file.
    expect((await call([{ filePath: 'a.ts', oldString: 'const a = 10;', newString: 'const a = 1;' }])).status).toBe(
      'ok',
    );
  });

  it('refuses .git/config without the confirmation that shows the change', async () => {
    await fs.mkdir(path.join(h.root, '.git'));
    await fs.writeFile(path.join(h.root, '.git/config'), '[core]\n');
    const result = await call(
      [{ filePath: '.git/config', oldString: '[core]\n', newString: '[core]\n\tfsmonitor = x\n' }],
      {
        autoApprove: true,
      },
    );
    expect(result.status).toBe('declined');
    expect(await h.read('.git/config')).toBe('[core]\n');
  });
});
