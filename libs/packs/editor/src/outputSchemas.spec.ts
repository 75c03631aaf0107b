// Every editor tool declares an output schema (JSON Schema 2020-12, an object, closed) and every
// successful call returns structured content that validates against it and says what its text
// says: each tool is called once (or once per shape of result) on a real folder, for the model
// family that gets it. The harness already fails a call whose structured content is off its schema;
// here the content is also checked with a separate 2020-12 validator and against the text.
import Ajv2020 from 'ajv/dist/2020';
import { ContextKeys, OpenEditorsService } from '@toolpacks/services';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { HarnessCallResult, PackHarness } from '@toolpacks/host-node/testing';
import type { InvokeOptions, JsonSchemaObject, ModelInfo } from '@toolpacks/registry/host';
import { editorPack } from './index';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BIG = Array.from({ length: 400 }, (_, i) => `line ${i + 1} ${'lorem ipsum '.repeat(4)}`).join('\n') + '\n';
const FILES = {
  'src/a.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n',
  'src/b.ts': 'export const b = 2;\n',
  'src/tabs.ts': 'function f() {\n\tif (x) {\n\t\treturn 1;\n\t}\n}\n',
  'src/gone.ts': 'one\ntwo\n',
  'dir/x.txt': 'x\n',
  'dir/sub/y.txt': 'y\n',
  'big.txt': BIG,
  'img/dot.png': PNG,
};

const ajv = new Ajv2020({ allErrors: true, strict: true });
const schemas = new Map(editorPack.tools.map((t) => [t.definition.name, t.definition.outputSchema]));
const yes: InvokeOptions = { confirm: async () => 'once' };

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], FILES)));
afterEach(() => h.dispose());

/** Calls `name` (bound to the tool `tool` for `model`) and returns its checked structured content. */
async function data(
  tool: string,
  name: string,
  input: object,
  model: ModelInfo,
  options: InvokeOptions = {},
): Promise<{ value: Record<string, unknown>; result: HarnessCallResult }> {
  const result = await h.call(name, input, { model, ...options });
  expect(result).toMatchObject({ status: 'ok', isError: false });
  expect(result.structuredContent).toBeDefined();
  const validate = ajv.compile(schemas.get(tool)!);
  expect(validate.errors ?? []).toEqual([]);
  expect(validate(result.structuredContent)).toBe(true);
  return { value: result.structuredContent as Record<string, unknown>, result };
}

/** Every object in `schema` is closed, and requires only properties it declares. */
function checkObjects(schema: Record<string, unknown>, where: string): void {
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    expect({ where, closed: schema.additionalProperties }).toEqual({ where, closed: false });
    for (const name of (schema.required ?? []) as string[])
      expect([where, Object.keys(properties)]).toEqual([where, expect.arrayContaining([name])]);
    for (const [name, property] of Object.entries(properties))
      checkObjects(property as Record<string, unknown>, `${where}.${name}`);
  }
  if (schema.items) checkObjects(schema.items as Record<string, unknown>, `${where}[]`);
}

describe('the editor tools’ output schemas', () => {
  it('every tool has one: a valid JSON Schema 2020-12 of a closed object', () => {
    expect(editorPack.tools.length).toBe(12);
    for (const { definition } of editorPack.tools) {
      const schema = definition.outputSchema as JsonSchemaObject & Record<string, unknown>;
      expect({ tool: definition.name, type: schema?.type }).toEqual({ tool: definition.name, type: 'object' });
      expect(ajv.validateSchema(schema)).toBe(true);
      expect(() => ajv.compile(schema)).not.toThrow();
      checkObjects(schema, definition.name);
    }
  });
});

