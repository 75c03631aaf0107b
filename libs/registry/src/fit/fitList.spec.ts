// The one fit: text and data stop at the same item, counted as they are sent (the data's JSON with
// its escapes), and the way on is rendered from what the pack declared.
import {
  callAgain,
  callWith,
  fitList,
  fitTextAndJson,
  ItemFit,
  jsonLineChars,
  jsonStringChars,
  partWithinJson,
  resultCharBudget,
  roomBeside,
  roomFor,
  type ListDeclaration,
} from '.';

const paths: ListDeclaration<string, string> = {
  text: (path) => path,
  data: (path) => path,
  paging: { tool: 'file_search', field: 'offset' },
};

describe('fitList', () => {
  it('keeps whole items while their lines and their JSON array both fit, and stops both at the same item', () => {
    // 'aaaa' is 4 characters as a line and 6 + 1 (comma) as JSON: the data is the tighter budget.
    const fitted = fitList(paths, ['aaaa', 'bbbb', 'cccc'], { budget: 14 });
    expect(fitted.lines).toEqual(['aaaa', 'bbbb']);
    expect(fitted.data).toEqual(['aaaa', 'bbbb']);
    expect(fitted).toMatchObject({ kept: 2, next: 2, cut: true });
    expect(JSON.stringify(fitted.data).length).toBeLessThanOrEqual(14 + 1);
    expect(fitList(paths, ['aaaa', 'bbbb'], { budget: 100, offset: 40 })).toMatchObject({
      kept: 2,
      next: 42,
      cut: false,
      more: false,
      onward: {},
    });
    // One page of a longer list: nothing cut, but more follow.
    const page = fitList(paths, ['aaaa', 'bbbb'], { budget: 100, offset: 40, total: 50 });
    expect(page).toMatchObject({ cut: false, more: true, onward: { nextOffset: 42 } });
    expect(fitted.onward).toEqual({ nextOffset: 2 });
  });

  it('counts the data as JSON escapes it: a quote or backslash doubles, a control character takes six', () => {
    const quoted = '"\\"\\'; // 4 characters, 8 escaped
    expect(jsonStringChars(quoted)).toBe(8);
    expect(jsonStringChars('\u0001')).toBe(6);
    // Each line is 4 characters of text but 10 + 1 of JSON: two fit 22 as data, not the 9 of text that three would take.
    const fitted = fitList(paths, [quoted, quoted, quoted], { budget: 22 });
    expect(fitted.kept).toBe(2);
    expect(JSON.stringify(fitted.data).length).toBeLessThanOrEqual(22 + 1);
  });

  it('keeps the declared reserve out of the budget', () => {
    const reserved = { ...paths, reserve: 10 };
    expect(fitList(reserved, ['aaaa', 'bbbb', 'cccc'], { budget: 24 }).kept).toBe(2);
    expect(fitList(paths, ['aaaa', 'bbbb', 'cccc'], { budget: 24 }).kept).toBe(3);
  });

  it('shows an item larger than the whole budget as the pack declares (whole by default), never nothing', () => {
    const long = 'x'.repeat(50);
    expect(fitList(paths, [long, 'b'], { budget: 10 })).toMatchObject({
      lines: [long],
      data: [long],
      kept: 1,
      cut: true,
    });
    const cutting = { ...paths, oversized: (path: string, room: number) => path.slice(0, room) };
    const cut = fitList(cutting, [long, 'b'], { budget: 10 });
    expect(cut).toMatchObject({ lines: ['x'.repeat(10)], data: ['x'.repeat(10)], kept: 1, next: 1, cut: true });
  });

  it('with a zero budget shows one item of a list that has any, and nothing of an empty list', () => {
    expect(fitList(paths, ['a', 'b'], { budget: 0 })).toMatchObject({ lines: ['a'], kept: 1, next: 1, cut: true });
    expect(fitList(paths, [], { budget: 0 })).toMatchObject({ lines: [], data: [], kept: 0, next: 0, cut: false });
    expect(
      fitTextAndJson(
        2,
        0,
        0,
        () => 1,
        () => 3,
      ),
    ).toBe(0);
  });

  it('takes the budget from the call: the host’s token budget in characters, or the default; 0 tokens is the default', () => {
    const many = Array.from({ length: 30_000 }, (_, i) => `file${i}.ts`);
    const small = fitList(paths, many, { budget: { tokenBudget: 25, countTokens: async () => 0 } });
    expect(small.lines.join('\n').length).toBeLessThanOrEqual(100);
    expect(small.kept).toBeGreaterThan(3);
    const unset = fitList(paths, many, { budget: undefined });
    expect(unset.lines.join('\n').length).toBeLessThanOrEqual(resultCharBudget(undefined));
    expect(fitList(paths, many, { budget: { tokenBudget: 0, countTokens: async () => 0 } }).kept).toBe(unset.kept);
  });

  it('renders the way on from the declared paging', () => {
    expect(callAgain(paths.paging, 50)).toBe('call file_search again with offset: 50 for the next ones');
    expect(callAgain({ tool: 'glob', field: 'offset' }, 7, { same: 'pattern', sentence: true })).toBe(
      'Call glob again with the same pattern and offset: 7 for the next ones',
    );
    expect(callWith({ tool: 'read_file', field: 'startLine', joiner: ' ' }, 120)).toBe('read_file with startLine 120');
  });
});

