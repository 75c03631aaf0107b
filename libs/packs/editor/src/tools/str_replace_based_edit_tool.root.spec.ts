// Issue 32, findings 5 and 6: Claude's view of the workspace root lists it as Anthropic's tool does
// (two levels, hidden entries left out), with `.` and with the absolute root; and `--family claude`
// (any current Claude model) gets Claude's editor, as `gemini` and `gpt` get their vendors' tools.
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import type { ModelInfo } from '@toolpacks/registry';
import { searchPack } from '@toolpacks/pack-search';
import { editorPack } from '../index';

const TOOL = 'str_replace_based_edit_tool';
const family = (name: string): ModelInfo => ({ id: name, vendor: 'copilot', family: name, version: '1' });

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([editorPack, searchPack], {
      'src/a.txt': 'a\n',
      'src/sub/deep/x.txt': 'x\n',
      '.hidden/y.txt': 'y\n',
      'top.md': 'top\n',
    })),
);
afterEach(() => h.dispose());

describe('str_replace_based_edit_tool: view of the workspace root', () => {
  it.each(['.', 'root'])('lists the root two levels deep, hidden entries left out (path %s)', async (which) => {
    const shown = which === '.' ? '.' : h.root;
    const result = await h.call(TOOL, { command: 'view', path: shown }, { model: testModels.claude });
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      `Here's the files and directories up to 2 levels deep in ${shown}, excluding hidden items:\n` +
        [shown, `${shown}/src`, `${shown}/src/a.txt`, `${shown}/src/sub`, `${shown}/top.md`].join('\n') +
        '\n',
    );
  });

  it('refuses an edit of the root as of any folder', async () => {
    const result = await h.call(
      TOOL,
      { command: 'str_replace', path: '.', old_str: 'a', new_str: 'b' },
      { model: testModels.claude },
    );
    expect(result.status).toBe('error');
    expect(result.text).toMatch(/is a directory and only the `view` command/);
  });
});

describe('families by prefix', () => {
  it('gives every current model of a vendor its native tools, by the bare vendor family too', () => {
    for (const name of ['claude', 'claude-opus-5', 'claude-sonnet-4.5']) expect(h.names(family(name))).toContain(TOOL);
    for (const name of ['gemini', 'gemini-3-pro', 'gemini-2.5-pro'])
      expect(h.names(family(name))).toEqual(expect.arrayContaining(['read_file', 'replace', 'write_file', 'glob']));
    for (const name of ['gpt', 'gpt-5.2', 'codex']) expect(h.names(family(name))).toContain('apply_patch');
    expect(h.names(family('gpt-4o'))).not.toContain('apply_patch');
  });
});
