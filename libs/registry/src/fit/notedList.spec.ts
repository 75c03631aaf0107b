// A noted list: whole when it fits the whole budget, else cut with the note's room kept.
import { clipText, fitArrayBeside, fitJsonArray, fitNotedList, startAtLine, type NotedListDeclaration } from '.';

const lines: NotedListDeclaration<string, string> = {
  text: (line) => line,
  data: (line) => line,
  dataReserve: 0,
  note: { most: 20, share: 1 / 2 },
  oversized: (line, room) => startAtLine(line, room),
};

describe('fitNotedList', () => {
  it('shows a list that fits the whole budget whole, without the note’s room', () => {
    // 3 lines of 9: 29 characters as text, 3 × (11 + 1) + 1 = 37 as a JSON array.
    const items = ['aaaaaaaaa', 'bbbbbbbbb', 'ccccccccc'];
    const fitted = fitNotedList(lines, items, { budget: 40 });
    expect(fitted).toMatchObject({ whole: true, kept: 3, cut: false, budgetChars: 40 });
  });

  it('keeps the note’s room once something is cut, and at most its share of a small budget', () => {
    const items = ['aaaaaaaaa', 'bbbbbbbbb', 'ccccccccc', 'ddddddddd'];
    // 40 characters: the note takes 20 (its share), the text 20: two lines.
    expect(fitNotedList(lines, items, { budget: 40 })).toMatchObject({ whole: false, kept: 2, cut: true });
    // 100 characters: the note takes its most (20), which leaves room for all four lines but for one.
    const wide = fitNotedList({ ...lines, dataReserve: 60 }, items, { budget: 100 });
    expect(wide).toMatchObject({ whole: false, kept: 3, next: 3 });
  });

  it('keeps the note’s room when the note is needed anyway, and pages from the offset', () => {
    const items = ['aaaaaaaaa', 'bbbbbbbbb', 'ccccccccc'];
    const fitted = fitNotedList(lines, items, { budget: 40, noted: true, offset: 10 });
    expect(fitted).toMatchObject({ whole: false, kept: 2, next: 12, onward: { nextOffset: 12 } });
  });

  it('shows the start of a first item over the budget, at a line end', () => {
    const fitted = fitNotedList(lines, ['one\ntwo\nthree\nfour'], { budget: 20 });
    expect(fitted.whole).toBe(false);
    expect(fitted.lines).toEqual(['one\ntwo']);
  });
});

describe('startAtLine', () => {
  it('keeps what fits, cut at its last line end, or in the middle of a long first line', () => {
    expect(startAtLine('short', 10)).toBe('short');
    expect(startAtLine('ab\ncd\nef', 6)).toBe('ab\ncd');
    expect(startAtLine('abcdefgh', 3)).toBe('abc');
  });
});

describe('fitJsonArray and fitArrayBeside', () => {
  it('keeps the first items whose JSON array fits, brackets and commas counted', () => {
    // ["ab","cd"] is 11 characters.
    expect(fitJsonArray(['ab', 'cd', 'ef'], 11)).toEqual(['ab', 'cd']);
    expect(fitJsonArray(['ab', 'cd', 'ef'], 10)).toEqual(['ab']);
    expect(JSON.stringify(fitJsonArray(['ab', 'cd', 'ef'], 16)).length).toBeLessThanOrEqual(16);
  });

  it('leaves room for the fields beside the list', () => {
    // 40 less {"n":1} (7) less 10: 23 characters, ["ab","cd","ef","gh"] is 21.
    expect(fitArrayBeside(['ab', 'cd', 'ef', 'gh', 'ij'], { dataReserve: 10 }, 40, { n: 1 })).toHaveLength(4);
  });
});

describe('clipText', () => {
  it('cuts a value to its most characters with an ellipsis', () => {
    expect(clipText('abcdef', 6)).toBe('abcdef');
    expect(clipText('abcdef', 4)).toBe('abc…');
  });
});