describe('ItemFit', () => {
  it('fits the lines of one JSON string: an escaped line feed between two, none before the first', () => {
    expect(jsonLineChars('a"b', true)).toBe(4);
    expect(jsonLineChars('a"b', false)).toBe(6);
    const fit = new ItemFit({ maxChars: 100, maxJsonChars: 10 }, { data: 'lines' });
    expect(fit.take(3, jsonStringChars('a"b'))).toBe(true); // 4
    expect(fit.take(3, jsonStringChars('a"b'))).toBe(true); // 4 + 2 + 4 = 10
    expect(fit.take(1, 0)).toBe(false); // 12
    expect(fit.take(0, 0)).toBe(false); // stopped: nothing after the first that did not fit
    expect(fit).toMatchObject({ kept: 2, stopped: true });
  });

  it('forces an oversized first item in, counted, and fits the ones after it as before', () => {
    const fit = new ItemFit({ maxChars: 10, maxJsonChars: 100 });
    expect(fit.take(20, 0)).toBe(false);
    fit.force(8, 0); // the caller's cut of it
    expect(fit.take(1, 0)).toBe(true); // 8 + 1 + 1 = 10
    expect(fit.take(1, 0)).toBe(false);
    expect(fit.kept).toBe(2);
  });

  it('counts a separator before every item after a header line', () => {
    const fit = new ItemFit({ maxChars: 9, maxJsonChars: 100 }, { textBefore: 4 });
    expect(fit.take(2, 0)).toBe(true); // 4 + 1 + 2 = 7
    expect(fit.take(2, 0)).toBe(false); // 7 + 1 + 2 = 10
    expect(fit.kept).toBe(1);
    const headless = new ItemFit({ maxChars: 5, maxJsonChars: 100 });
    expect(headless.take(2, 0) && headless.take(2, 0)).toBe(true); // 2 + 1 + 2 = 5
  });
});

describe('partWithinJson', () => {
  it('never splits a surrogate pair, from the start or from the end', () => {
    const text = 'a😀b';
    expect(partWithinJson(text, 2, 100)).toBe('a');
    expect(partWithinJson(text, 3, 100)).toBe('a😀');
    expect(partWithinJson(text, 2, 100, true)).toBe('b');
    expect(partWithinJson(text, 3, 100, true)).toBe('😀b');
  });

  it('keeps the part within its JSON size when escapes make it longer than the text', () => {
    expect(partWithinJson('"""', 3, 4)).toBe('""');
    expect(partWithinJson('ab\u0001', 3, 7)).toBe('ab');
    expect(partWithinJson('anything', 0, 0)).toBe('');
  });

  it('leaves room beside the fields a result has besides its list', () => {
    expect(roomBeside(100, { path: 'a' }, 10)).toBe(100 - 12 - 10);
    expect(roomBeside(5, { path: 'a' }, 10)).toBe(0);
  });
});

describe('roomFor', () => {
  const budget = { tokenBudget: 1_000, countTokens: async () => 0 };
  it('takes the declared reserve and cap out of the call’s budget; the data has the text’s room unless it has its own', () => {
    expect(roomFor({ reserve: 500 }, budget)).toEqual({ maxChars: 3_500, maxJsonChars: 3_500 });
    expect(roomFor({ reserve: 1_000, atMost: 2_000 }, budget)).toEqual({ maxChars: 2_000, maxJsonChars: 2_000 });
    expect(roomFor({ reserve: 500, dataReserve: 400 }, budget, 'a.ts')).toEqual({
      maxChars: 3_500,
      maxJsonChars: 4_000 - 6 - 400,
    });
    expect(roomFor({}, undefined)).toEqual({ maxChars: 60_000, maxJsonChars: 60_000 });
    expect(roomFor({ dataReserve: 400 }, 100, 'a.ts').maxJsonChars).toBe(0);
  });

  it('fits a list to the data’s own room when declared', () => {
    const paths: ListDeclaration<string, string> = {
      text: (p) => p,
      data: (p) => p,
      dataReserve: 10,
      paging: { tool: 't', field: 'offset' },
    };
    // 30 characters less the JSON of {"k":"vvvv"} (12) and 10: 8 for the data, one path of 6 + 1.
    expect(fitList(paths, ['aaaa', 'bbbb'], { budget: 30, beside: { k: 'vvvv' } }).kept).toBe(1);
  });
});
