// Anthropic's text editor through the registry, for Claude models, on a real folder: the cases of
// NATIVE-TOOLS.md section 1 (line format, view_range, folder view, truncation, unique matches,
// insert positions, create), the path rule, and the jobs a request enables.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import type { Newable } from 'inversify';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import type { ModelInfo, Tool } from '@toolpacks/registry';
import { editorPack } from '../index';
import { strReplaceBasedEditTool } from './str_replace_based_edit_tool';

const TOOL = 'str_replace_based_edit_tool';
const source = 'Line 1\nLine 2\n\tLine 3\nLine 4\n';
const claude = testModels.claude;
const family = (name: string): ModelInfo => ({ id: name, vendor: 'copilot', family: name, version: '1' });

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([editorPack], {
      'src/a.txt': source,
      'src/sub/deep/x.txt': 'x\n',
      'src/.hidden/y.txt': 'y\n',
      'src/.env': 'SECRET=1\n',
      'src/b.txt': 'b\n',
      'dup.txt': 'foo\nbar\nfoo\n',
      'win.txt': 'one\r\ntwo\r\nthree\r\n',
    })),
);
afterEach(() => h.dispose());

const edit = (input: object, model: ModelInfo = claude) => h.call(TOOL, input, { model });

describe('str_replace_based_edit_tool: who gets it', () => {
  it('is sent to Claude families in place of read_file, create_file and replace_string_in_file', () => {
    for (const name of ['claude-sonnet-4', 'claude-sonnet-4.5', 'claude-opus-4.5']) {
      const names = h.names(family(name));
      expect(names).toContain(TOOL);
      expect(names).not.toEqual(expect.arrayContaining(['read_file']));
      expect(names).not.toContain('create_file');
      expect(names).not.toContain('replace_string_in_file');
    }
    for (const model of [testModels.general, testModels.gemini, testModels.gpt5])
      expect(h.names(model)).not.toContain(TOOL);
    expect(h.names(testModels.general)).toEqual(expect.arrayContaining(['read_file', 'create_file']));
  });

  it('has the input shape Claude knows', () => {
    const tool = h.registry.resolve({ model: claude }).tools.find((t) => t.name === TOOL)!;
    const schema = tool.inputSchema as { properties: Record<string, { enum?: string[] }>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual([
      'command',
      'path',
      'view_range',
      'old_str',
      'new_str',
      'insert_line',
      'insert_text',
      'file_text',
    ]);
    expect(schema.properties.command.enum).toEqual(['view', 'create', 'str_replace', 'insert']);
    expect(schema.required).toEqual(['command', 'path']);
  });
});

describe('view', () => {
  it('prints the file as `cat -n`: number in 6 columns, a tab, the line (tabs kept)', async () => {
    const result = await edit({ command: 'view', path: 'src/a.txt' });
    expect(result).toMatchObject({ status: 'ok' });
    expect(result.text).toBe(
      "Here's the result of running `cat -n` on src/a.txt:\n     1\tLine 1\n     2\tLine 2\n     3\t\tLine 3\n     4\tLine 4\n",
    );
    const absolute = await edit({ command: 'view', path: path.join(h.root, 'src/a.txt') });
    expect(absolute.text).toContain('     2\tLine 2\n');
  });

  it('shows a view_range, numbered from its start; -1 is the end', async () => {
    expect((await edit({ command: 'view', path: 'src/a.txt', view_range: [2, 3] })).text).toBe(
      "Here's the result of running `cat -n` on src/a.txt:\n     2\tLine 2\n     3\t\tLine 3\n",
    );
    expect((await edit({ command: 'view', path: 'src/a.txt', view_range: [3, -1] })).text).toMatch(
      /\n {5}3\t\tLine 3\n {5}4\tLine 4\n$/,
    );
  });

  it.each([
    [[0, 2], /first element `0`.*\[1, 4\]/],
    [[5, -1], /first element `5`/],
    [[1, 9], /second element `9`/],
    [[3, 2], /second element `2`.*first `3`/],
    [[1], /list of two integers/],
  ])('refuses view_range %j, naming view_range', async (range, message) => {
    const result = await edit({ command: 'view', path: 'src/a.txt', view_range: range });
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/view_range/);
    expect(result.text).toMatch(message);
  });

  it('lists a folder 2 levels deep, hidden entries left out, sorted', async () => {
    const result = await edit({ command: 'view', path: 'src' });
    expect(result.text).toBe(
      "Here's the files and directories up to 2 levels deep in src, excluding hidden items:\n" +
        ['src', 'src/a.txt', 'src/b.txt', 'src/sub', 'src/sub/deep'].join('\n') +
        '\n',
    );
    const dirRange = await edit({ command: 'view', path: 'src', view_range: [1, 2] });
    expect(dirRange.status).toBe('error');
    expect(dirRange.text).toMatch(/view_range.*directory/);
  });

  it('clips output over 16,000 characters at a line and says where to read on', async () => {
    await fs.writeFile(
      path.join(h.root, 'big.txt'),
      Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join('\n'),
    );
    const result = await edit({ command: 'view', path: 'big.txt' });
    const [body, note] = result.text.split('<response clipped>');
    expect(body.length).toBeLessThan(16_100);
    expect(body).toMatch(/\n +\d+\tline \d+\n$/);
    const last = Number(/(\d+)\tline \d+\n$/.exec(body)![1]);
    expect(note).toContain('<NOTE>To save on context only part of this file has been shown to you.');
    expect(note).toContain(`view_range [${last + 1}, -1]`);
  });

  it('says a missing path does not exist', async () => {
    expect((await edit({ command: 'view', path: 'nope.txt' })).text).toMatch(
      /The path nope.txt does not exist. Please provide a valid path./,
    );
  });
});