describe('structured results, for the general tools', () => {
  const general = testModels.general;

  it('read_file: the lines shown, and where to read on when the budget cuts them', async () => {
    const { value, result } = await data('read_file', 'read_file', { filePath: 'src/a.ts' }, general);
    expect(result.text).toBe('File: src/a.ts, lines 1-3 of 3\nconst a = 1;\nconst b = 2;\nconst c = 3;');
    expect(value).toEqual({
      path: 'src/a.ts',
      kind: 'text',
      bytes: FILES['src/a.ts'].length,
      startLine: 1,
      endLine: 3,
      totalLines: 3,
      content: 'const a = 1;\nconst b = 2;\nconst c = 3;',
      truncated: false,
    });
    const cut = await data('read_file', 'read_file', { filePath: 'big.txt' }, general, { tokenBudget: 400 });
    const last = Number(/lines 1-(\d+) of 400/.exec(cut.result.text)![1]);
    expect(cut.result.text).toContain(`Call read_file with startLine ${last + 1} to read on.`);
    expect(cut.value).toMatchObject({
      startLine: 1,
      endLine: last,
      totalLines: 400,
      truncated: true,
      nextLine: last + 1,
    });
    expect(cut.value.content).toBe(BIG.split('\n').slice(0, last).join('\n'));
    expect(JSON.stringify(cut.value).length).toBeLessThanOrEqual(400 * 4);
  });

  it('read_file of an image: its type, size and pixels', async () => {
    const { value, result } = await data('read_file', 'read_file', { filePath: 'img/dot.png' }, general);
    expect(result.text).toContain(`Image img/dot.png (PNG, ${PNG.length} bytes, 1×1 pixels).`);
    expect(value).toEqual({
      path: 'img/dot.png',
      kind: 'image',
      bytes: PNG.length,
      mimeType: 'image/png',
      width: 1,
      height: 1,
    });
  });

  it('create_file: created or overwritten, with the lines written', async () => {
    const created = await data('create_file', 'create_file', { filePath: 'new/n.txt', content: 'a\nb\n' }, general);
    expect(created.result.text).toBe('Created new/n.txt (2 lines).');
    expect(created.value).toEqual({ path: 'new/n.txt', change: 'created', lines: 2 });
    const input = { filePath: 'src/b.ts', content: 'x', overwrite: true };
    const overwrote = await data('create_file', 'create_file', input, general, yes);
    expect(overwrote.result.text).toBe('Overwrote src/b.ts (1 line).');
    expect(overwrote.value).toEqual({ path: 'src/b.ts', change: 'overwritten', lines: 1 });
  });

  it('replace_string_in_file and multi_replace_string_in_file: the files, counts and lines', async () => {
    const one = await data(
      'replace_string_in_file',
      'replace_string_in_file',
      { filePath: 'src/a.ts', oldString: 'const b = 2;', newString: 'const b = 20;\nconst bb = 21;' },
      general,
    );
    expect(one.result.text).toMatch(/^Replaced 1 occurrence in src\/a.ts; lines 2-3 now read:/);
    expect(one.value).toEqual({ path: 'src/a.ts', replacements: 1, startLine: 2, endLine: 3 });
    const replacements = [
      { filePath: 'src/a.ts', oldString: 'const a = 1;', newString: 'const a = 10;' },
      { filePath: 'src/b.ts', oldString: 'b = 2', newString: 'b = 3' },
      { filePath: 'src/a.ts', oldString: 'const c = 3;', newString: 'const c = 30;' },
    ];
    const many = await data(
      'multi_replace_string_in_file',
      'multi_replace_string_in_file',
      { explanation: 'Bump.', replacements },
      general,
    );
    expect(many.result.text).toMatch(
      /^Replaced 3 occurrences in 2 files: src\/a.ts \(lines 1, 4\); src\/b.ts \(line 1\)/,
    );
    expect(many.value).toEqual({
      replacements: 3,
      files: [
        { path: 'src/a.ts', replacements: 2, lines: [1, 4] },
        { path: 'src/b.ts', replacements: 1, lines: [1] },
      ],
    });
  });

  it('move_file and delete_file: what moved or went, with its counts', async () => {
    const file = await data(
      'move_file',
      'move_file',
      { sourcePath: 'src/b.ts', destinationPath: 'lib/b.ts' },
      general,
      yes,
    );
    expect(file.result.text).toBe('Moved src/b.ts to lib/b.ts.');
    expect(file.value).toEqual({ path: 'src/b.ts', movedTo: 'lib/b.ts', kind: 'file' });
    const folder = await data('move_file', 'move_file', { sourcePath: 'dir', destinationPath: 'moved' }, general, yes);
    expect(folder.result.text).toBe('Moved the folder dir (2 files and 1 folder) to moved.');
    expect(folder.value).toEqual({ path: 'dir', movedTo: 'moved', kind: 'folder', files: 2, folders: 1 });
    const gone = await data('delete_file', 'delete_file', { filePath: 'src/gone.ts' }, general, yes);
    expect(gone.result.text).toBe('Deleted src/gone.ts (2 lines, 8 bytes).');
    expect(gone.value).toEqual({ path: 'src/gone.ts', kind: 'file', bytes: 8, lines: 2 });
    const tree = await data('delete_file', 'delete_file', { filePath: 'moved', recursive: true }, general, yes);
    expect(tree.result.text).toBe('Deleted the folder moved with 2 files and 1 folder.');
    expect(tree.value).toEqual({ path: 'moved', kind: 'folder', files: 2, folders: 1 });
  });

  it('list_open_editors: the editors, and an empty list when none is open', async () => {
    let open = [{ path: 'src/a.ts', languageId: 'typescript', isActive: true, isDirty: true }];
    const editors = await createPackHarness([editorPack], FILES, {
      configure: (c) => c.bind(OpenEditorsService).toConstantValue({ list: async () => open }),
    });
    try {
      editors.host.contextKeys.set(ContextKeys.hasOpenEditors, true);
      const listed = await editors.call('list_open_editors', {});
      expect(listed.text).toBe('src/a.ts (typescript) [active] [unsaved changes]');
      expect(listed.structuredContent).toEqual({
        editors: [{ path: 'src/a.ts', languageId: 'typescript', active: true, dirty: true }],
      });
      open = [];
      const none = await editors.call('list_open_editors', {});
      expect(none).toMatchObject({ status: 'ok', text: 'No editors are open.', structuredContent: { editors: [] } });
      expect(ajv.validate(schemas.get('list_open_editors')!, none.structuredContent)).toBe(true);
    } finally {
      await editors.dispose();
    }
  });
});

