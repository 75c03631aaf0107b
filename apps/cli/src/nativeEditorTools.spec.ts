// The vendor-native file tools as people run them: the `toolpacks` bin in a real process, with a
// model family on the command line. Claude families get Anthropic's text editor in place of
// read_file, create_file and replace_string_in_file; Gemini families get Gemini CLI's read_file,
// write_file and replace. Key behaviours of each, and the path rule (nothing written outside).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Real processes on a shared machine: slow at times, never wrong.
jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const REPO = path.resolve(__dirname, '../../..');

/** The environment of a shell: none of the npm variables of the npx/npm that started Jest. */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|INIT_CWD$|COLUMNS$)/i.test(key)) env[key] = value;
  return env;
}

let dir: string;
let root: string;

/** `toolpacks <args> --root <workspace>` in a process of its own. */
function toolpacks(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--root', root], {
      cwd: REPO,
      env: shellEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const invoke = (family: string, tool: string, input: object, ...extra: string[]) =>
  toolpacks(['invoke', tool, JSON.stringify(input), '--family', family, ...extra]);
const read = (relative: string) => fs.readFile(path.join(root, relative), 'utf8');
const names = async (family: string) =>
  (
    JSON.parse((await toolpacks(['resolve', '--family', family, '--json'])).out) as { tools: { name: string }[] }
  ).tools.map((t) => t.name);

beforeEach(async () => {
  // The workspace is ws/; the folder around it is outside it.
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-native-')));
  root = path.join(dir, 'ws');
  await fs.mkdir(path.join(root, 'src'), { recursive: true });
  await fs.writeFile(path.join(root, 'src/a.txt'), 'Line 1\nLine 2\nLine 3\n');
  await fs.writeFile(path.join(root, 'dup.txt'), 'foo\nbar\nfoo\n');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('Claude families: str_replace_based_edit_tool', () => {
  it('is sent in place of read_file, create_file and replace_string_in_file', async () => {
    const sent = await names('claude-opus-4.5');
    expect(sent).toContain('str_replace_based_edit_tool');
    expect(sent).not.toContain('read_file');
    expect(sent).not.toContain('create_file');
    expect(sent).not.toContain('replace_string_in_file');
  });

  it('views with `cat -n` lines, for a relative and an absolute path inside the workspace', async () => {
    const relative = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'view',
      path: 'src/a.txt',
      view_range: [2, -1],
    });
    expect(relative.code).toBe(0);
    expect(relative.out).toBe(
      "Here's the result of running `cat -n` on src/a.txt:\n     2\tLine 2\n     3\tLine 3\n\n",
    );
    const absolute = await invoke('claude-sonnet-4', 'str_replace_based_edit_tool', {
      command: 'view',
      path: path.join(root, 'src/a.txt'),
    });
    expect(absolute.out).toContain('     1\tLine 1\n     2\tLine 2\n');
  });

  it('replaces a unique string, refuses one that occurs twice (lines listed), and inserts after a line', async () => {
    const twice = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'str_replace',
      path: 'dup.txt',
      old_str: 'foo',
      new_str: 'x',
    });
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('Multiple occurrences of old_str `foo` in lines [1, 3]');
    expect(await read('dup.txt')).toBe('foo\nbar\nfoo\n');
    const once = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'str_replace',
      path: 'dup.txt',
      old_str: 'foo\nbar',
      new_str: 'FOO\nbar',
    });
    expect(once.out).toMatch(/^The file dup.txt has been edited\./);
    await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'insert',
      path: 'dup.txt',
      insert_line: 3,
      insert_text: 'end',
    });
    expect(await read('dup.txt')).toBe('FOO\nbar\nfoo\nend\n');
  });

  it('creates a new file, refuses an existing one and a path outside the workspace', async () => {
    const created = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'create',
      path: 'src/new.txt',
      file_text: 'new\n',
    });
    expect(created.out.trim()).toBe('File created successfully at: src/new.txt');
    const existing = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
      command: 'create',
      path: 'src/a.txt',
      file_text: 'x',
    });
    expect(existing.out).toContain('File already exists at: src/a.txt');
    expect(await read('src/a.txt')).toBe('Line 1\nLine 2\nLine 3\n');
    for (const target of ['../escape.txt', path.join(dir, 'escape.txt')]) {
      const outside = await invoke('claude-sonnet-4.5', 'str_replace_based_edit_tool', {
        command: 'create',
        path: target,
        file_text: 'x',
      });
      expect(outside.code).toBe(1);
      expect(outside.out).toMatch(/outside the workspace/);
    }
    await expect(fs.stat(path.join(dir, 'escape.txt'))).rejects.toThrow();
  });
});

