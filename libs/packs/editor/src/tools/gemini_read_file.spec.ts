// Gemini CLI's read_file as the override of read_file, for Gemini models, on a real folder: raw text,
// the 2000-line and 2000-character limits, the truncation header, the old parameter names, the path rule.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import type { ModelInfo } from '@toolpacks/registry';
import { editorPack } from '../index';

const gemini = testModels.gemini;
const gemini3: ModelInfo = {
  id: 'gemini-3-pro-preview',
  vendor: 'copilot',
  family: 'gemini-3-pro-preview',
  version: '1',
};
const five = 'one\ntwo\nthree\nfour\nfive\n';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], { 'src/five.txt': five, 'empty.txt': '' })));
afterEach(() => h.dispose());

const read = (input: object, model: ModelInfo = gemini) => h.call('read_file', input, { model });

describe('gemini_read_file (override of read_file)', () => {
  it('gives Gemini families read_file with the override description and schema', () => {
    for (const model of [gemini, gemini3]) {
      const tool = h.registry.resolve({ model }).tools.find((t) => t.name === 'read_file')!;
      expect(tool.description).toMatch(/^Reads a text file of the workspace and returns its content as it is/);
      expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual([
        'file_path',
        'start_line',
        'end_line',
      ]);
      expect(h.names(model)).not.toContain('gemini_read_file');
    }
    const general = h.registry.resolve({ model: testModels.general }).tools.find((t) => t.name === 'read_file')!;
    expect(Object.keys((general.inputSchema as { properties: object }).properties)).toContain('filePath');
  });

  it('returns the raw text, without line numbers, for a relative or an absolute path', async () => {
    expect(await read({ file_path: 'src/five.txt' })).toMatchObject({ status: 'ok', text: five });
    expect((await read({ file_path: path.join(h.root, 'src/five.txt') })).text).toBe(five);
    expect((await read({ file_path: 'empty.txt' })).text).toBe('');
  });

  it('reads start_line to end_line with the truncation header', async () => {
    expect((await read({ file_path: 'src/five.txt', start_line: 2, end_line: 3 })).text).toBe(
      [
        'IMPORTANT: The file content has been truncated.',
        'Status: Showing lines 2-3 of 5 total lines.',
        "Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 4.",
        '',
        '--- FILE CONTENT (truncated) ---',
        'two\nthree',
      ].join('\n'),
    );
    const tail = (await read({ file_path: 'src/five.txt', start_line: 4 })).text;
    expect(tail).toContain('Status: Showing lines 4-5 of 5 total lines.');
    expect(tail).toMatch(/--- FILE CONTENT \(truncated\) ---\nfour\nfive\n$/);
  });

  it('returns at most 2000 lines and cuts lines over 2000 characters', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `l${i + 1}`);
    lines[0] = 'x'.repeat(2100);
    await fs.writeFile(path.join(h.root, 'big.txt'), lines.join('\n') + '\n');
    const text = (await read({ file_path: 'big.txt' })).text;
    expect(text).toMatch(
      /^IMPORTANT: The file content has been truncated\.\nStatus: Showing lines 1-2000 of 2500 total lines\./,
    );
    expect(text).toContain('use start_line: 2001.');
    expect(text).toContain(`${'x'.repeat(2000)}... [truncated]\nl2\n`);
    expect(text).toMatch(/\nl2000$/);
  });

  it('accepts the old names: absolute_path, and 0-based offset with limit', async () => {
    expect((await read({ absolute_path: 'src/five.txt' })).text).toBe(five);
    const old = (await read({ absolute_path: path.join(h.root, 'src/five.txt'), offset: 1, limit: 2 })).text;
    expect(old).toContain('Status: Showing lines 2-3 of 5 total lines.');
    expect(old).toMatch(/\ntwo\nthree$/);
  });

  it('explains a bad range, a missing file, a folder and an empty path', async () => {
    const cases: [object, RegExp][] = [
      [{ file_path: 'src/five.txt', start_line: 4, end_line: 2 }, /start_line cannot be greater than end_line/],
      [{ file_path: 'src/five.txt', start_line: 9 }, /past the end of the file, which has 5 lines/],
      [{ file_path: 'nope.txt' }, /Could not read file because no file was found at the specified path\./],
      [{ file_path: 'src' }, /Could not read file because the provided path is a directory, not a file\./],
      [{ file_path: '' }, /The 'file_path' parameter must be non-empty\./],
    ];
    for (const [input, message] of cases) {
      const result = await read(input);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(message);
    }
    expect((await read({ file_path: 'src/five.txt', start_line: 0 })).status).toBe('invalid-input');
  });

  it('drops a leading @ when the literal path does not exist', async () => {
    expect((await read({ file_path: '@src/five.txt' })).text).toBe(five);
  });

  it('refuses paths outside the workspace', async () => {
    const outside = path.join(path.dirname(h.root), `outside-${path.basename(h.root)}.txt`);
    await fs.writeFile(outside, 'secret\n');
    try {
      for (const file_path of [`../${path.basename(outside)}`, outside]) {
        const result = await read({ file_path });
        expect(result.status).toBe('error');
        expect(result.text).toMatch(/outside the workspace/);
        expect(result.text).not.toContain('secret');
      }
    } finally {
      await fs.rm(outside);
    }
  });
});
