import { findOccurrences, lineNumbersAt } from './occurrences';

describe('occurrences', () => {
  it('counts non-overlapping occurrences and keeps the first positions', () => {
    expect(findOccurrences('aaaa', 'aa')).toEqual({ count: 2, positions: [0, 2] });
    expect(findOccurrences('x y x y x', 'x', 2)).toEqual({ count: 3, positions: [0, 4] });
    expect(findOccurrences('abc', 'd')).toEqual({ count: 0, positions: [] });
    expect(() => findOccurrences('abc', '')).toThrow();
  });

  it('gives the 1-based line of each position', () => {
    const text = 'foo\nbar\nfoo\n';
    expect(lineNumbersAt(text, [0, 4, 8])).toEqual([1, 2, 3]);
    expect(lineNumbersAt(text, [3])).toEqual([1]);
    expect(lineNumbersAt(text, [])).toEqual([]);
  });

  it('counts 100,000 matches in one pass', () => {
    const text = 'x = 1;\n'.repeat(100_000);
    const found = findOccurrences(text, 'x = 1;', 3);
    expect(found.count).toBe(100_000);
    expect(lineNumbersAt(text, found.positions)).toEqual([1, 2, 3]);
  });
});