describe('Gemini families: read_file, write_file, replace', () => {
  it('get Gemini CLI shapes: read_file with file_path, write_file, replace', async () => {
    const resolved = JSON.parse((await toolpacks(['resolve', '--family', 'gemini-3-pro-preview', '--json'])).out) as {
      tools: { name: string; inputSchema: { properties: object } }[];
    };
    const sent = resolved.tools.map((t) => t.name);
    expect(sent).toEqual(expect.arrayContaining(['read_file', 'write_file', 'replace']));
    expect(sent).not.toContain('create_file');
    expect(sent).not.toContain('replace_string_in_file');
    expect(Object.keys(resolved.tools.find((t) => t.name === 'read_file')!.inputSchema.properties)).toEqual([
      'file_path',
      'start_line',
      'end_line',
    ]);
  });

  it('read_file returns raw text, and a range with the truncation header', async () => {
    expect((await invoke('gemini-2.5-pro', 'read_file', { file_path: 'src/a.txt' })).out).toBe(
      'Line 1\nLine 2\nLine 3\n\n',
    );
    const range = await invoke('gemini-2.5-pro', 'read_file', { file_path: 'src/a.txt', start_line: 1, end_line: 2 });
    expect(range.out).toContain('Status: Showing lines 1-2 of 3 total lines.');
    expect(range.out).toContain('use start_line: 3.');
    expect(range.out).toMatch(/--- FILE CONTENT \(truncated\) ---\nLine 1\nLine 2\n$/);
  });

  it('write_file asks (it overwrites), creates parents with --yes, and refuses outside paths', async () => {
    const unasked = await invoke('gemini-2.5-pro', 'write_file', { file_path: 'src/a.txt', content: 'x' });
    expect(unasked.code).toBe(1);
    expect(unasked.err).toContain('pass --yes to approve');
    expect(await read('src/a.txt')).toBe('Line 1\nLine 2\nLine 3\n');
    const created = await invoke(
      'gemini-2.5-pro',
      'write_file',
      { file_path: 'deep/er/b.txt', content: 'b\n' },
      '--yes',
    );
    expect(created.out).toContain(`Successfully created and wrote to new file: ${path.join(root, 'deep/er/b.txt')}.`);
    expect(await read('deep/er/b.txt')).toBe('b\n');
    const outside = await invoke('gemini-2.5-pro', 'write_file', { file_path: '../escape.txt', content: 'x' }, '--yes');
    expect(outside.out).toMatch(/outside the workspace/);
    await expect(fs.stat(path.join(dir, 'escape.txt'))).rejects.toThrow();
  });

  it('replace counts occurrences, replaces all with allow_multiple, and takes an absolute path inside', async () => {
    const base = { instruction: 'Rename foo.', old_string: 'foo', new_string: 'baz' };
    const twice = await invoke('gemini-2.5-pro', 'replace', { ...base, file_path: 'dup.txt' });
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('Failed to edit, Expected 1 occurrence but found 2 for old_string');
    expect(await read('dup.txt')).toBe('foo\nbar\nfoo\n');
    const all = await invoke('gemini-2.5-pro', 'replace', {
      ...base,
      file_path: path.join(root, 'dup.txt'),
      allow_multiple: true,
    });
    expect(all.out).toContain(`Successfully modified file: ${path.join(root, 'dup.txt')} (2 replacements).`);
    expect(await read('dup.txt')).toBe('baz\nbar\nbaz\n');
    const none = await invoke('gemini-2.5-pro', 'replace', { ...base, file_path: 'dup.txt' });
    expect(none.out).toContain('Failed to edit, 0 occurrences found for old_string');
  });
});
