import { boundedList, listBounded, quoteBounded, safeString } from './boundedText';

describe('bounded echoes', () => {
  it('cuts a long value and says how much was left out', () => {
    const long = 'x'.repeat(50_000_000);
    const quoted = quoteBounded(long);
    expect(quoted.length).toBeLessThan(260);
    expect(quoted).toMatch(/^x{200}… \(49999800 more characters\)$/);
    expect(quoteBounded('short')).toBe('short');
  });

  it('lists at most 20 items, then the count of the rest', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => `item ${i}`);
    const listed = listBounded(items);
    expect(listed).toHaveLength(21);
    expect(listed[20]).toBe('… (99980 more)');
  });

  it('never throws for values whose toString or message throws', () => {
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    const error = new Error('x');
    Object.defineProperty(error, 'message', {
      get: () => {
        throw new Error('no');
      },
    });
    expect(safeString(hostile)).toBe('[object Object]');
    expect(safeString(Object.create(null))).toBe('[object Object]');
    expect(typeof safeString(error)).toBe('string');
  });

  it('joins a bounded list, counting items the caller did not keep', () => {
    const items = Array.from({ length: 25 }, (_, i) => `f${i}`);
    expect(boundedList(items)).toBe(`${items.slice(0, 20).join(', ')}, … (5 more)`);
    expect(boundedList(['a', 'b'])).toBe('a, b');
    expect(boundedList(['a', 'b', 'c'], 2, ' → ')).toBe('a → b → … (1 more)');
    expect(boundedList(['7', '9'], 2, ', ', 40_000)).toBe('7, 9, … (39998 more)');
  });
});