describe('str_replace', () => {
  it('replaces the one occurrence and shows a numbered snippet', async () => {
    const result = await edit({ command: 'str_replace', path: 'src/a.txt', old_str: 'Line 2', new_str: 'Second' });
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      "The file src/a.txt has been edited. Here's the result of running `cat -n` on a snippet of src/a.txt:\n" +
        '     1\tLine 1\n     2\tSecond\n     3\t\tLine 3\n     4\tLine 4\n' +
        'Review the changes and make sure they are as expected. Edit the file again if necessary.',
    );
    expect(await h.read('src/a.txt')).toBe('Line 1\nSecond\n\tLine 3\nLine 4\n');
  });

  it('deletes the match when new_str is absent, and keeps tabs as they are', async () => {
    await edit({ command: 'str_replace', path: 'src/a.txt', old_str: 'Line 2\n' });
    expect(await h.read('src/a.txt')).toBe('Line 1\n\tLine 3\nLine 4\n');
  });

  it('refuses a string that is not there, or is there twice (lines listed); nothing is written', async () => {
    const none = await edit({ command: 'str_replace', path: 'dup.txt', old_str: 'baz', new_str: 'x' });
    expect(none.status).toBe('error');
    expect(none.text).toContain('No replacement was performed, old_str `baz` did not appear verbatim in dup.txt.');
    const twice = await edit({ command: 'str_replace', path: 'dup.txt', old_str: 'foo', new_str: 'x' });
    expect(twice.status).toBe('error');
    expect(twice.text).toContain(
      'No replacement was performed. Multiple occurrences of old_str `foo` in lines [1, 3]. Please ensure it is unique',
    );
    expect(await h.read('dup.txt')).toBe('foo\nbar\nfoo\n');
  });

  it('keeps a CRLF file CRLF', async () => {
    await edit({ command: 'str_replace', path: 'win.txt', old_str: 'one\ntwo', new_str: 'one\n2' });
    expect(await h.read('win.txt')).toBe('one\r\n2\r\nthree\r\n');
  });
});

describe('insert', () => {
  it.each([
    [0, 'top', 'top\nLine 1\nLine 2\n\tLine 3\nLine 4\n'],
    [2, 'mid', 'Line 1\nLine 2\nmid\n\tLine 3\nLine 4\n'],
    [4, 'end', 'Line 1\nLine 2\n\tLine 3\nLine 4\nend\n'],
  ])('inserts after line %i', async (line, text, expected) => {
    const result = await edit({ command: 'insert', path: 'src/a.txt', insert_line: line, insert_text: text });
    expect(result.text).toMatch(/^The file src\/a.txt has been edited\. .*snippet/);
    expect(await h.read('src/a.txt')).toBe(expected);
  });

  it('puts text at the last line before the final newline, takes new_str as insert_text, trims one trailing newline', async () => {
    await fs.writeFile(path.join(h.root, 'ab.txt'), 'a\nb\n');
    await edit({ command: 'insert', path: 'ab.txt', insert_line: 2, insert_text: 'c' });
    expect(await h.read('ab.txt')).toBe('a\nb\nc\n');
    await edit({ command: 'insert', path: 'ab.txt', insert_line: 1, new_str: 'a2\n' });
    expect(await h.read('ab.txt')).toBe('a\na2\nb\nc\n');
  });

  it('starts the snippet at max(1, insert_line - 3)', async () => {
    await fs.writeFile(path.join(h.root, 'ten.txt'), Array.from({ length: 10 }, (_, i) => `l${i + 1}\n`).join(''));
    const result = await edit({ command: 'insert', path: 'ten.txt', insert_line: 6, insert_text: 'new' });
    expect(result.text).toContain(
      '     3\tl3\n     4\tl4\n     5\tl5\n     6\tl6\n     7\tnew\n     8\tl7\n     9\tl8\n    10\tl9\n    11\tl10\n',
    );
  });

  it('refuses a line out of range with the valid range; nothing is written', async () => {
    await fs.writeFile(path.join(h.root, 'ab.txt'), 'a\nb\n');
    const result = await edit({ command: 'insert', path: 'ab.txt', insert_line: 5, insert_text: 'c' });
    expect(result.status).toBe('error');
    expect(result.text).toContain(
      'Invalid `insert_line` parameter: 5. It should be within the range of lines of the file: [0, 2]',
    );
    expect(await h.read('ab.txt')).toBe('a\nb\n');
  });
});