describe('structured results, for the model families with their own tools', () => {
  it('Gemini: read_file (gemini_read_file), write_file and replace', async () => {
    const gemini = testModels.gemini;
    const whole = await data('gemini_read_file', 'read_file', { file_path: 'src/a.ts' }, gemini);
    expect(whole.result.text).toBe(FILES['src/a.ts']);
    expect(whole.value).toMatchObject({ path: 'src/a.ts', kind: 'text', startLine: 1, endLine: 3, totalLines: 3 });
    expect(whole.value.content).toBe(FILES['src/a.ts']);
    const part = await data('gemini_read_file', 'read_file', { file_path: 'big.txt' }, gemini, { tokenBudget: 500 });
    const last = Number(/Showing lines 1-(\d+) of 400 total lines/.exec(part.result.text)![1]);
    expect(part.result.text).toContain(`use start_line: ${last + 1}.`);
    expect(part.value).toMatchObject({ endLine: last, truncated: true, nextLine: last + 1 });
    expect(JSON.stringify(part.value).length).toBeLessThanOrEqual(500 * 4);
    const written = await data('write_file', 'write_file', { file_path: 'w.txt', content: 'w\n' }, gemini, yes);
    expect(written.result.text).toMatch(/^Successfully created and wrote to new file: .*\/w\.txt\./);
    expect(written.value).toEqual({ path: 'w.txt', change: 'created', lines: 1 });
    const input = {
      file_path: 'src/a.ts',
      instruction: 'Rename.',
      old_string: 'const',
      new_string: 'let',
      allow_multiple: true,
    };
    const replaced = await data('replace', 'replace', input, gemini);
    expect(replaced.result.text).toMatch(/^Successfully modified file: .*\/src\/a\.ts \(3 replacements\)\./);
    expect(replaced.value).toEqual({ path: 'src/a.ts', change: 'edited', replacements: 3, lines: 3 });
    const made = await data(
      'replace',
      'replace',
      { file_path: 'r.txt', instruction: 'New.', old_string: '', new_string: 'r' },
      gemini,
    );
    expect(made.result.text).toMatch(/^Created new file: .*\/r\.txt with provided content\.$/);
    expect(made.value).toEqual({ path: 'r.txt', change: 'created', replacements: 0, lines: 1 });
  });

  it('Claude: every command of str_replace_based_edit_tool', async () => {
    const tool = 'str_replace_based_edit_tool';
    const claude = testModels.claude;
    const call = (input: object) => data(tool, tool, input, claude);
    const view = await call({ command: 'view', path: 'src/a.ts', view_range: [2, 3] });
    expect(view.result.text).toBe(
      "Here's the result of running `cat -n` on src/a.ts:\n     2\tconst b = 2;\n     3\tconst c = 3;\n",
    );
    expect(view.value).toMatchObject({
      command: 'view',
      path: 'src/a.ts',
      kind: 'text',
      startLine: 2,
      endLine: 3,
      content: 'const b = 2;\nconst c = 3;',
    });
    const clipped = await call({ command: 'view', path: 'big.txt' });
    expect(clipped.result.text).toContain('<response clipped>');
    const next = /call view with view_range \[(\d+), -1\]/.exec(clipped.result.text)!;
    expect(clipped.value).toMatchObject({
      truncated: true,
      nextLine: Number(next[1]),
      nextViewRange: [Number(next[1]), -1],
    });
    const folder = await call({ command: 'view', path: 'dir' });
    expect(folder.result.text).toContain('dir/sub/y.txt');
    expect(folder.value).toEqual({
      command: 'view',
      path: 'dir',
      kind: 'folder',
      entries: ['dir/sub/', 'dir/sub/y.txt', 'dir/x.txt'],
      truncated: false,
    });
    const image = await call({ command: 'view', path: 'img/dot.png' });
    expect(image.value).toMatchObject({ command: 'view', kind: 'image', mimeType: 'image/png', bytes: PNG.length });
    const created = await call({ command: 'create', path: 'c.txt', file_text: 'c1\nc2\n' });
    expect(created.result.text).toBe('File created successfully at: c.txt');
    expect(created.value).toEqual({ command: 'create', path: 'c.txt', change: 'created', lines: 2 });
    const replaced = await call({ command: 'str_replace', path: 'c.txt', old_str: 'c2', new_str: 'c2\nc3' });
    expect(replaced.result.text).toContain('     3\tc3');
    expect(replaced.value).toEqual({
      command: 'str_replace',
      path: 'c.txt',
      change: 'edited',
      startLine: 2,
      endLine: 3,
    });
    const inserted = await call({ command: 'insert', path: 'c.txt', insert_line: 0, insert_text: 'top\n' });
    expect(inserted.result.text).toContain('     1\ttop');
    expect(inserted.value).toEqual({ command: 'insert', path: 'c.txt', change: 'edited', startLine: 1, endLine: 1 });
  });

  it('GPT: apply_patch lists every file it changed and the hunks that matched loosely', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Update File: src/tabs.ts',
      '@@ function f() {',
      '    if (x) {',
      '-        return 1;',
      '+        return 2;',
      '*** Add File: src/new.ts',
      '+new',
      '*** Delete File: src/gone.ts',
      '*** Update File: src/b.ts',
      '*** Move to: lib/b.ts',
      '*** End Patch',
    ].join('\n');
    const { value, result } = await data('apply_patch', 'apply_patch', { input: patch }, testModels.gpt5, {
      confirm: async () => 'once',
    });
    expect(result.text).toBe(
      'Applied the patch: updated src/tabs.ts, added src/new.ts, deleted src/gone.ts, moved src/b.ts to lib/b.ts. src/tabs.ts: hunk 1 matched only after ignoring whitespace differences; the file is indented with tabs — check the indentation of the lines you added.',
    );
    expect(value).toEqual({
      files: [
        { path: 'src/tabs.ts', change: 'edited' },
        { path: 'src/new.ts', change: 'created' },
        { path: 'src/gone.ts', change: 'deleted' },
        { path: 'src/b.ts', change: 'moved', movedTo: 'lib/b.ts' },
      ],
      looseMatches: [{ path: 'src/tabs.ts', hunks: [1], ignored: 'whitespace', indentation: 'tabs' }],
    });
  });
});
