import { applyReplace, checkNoNewPlaceholder } from './geminiReplace';

describe('applyReplace', () => {
  it('replaces one occurrence, or all of them when allowed', () => {
    expect(applyReplace('a b a', { oldString: 'b', newString: 'c' }, 'f')).toEqual({ text: 'a c a', replacements: 1 });
    expect(applyReplace('a b a', { oldString: 'a', newString: 'x', allowMultiple: true }, 'f')).toEqual({
      text: 'x b x',
      replacements: 2,
    });
    expect(() => applyReplace('a b a', { oldString: 'a', newString: 'x' }, 'f')).toThrow(
      /Expected 1 occurrence but found 2 for old_string in file: f/,
    );
  });

  it('honours the old expected_replacements count exactly', () => {
    expect(applyReplace('a a a', { oldString: 'a', newString: 'b', expectedReplacements: 3 }, 'f').text).toBe('b b b');
    expect(() => applyReplace('a a', { oldString: 'a', newString: 'b', expectedReplacements: 1 }, 'f')).toThrow(
      /Expected 1 occurrence but found 2/,
    );
  });

  it('reads CRLF as LF, writes CRLF back, and keeps the final newline as it was', () => {
    expect(applyReplace('x\r\ny\r\n', { oldString: 'x\ny', newString: 'x\nz' }, 'f').text).toBe('x\r\nz\r\n');
    expect(applyReplace('x\ny\n', { oldString: 'y\n', newString: 'z' }, 'f').text).toBe('x\nz\n');
    expect(applyReplace('x\ny', { oldString: 'y', newString: 'z\n' }, 'f').text).toBe('x\nz');
  });

  it('uses new_string literally ($ patterns included)', () => {
    expect(applyReplace('price', { oldString: 'price', newString: "$& $' $1" }, 'f').text).toBe("$& $' $1");
  });

  it('refuses identical strings and no match', () => {
    expect(() => applyReplace('abc', { oldString: 'b', newString: 'b' }, 'f')).toThrow(/identical in file: f/);
    expect(() => applyReplace('abc', { oldString: 'z', newString: 'b' }, 'f')).toThrow(/0 occurrences found/);
  });
});

describe('checkNoNewPlaceholder', () => {
  it('refuses a placeholder new_string adds, not one old_string already held', () => {
    expect(() => checkNoNewPlaceholder('a', '// rest of methods ...')).toThrow(/omission placeholder/);
    expect(() => checkNoNewPlaceholder('// rest of methods ...\nx', '// rest of methods ...\ny')).not.toThrow();
  });
});

describe('applyReplace on a file of mixed line endings', () => {
  it('leaves the lines it does not touch with their own endings', () => {
    const text = 'a\r\nb\nc\r\n';
    expect(applyReplace(text, { oldString: 'b', newString: 'B' }, 'm.txt')).toEqual({
      text: 'a\r\nB\nc\r\n',
      replacements: 1,
    });
  });
});