describe('create', () => {
  it('creates a file, refuses an existing one and a missing file_text', async () => {
    const created = await edit({ command: 'create', path: 'src/new.ts', file_text: 'export {};\n' });
    expect(created.text).toBe('File created successfully at: src/new.ts');
    expect(await h.read('src/new.ts')).toBe('export {};\n');
    const again = await edit({ command: 'create', path: 'src/a.txt', file_text: 'x' });
    expect(again.status).toBe('error');
    expect(again.text).toContain('File already exists at: src/a.txt. Cannot overwrite files using command `create`.');
    expect(await h.read('src/a.txt')).toBe(source);
    const missing = await edit({ command: 'create', path: 'other.txt' });
    expect(missing.text).toContain('Parameter `file_text` is required for command: create');
  });

  it('takes an absolute path inside the workspace', async () => {
    const absolute = path.join(h.root, 'abs.txt');
    expect((await edit({ command: 'create', path: absolute, file_text: 'hi\n' })).text).toBe(
      `File created successfully at: ${absolute}`,
    );
    expect(await h.read('abs.txt')).toBe('hi\n');
  });
});

describe('paths and jobs', () => {
  it('refuses paths outside the workspace and writes nothing there', async () => {
    const outside = path.join(path.dirname(h.root), `outside-${path.basename(h.root)}.txt`);
    for (const target of ['../escape.txt', outside]) {
      for (const input of [
        { command: 'create', path: target, file_text: 'x' },
        { command: 'view', path: target },
        { command: 'insert', path: target, insert_line: 0, insert_text: 'x' },
      ]) {
        const result = await edit(input);
        expect(result.status).toBe('error');
        expect(result.text).toMatch(/outside the workspace/);
      }
    }
    await expect(fs.stat(outside)).rejects.toThrow();
    await expect(fs.stat(path.join(path.dirname(h.root), 'escape.txt'))).rejects.toThrow();
  });

  it('refuses undo_edit, which text_editor_20250728 does not have', async () => {
    expect((await edit({ command: 'undo_edit', path: 'src/a.txt' })).status).toBe('invalid-input');
  });

  it('refuses a command whose job is turned off, naming the job; nothing is written', async () => {
    const resolved = h.registry.resolve({ model: claude, selection: { tools: { create_file: false } } });
    const call = (input: object) => h.registry.invoke(resolved, { callId: 'c', name: TOOL, input });
    const refused = await call({ command: 'create', path: 'off.txt', file_text: 'x' });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/create_file.*tool picker/);
    await expect(fs.stat(path.join(h.root, 'off.txt'))).rejects.toThrow();
    expect((await call({ command: 'view', path: 'src/a.txt' })).isError).toBe(false);
  });

  it('checks the enabled jobs it is given, whoever calls it', async () => {
    const Impl = strReplaceBasedEditTool.implementation as unknown as Newable<Tool>;
    const tool = new Impl(h.host.workspace);
    const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
    const invoke = (input: object, enabledJobs: string[]) =>
      Promise.resolve(tool.invoke({ input, enabledJobs }, token));
    await expect(invoke({ command: 'view', path: 'src/a.txt' }, ['edit_file'])).rejects.toThrow(
      /needs read_file.*turn on read_file in the tool picker/,
    );
    await expect(
      invoke({ command: 'str_replace', path: 'src/a.txt', old_str: 'Line 1', new_str: 'x' }, ['read_file']),
    ).rejects.toThrow(/needs edit_file/);
    expect(await h.read('src/a.txt')).toBe(source);
    await expect(invoke({ command: 'view', path: 'src/a.txt' }, ['read_file'])).resolves.toBeDefined();
  });

  it('asks before writing a sensitive file, and writes nothing without a yes', async () => {
    await fs.mkdir(path.join(h.root, '.vscode'));
    const result = await edit({ command: 'create', path: '.vscode/tasks.json', file_text: '{}' });
    expect(result.status).toBe('declined');
    await expect(fs.stat(path.join(h.root, '.vscode/tasks.json'))).rejects.toThrow();
  });
});
