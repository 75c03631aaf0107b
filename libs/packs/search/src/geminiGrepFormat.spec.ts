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
    expect(formatGrepBlocks(header, [{ path: 'a.ts', lines: [{ line: 3, text: 'x  ', isMatch: true }] }])).toEqual({
      text: 'Found 1 match for pattern "x" in path "src":\n---\nFile: a.ts\nL3: x\n---',
      matches: [{ path: 'a.ts', line: 3, text: 'x' }],
      matchCount: 1,
      cut: false,
    });
  });

  it('clips long lines and stops before the output limit, counting what it left out', () => {
    expect(clipLine(`${'y'.repeat(MAX_SHOWN_LINE_CHARS + 10)}\r`)).toBe(`${'y'.repeat(MAX_SHOWN_LINE_CHARS)}…`);
    const lines = Array.from({ length: 1000 }, (_, i) => ({ line: i + 1, text: 'z'.repeat(300), isMatch: true }));
    const { text, matches, cut } = formatGrepBlocks(header, [{ path: 'a', lines }]);
    expect(text.length).toBeLessThan(MAX_GREP_OUTPUT_CHARS + 300);
    expect(text).toMatch(
      /\n---\n\[Output cut at 100000 characters to fit the result budget: \d+ more matches are not shown\. Narrow/,
    );
    // The data stops at the same line, and its JSON stays within the limit too.
    expect(cut).toBe(true);
    expect(text.split('\n').filter((l) => l.startsWith('L'))).toHaveLength(matches.length);
    expect(text).toContain(`\nL${matches.length}: z`);
    expect(text).not.toContain(`\nL${matches.length + 1}: `);
    expect(JSON.stringify(matches).length).toBeLessThanOrEqual(MAX_GREP_OUTPUT_CHARS);
  });

  it('gives each shown context line once: after the match before it, or above a file’s first match', () => {
    const line = (n: number, isMatch = false) => ({ line: n, text: `t${n}`, isMatch });
    const blocks = [
      { path: 'a', lines: [line(1), line(2, true), line(3), line(4, true), line(5)] },
      { path: 'b', lines: [line(7, true)] },
    ];
    expect(formatGrepBlocks(header, blocks).matches).toEqual([
      {
        path: 'a',
        line: 2,
        text: 't2',
        context: [
          { line: 1, text: 't1' },
          { line: 3, text: 't3' },
        ],
      },
      { path: 'a', line: 4, text: 't4', context: [{ line: 5, text: 't5' }] },
      { path: 'b', line: 7, text: 't7' },
    ]);
  });

  it('cuts sooner when the data would outgrow the limit before the text (short lines, long paths)', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => ({ line: i + 1, text: 'z', isMatch: true }));
    const { text, matches } = formatGrepBlocks(header, [{ path: 'p'.repeat(200), lines }], 20_000);
    expect(text.length).toBeLessThan(20_000);
    expect(JSON.stringify(matches).length).toBeLessThanOrEqual(20_000);
    expect(text.split('\n').filter((l) => l.startsWith('L'))).toHaveLength(matches.length);
    expect(matches.length).toBeLessThan(2000);
  });
});
