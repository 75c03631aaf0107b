// The search tools' annotations say what they can do (MCP's hints): they only read, inside the
// workspace, and say the same again while the files stay. Checked as declared, and in fact: calls
// change no file, and a repeated call gives the same result.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ModelInfo, ToolAnnotations } from '@toolpacks/registry';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from './index';

const READS_THE_WORKSPACE: ToolAnnotations = { readOnly: true, destructive: false, idempotent: true, openWorld: false };

/** Each tool's annotations, and a call that exercises it (by the name and model that reach it). */
const tools: [name: string, annotations: ToolAnnotations, call: string, model: ModelInfo, input: object][] = [
  ['file_search', READS_THE_WORKSPACE, 'file_search', testModels.general, { query: '**/*' }],
  ['glob', READS_THE_WORKSPACE, 'glob', testModels.gemini, { pattern: '**/*' }],
  ['grep_search', READS_THE_WORKSPACE, 'grep_search', testModels.general, { query: 'x' }],
  ['gemini_grep_search', READS_THE_WORKSPACE, 'grep_search', testModels.gemini, { pattern: 'x' }],
  ['list_dir', READS_THE_WORKSPACE, 'list_dir', testModels.general, { path: 'src' }],
  ['list_directory', READS_THE_WORKSPACE, 'list_directory', testModels.gemini, { dir_path: 'src' }],
];

let h: PackHarness;
beforeAll(
  async () =>
    (h = await createPackHarness([searchPack], {
      'src/a.ts': 'x = 1\n',
      'src/b.ts': 'y = x\n',
      '.gitignore': 'out/\n',
      'out/c.js': 'x\n',
    })),
);
afterAll(() => h.dispose());

/** Every file and folder under `root` with its size and modification time. */
async function snapshot(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true });
  const stats = await Promise.all(entries.map(async (e) => [e, await fs.stat(path.join(root, e))] as const));
  return stats.map(([e, s]) => `${e} ${s.size} ${s.mtimeMs}`).sort();
}

describe('search annotations', () => {
  it('covers every tool of the pack', () => {
    expect(tools.map(([name]) => name).sort()).toEqual(searchPack.tools.map((t) => t.definition.name).sort());
  });

  it.each(tools)('%s is annotated as it behaves, and behaves so', async (name, annotations, call, model, input) => {
    expect(searchPack.tools.find((t) => t.definition.name === name)?.definition.annotations).toEqual(annotations);
    const before = await snapshot(h.root);
    const first = await h.call(call, input, { model });
    const again = await h.call(call, input, { model });
    expect(first.status).toBe('ok');
    expect(again.text).toBe(first.text);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await snapshot(h.root)).toEqual(before);
  });
});
