import { describeIndentation } from './indentation';

describe('describeIndentation', () => {
  it.each([
    ['def f():\n\tx = 1\n\tif x:\n\t\treturn x\n', 'tabs'],
    ['class C {\n  m() {\n    return 1;\n  }\n}\n', '2 spaces'],
    ['def f():\n    x = 1\n    if x:\n        return x\n', '4 spaces'],
    ['/**\n * Doc.\n */\nfunction f() {\n    return 1;\n}\n', '4 spaces'],
    ['a\n\tb\n  c\n\td\n  e\n', 'a mix of tabs and spaces'],
    ['no\nindentation\n', undefined],
    ['', undefined],
  ])('%j → %s', (text, expected) => {
    expect(describeIndentation(text)).toBe(expected);
  });
});
