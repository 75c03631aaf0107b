// The lines an edit's new text takes in the file (issue 23 review): a line feed that ends the new
// text ends its last line, it does not claim the next one; an empty new text takes no line
// (endLine is startLine - 1). Checked against the file as written, on a real folder, for Claude's
// str_replace and replace_string_in_file; multi_replace_string_in_file names the start lines.
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from './index';
import { newTextLines } from './lineText';

const FILE = 'l1\nl2\nl3\nl4\n';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([editorPack], { 'f.txt': FILE, 'g.txt': FILE })));
afterEach(() => h.dispose());

/** Lines `startLine` to `endLine` of the file now. */
async function linesOf(path: string, range: { startLine: number; endLine: number }): Promise<string[]> {
  return (await h.read(path)).split('\n').slice(range.startLine - 1, range.endLine);
}

/** The lines a new text is seen on: its own lines (a final line feed ends the last one). */
function ownLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

const CASES = [
  {
    name: 'a new text that ends with a line feed',
    old: 'l2\n',
    new: 'A\nB\n',
    range: [2, 3],
    file: 'l1\nA\nB\nl3\nl4\n',
  },
  { name: 'an empty new text', old: 'l2\n', new: '', range: [2, 1], file: 'l1\nl3\nl4\n' },
  { name: 'one line', old: 'l2', new: 'X', range: [2, 2], file: 'l1\nX\nl3\nl4\n' },
  {
    name: 'a new text that starts mid-line',
    old: '2\nl3',
    new: '2\nmid\nl3',
    range: [2, 4],
    file: 'l1\nl2\nmid\nl3\nl4\n',
  },
  { name: 'a lone line feed', old: 'l2\nl3\n', new: '\n', range: [2, 2], file: 'l1\n\nl4\n' },
];

describe.each(CASES)('$name', (c) => {
  it("Claude's str_replace names the lines it takes", async () => {
    const result = await h.call(
      'str_replace_based_edit_tool',
      { command: 'str_replace', path: 'f.txt', old_str: c.old, new_str: c.new },
      { model: testModels.claude },
    );
    expect(result.status).toBe('ok');
    expect(await h.read('f.txt')).toBe(c.file);
    const data = result.structuredContent as { startLine: number; endLine: number };
    expect([data.startLine, data.endLine]).toEqual(c.range);
    if (!c.new.startsWith('2')) expect(await linesOf('f.txt', data)).toEqual(ownLines(c.new));
  });

  it('replace_string_in_file names the lines it takes', async () => {
    const result = await h.call('replace_string_in_file', { filePath: 'g.txt', oldString: c.old, newString: c.new });
    expect(result.status).toBe('ok');
    expect(await h.read('g.txt')).toBe(c.file);
    const data = result.structuredContent as { startLine: number; endLine: number };
    expect([data.startLine, data.endLine]).toEqual(c.range);
    expect(result.text).toMatch(
      c.new === ''
        ? /^Replaced 1 occurrence in g\.txt: the text was removed at line 2\.$/
        : new RegExp(`^Replaced 1 occurrence in g\\.txt; lines ${c.range[0]}-${c.range[1]} now read:\\n`),
    );
  });
});

describe('the lines of a new text', () => {
  it('count a final line feed as the end of the last line, and none for no text', () => {
    expect(newTextLines(5, 'a')).toEqual({ startLine: 5, endLine: 5 });
    expect(newTextLines(5, 'a\n')).toEqual({ startLine: 5, endLine: 5 });
    expect(newTextLines(5, 'a\nb')).toEqual({ startLine: 5, endLine: 6 });
    expect(newTextLines(5, 'a\r\nb\r\n')).toEqual({ startLine: 5, endLine: 6 });
    expect(newTextLines(5, '')).toEqual({ startLine: 5, endLine: 4 });
  });

  it('multi_replace_string_in_file names the line each replacement starts on, in the text after it', async () => {
    const result = await h.call('multi_replace_string_in_file', {
      explanation: 'Edits f.txt.',
      replacements: [
        { filePath: 'f.txt', oldString: 'l1\n', newString: 'A\nB\n' },
        { filePath: 'f.txt', oldString: 'l3\n', newString: '' },
        { filePath: 'f.txt', oldString: 'l4', newString: 'D' },
      ],
    });
    expect(await h.read('f.txt')).toBe('A\nB\nl2\nD\n');
    expect(result.structuredContent).toEqual({
      replacements: 3,
      files: [{ path: 'f.txt', replacements: 3, lines: [1, 4, 4] }],
    });
  });
});

describe('replace_string_in_file with a new text longer than the result', () => {
  it('names its lines without repeating it, so the result stays within the budget', async () => {
    const huge = `${'w'.repeat(100)}\n`.repeat(700);
    const result = await h.call('replace_string_in_file', { filePath: 'g.txt', oldString: 'l2\n', newString: huge });
    expect(result.status).toBe('ok');
    expect(result.structuredContent).toEqual({ path: 'g.txt', replacements: 1, startLine: 2, endLine: 701 });
    expect(result.text).toBe(
      `Replaced 1 occurrence in g.txt; lines 2-701 now hold newString (${huge.length} characters, too long to repeat here). Read the file to check them.`,
    );
  });
});
