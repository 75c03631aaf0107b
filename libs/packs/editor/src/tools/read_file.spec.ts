import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

const lines = Array.from({ length: 500 }, (_, i) => `line ${i + 1}: ${'lorem ipsum '.repeat(3)}`);
let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([editorPack], {
    'src/a.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n',
    'big.txt': lines.join('\n') + '\n',
    'empty.txt': '',
    'bin.png': Buffer.from([1, 0, 2]),
  });
});
afterEach(() => h.dispose());

describe('read_file', () => {
  it('reads a whole file and a line range, rendered with prompt-tsx', async () => {
    const whole = await h.call('read_file', { filePath: 'src/a.ts' });
    expect(whole.status).toBe('ok');
    expect(whole.content[0].kind).toBe('promptTsx');
    expect(whole.text).toBe('File: src/a.ts, lines 1-3 of 3\nconst a = 1;\nconst b = 2;\nconst c = 3;');
    expect((await h.call('read_file', { filePath: `${h.root}/src/a.ts`, startLine: 2, endLine: 2 })).text).toBe(
      'File: src/a.ts, lines 2-2 of 3\nconst b = 2;',
    );
    expect((await h.call('read_file', { filePath: 'empty.txt' })).text).toBe('File: empty.txt (0 lines)');
  });

  it('fits the token budget and says where to read on', async () => {
    const result = await h.call('read_file', { filePath: 'big.txt' }, { tokenBudget: 400 });
    const shown = result.text.split('\n');
    expect(shown[0]).toMatch(/^File: big.txt, lines 1-(\d+) of 500$/);
    const last = Number(/lines 1-(\d+)/.exec(shown[0])![1]);
    expect(last).toBeGreaterThan(5);
    expect(last).toBeLessThan(60);
    expect(shown.at(-1)).toBe(
      `[Truncated at line ${last} to fit the token budget (asked for 1-500). Call read_file with startLine ${last + 1} to read on.]`,
    );
    expect(Math.ceil(result.text.length / 4)).toBeLessThanOrEqual(400);
    const next = await h.call('read_file', { filePath: 'big.txt', startLine: last + 1 }, { tokenBudget: 400 });
    expect(next.text.split('\n')[1]).toBe(lines[last]);
  });

  it('explains every bad input and never reads outside the workspace', async () => {
    expect((await h.call('read_file', { filePath: '../../etc/passwd' })).text).toMatch(/outside the workspace/);
    expect((await h.call('read_file', { filePath: 'missing.ts' })).text).toMatch(
      /does not exist. Use file_search or list_dir/,
    );
    expect((await h.call('read_file', { filePath: 'bin.png' })).text).toMatch(
      /is a binary file \(binary data, 3 bytes\)/,
    );
    expect((await h.call('read_file', { filePath: 'src' })).text).toMatch(/is a folder; use list_dir/);
    expect((await h.call('read_file', { filePath: 'src/a.ts', startLine: 9 })).text).toMatch(
      /has 3 lines; startLine 9 is past the end/,
    );
    expect((await h.call('read_file', { filePath: 'src/a.ts', startLine: 3, endLine: 1 })).text).toMatch(
      /endLine 1 is before startLine 3/,
    );
    expect((await h.call('read_file', { path: 'src/a.ts' })).status).toBe('invalid-input');
  });
});
