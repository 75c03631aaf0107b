import { joinLines, splitLines, toLf, usesCrlf, withEol } from './lineText';

describe('lineText', () => {
  it('splits lines with a final newline ending the last line, not starting another', () => {
    expect(splitLines('a\nb\n')).toEqual({ lines: ['a', 'b'], finalNewline: true });
    expect(splitLines('a\nb')).toEqual({ lines: ['a', 'b'], finalNewline: false });
    expect(splitLines('\n')).toEqual({ lines: [''], finalNewline: true });
    expect(splitLines('')).toEqual({ lines: [], finalNewline: false });
    expect(joinLines(['a', 'b'], true)).toBe('a\nb\n');
    expect(joinLines([], true)).toBe('');
  });

  it('tells a CRLF file from a mixed one, and converts both ways', () => {
    expect(usesCrlf('a\r\nb\r\n')).toBe(true);
    expect(usesCrlf('a\r\nb\n')).toBe(false);
    expect(usesCrlf('\na\r\n')).toBe(false);
    expect(usesCrlf('a')).toBe(false);
    expect(toLf('a\r\nb\r\n')).toBe('a\nb\n');
    expect(withEol('a\nb\n', true)).toBe('a\r\nb\r\n');
    expect(withEol('a\nb\n', false)).toBe('a\nb\n');
  });
});
