import { catN, catNClipped } from './catN';

describe('catN', () => {
  it('numbers lines right-aligned in 6 columns, then a tab, keeping tabs in the line', () => {
    expect(catN(['Line 1', '\tLine 2'])).toBe('     1\tLine 1\n     2\t\tLine 2');
    expect(catN(['x'], 123456)).toBe('123456\tx');
    expect(catN(['x'], 1234567)).toBe('1234567\tx');
    expect(catN([])).toBe('');
  });

  it('clips at a line boundary within the limit, or cuts a first line that alone is too long', () => {
    expect(catNClipped(['aaaa', 'bbbb', 'cccc'], 1, 25)).toEqual({
      text: '     1\taaaa\n     2\tbbbb',
      shown: 2,
      clipped: true,
    });
    expect(catNClipped(['aaaa'], 7, 100)).toEqual({ text: '     7\taaaa', shown: 1, clipped: false });
    expect(catNClipped(['x'.repeat(50)], 1, 10)).toEqual({ text: '     1\txxx', shown: 0, clipped: true });
  });
});
