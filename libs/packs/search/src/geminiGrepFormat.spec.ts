import {
  autoContextLines,
  clipLine,
  formatGrepBlocks,
  formatNamesOnly,
  MAX_GREP_OUTPUT_CHARS,
  MAX_SHOWN_LINE_CHARS,
  noMatchText,
  withContext,
} from './geminiGrepFormat';

const header = { pattern: 'x', location: 'in path "src"' };

describe('geminiGrepFormat', () => {
  it('merges overlapping context and keeps matches marked as matches', () => {
    const file = ['a', 'x1', 'b', 'x2', 'c', 'd'];
    expect(
      withContext(
        [
          { line: 2, text: 'x1' },
          { line: 4, text: 'x2' },
        ],
        file,
        1,
        1,
      ),
    ).toEqual([
      { line: 1, text: 'a', isMatch: false },
      { line: 2, text: 'x1', isMatch: true },
      { line: 3, text: 'b', isMatch: false },
      { line: 4, text: 'x2', isMatch: true },
      { line: 5, text: 'c', isMatch: false },
    ]);
    expect(withContext([{ line: 2, text: 'x1' }], undefined, 3, 3)).toEqual([{ line: 2, text: 'x1', isMatch: true }]);
  });

  it('chooses auto-context: 50 for one match, 15 for two or three, none otherwise', () => {
    expect([0, 1, 2, 3, 4].map(autoContextLines)).toEqual([0, 50, 15, 15, 0]);
  });

  it('formats the header, filter, limit, no-match and names_only texts', () => {
    expect(noMatchText({ ...header, include: '*.ts' })).toBe(
      'No matches found for pattern "x" in path "src" (filter: "*.ts").',
    );
    expect(formatNamesOnly({ ...header, limitedTo: 5 }, ['b', 'a'])).toBe(
      'Found 2 files with matches for pattern "x" in path "src" (results limited to 5 matches for performance):\na\nb',
    );
    expect(formatGrepBlocks(header, [{ path: 'a.ts', lines: [{ line: 3, text: 'x  ', isMatch: true }] }])).toBe(
      'Found 1 match for pattern "x" in path "src":\n---\nFile: a.ts\nL3: x\n---',
    );
  });

  it('clips long lines and stops before the output limit, counting what it left out', () => {
    expect(clipLine(`${'y'.repeat(MAX_SHOWN_LINE_CHARS + 10)}\r`)).toBe(`${'y'.repeat(MAX_SHOWN_LINE_CHARS)}…`);
    const lines = Array.from({ length: 1000 }, (_, i) => ({ line: i + 1, text: 'z'.repeat(300), isMatch: true }));
    const text = formatGrepBlocks(header, [{ path: 'a', lines }]);
    expect(text.length).toBeLessThan(MAX_GREP_OUTPUT_CHARS + 300);
    expect(text).toMatch(
      /\n---\n\[Output cut at 100000 characters to fit the result budget: \d+ more matches are not shown\. Narrow/,
    );
  });
});
