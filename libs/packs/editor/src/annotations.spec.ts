// The editor tools' annotations, from what each tool can do (MCP's meanings): read-only when it
// changes nothing; destructive when it can overwrite, delete or move (creating alone is additive);
// confined to the workspace (openWorld false); idempotent when the same call again changes nothing
// more. Whether a call asks a person without a question of its own (asksByDefault) is checked
// against what the tools did before the annotations were made honest, by calling them.
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import type { ConfirmationRequest, ModelInfo, ToolAnnotations } from '@toolpacks/registry/host';
import { editorPack } from './index';

type Power = 'create' | 'overwrite' | 'delete' | 'move';

interface Row {
  /** What a call can do to the workspace's files. */
  readonly can: readonly Power[];
  /** The same call again changes nothing more. */
  readonly idempotent: boolean;
  /** A call asks even when its preparation sets no question (else only where the preparation asks). */
  readonly asks: boolean;
}

const TOOLS: Record<string, Row> = {
  read_file: { can: [], idempotent: true, asks: false },
  gemini_read_file: { can: [], idempotent: true, asks: false },
  list_open_editors: { can: [], idempotent: true, asks: false },
  create_file: { can: ['create', 'overwrite'], idempotent: true, asks: false },
  write_file: { can: ['create', 'overwrite'], idempotent: true, asks: true },
  replace_string_in_file: { can: ['overwrite'], idempotent: false, asks: false },
  multi_replace_string_in_file: { can: ['overwrite'], idempotent: false, asks: false },
  replace: { can: ['create', 'overwrite'], idempotent: false, asks: false },
  str_replace_based_edit_tool: { can: ['create', 'overwrite'], idempotent: false, asks: false },
  apply_patch: { can: ['create', 'overwrite', 'delete', 'move'], idempotent: false, asks: false },
  move_file: { can: ['move'], idempotent: true, asks: false },
  delete_file: { can: ['delete'], idempotent: true, asks: true },
};

describe('the editor tools’ annotations', () => {
  it('cover every tool of the pack, and no other', () => {
    expect(editorPack.tools.map((t) => t.definition.name).sort()).toEqual(Object.keys(TOOLS).sort());
  });

  it.each(Object.entries(TOOLS))('%s says what it can do', (name, row) => {
    const annotations = editorPack.tools.find((t) => t.definition.name === name)!.definition.annotations!;
    const destructive = row.can.some((power) => power !== 'create');
    expect(annotations).toMatchObject<ToolAnnotations>({
      readOnly: row.can.length === 0,
      destructive,
      idempotent: row.idempotent,
      openWorld: false,
    });
    // The registry's rule: asksByDefault, else destructive.
    expect(annotations.asksByDefault ?? destructive).toBe(row.asks);
  });
});

describe('who asks: the same as before the annotations said destructive', () => {
  let h: PackHarness;
  beforeEach(
    async () => (h = await createPackHarness([editorPack], { 'a.txt': 'one\ntwo\n', 'b.txt': 'b\n', 'c.txt': 'c\n' })),
  );
  afterEach(() => h.dispose());

  const patch = ['*** Begin Patch', '*** Delete File: c.txt', '*** End Patch'].join('\n');
  const cases: [string, string, object, ModelInfo, boolean][] = [
    ['read_file', 'read_file', { filePath: 'a.txt' }, testModels.general, false],
    ['create_file (new)', 'create_file', { filePath: 'n.txt', content: 'n' }, testModels.general, false],
    [
      'create_file (overwrite)',
      'create_file',
      { filePath: 'b.txt', content: 'x', overwrite: true },
      testModels.general,
      true,
    ],
    ['write_file', 'write_file', { file_path: 'w.txt', content: 'w' }, testModels.gemini, true],
    [
      'replace_string_in_file',
      'replace_string_in_file',
      { filePath: 'a.txt', oldString: 'one', newString: '1' },
      testModels.general,
      false,
    ],
    [
      'multi_replace_string_in_file',
      'multi_replace_string_in_file',
      { explanation: 'x', replacements: [{ filePath: 'a.txt', oldString: 'two', newString: '2' }] },
      testModels.general,
      false,
    ],
    [
      'replace',
      'replace',
      { file_path: 'a.txt', instruction: 'x', old_string: 'one', new_string: '1' },
      testModels.gemini,
      false,
    ],
    [
      'str_replace_based_edit_tool',
      'str_replace_based_edit_tool',
      { command: 'create', path: 's.txt', file_text: 's' },
      testModels.claude,
      false,
    ],
    // Changed on purpose (review of issue 23): a patch that deletes or moves a file asks, as delete_file does.
    ['apply_patch (a delete)', 'apply_patch', { input: patch }, testModels.gpt5, true],
    [
      'apply_patch (an update)',
      'apply_patch',
      { input: ['*** Begin Patch', '*** Update File: a.txt', '-one', '+1', '*** End Patch'].join('\n') },
      testModels.gpt5,
      false,
    ],
    ['move_file', 'move_file', { sourcePath: 'b.txt', destinationPath: 'm/b.txt' }, testModels.general, true],
    [
      'move_file (no source: fails with the reason)',
      'move_file',
      { sourcePath: 'none.txt', destinationPath: 'x.txt' },
      testModels.general,
      false,
    ],
    ['delete_file', 'delete_file', { filePath: 'b.txt' }, testModels.general, true],
  ];

  it.each(cases)('%s', async (_case, name, input, model, asks) => {
    const asked: ConfirmationRequest[] = [];
    const result = await h.call(name, input, { model, confirm: async (request) => (asked.push(request), 'once') });
    expect(asked.length).toBe(asks ? 1 : 0);
    expect(result.status).toBe(name === 'move_file' && !asks ? 'error' : 'ok');
  });
});
