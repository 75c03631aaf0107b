// Issue 19: `=~` runs on re2js (linear time) with exactly the JS RegExp's answers, instead of a
// guard that refused patterns VS Code accepts. The answers are checked against V8's own RegExp.
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import { parseWhenClause } from './whenClause';
import { compileWhenRegex, hasBoundedBacktracking } from './whenClauseRegex';

const PATTERNS = [
  '.md(.yml|.txt)*$',
  '^(a+)+$',
  '(a|a)*',
  '(\\w+\\s?)*$',
  '^docker',
  'a\\/b',
  '[/]x',
  '\\d+',
  '\\s',
  '.',
  '[^]',
  '[]',
  '[]a]',
  '[a-z]+',
  '[\\d-z]',
  '\\bfoo\\b',
  'a{2,3}',
  'a{',
  'x}',
  '[^a]',
  'k',
  's',
  '\\cJ',
  '\\x41',
  '\\u00e9',
  '\\0',
  '[\\b]',
  '^a$',
  '\\W\\S\\D',
  '(?<n>a)b',
  '(?:ab)+',
  'a.c',
  '\\uD83D',
  '^.$',
  '[\\uD800-\\uDFFF]',
  '\\-',
  '\\]',
  '^$',
  'a|',
  '[^\\s\\S]',
  '[\\w-]+',
];
const VALUES = [
  '',
  'a',
  'A',
  'ab',
  'aab',
  'README.md',
  'x.md.yml.txt',
  'X.MD',
  'a/b',
  'a/x',
  'Docker',
  '12',
  ' ',
  '\u00a0',
  '\ufeff',
  '\n',
  '\r',
  '\u2028',
  'a\nb',
  'a\rb',
  'é',
  'É',
  '\u212a',
  'K',
  'S',
  '\u017f',
  '😀',
  '\ud83d',
  'foo bar',
  'afoo',
  '\b',
  '\x00',
  '-',
  ']',
  'a{',
  'x}',
  'a\u2028c',
  'z-',
  42,
  true,
  ['a', 'b'],
];
const FLAGS = ['', 'i', 'm', 's', 'im', 'is', 'ims'];

describe('=~ on a linear-time engine (issue 19)', () => {
  it('accepts VS Code’s own parser-test clause `resourcePath =~ /.md(.yml|.txt)*$/giym` and answers like VS Code', () => {
    const clause = parseWhenClause('resourcePath =~ /.md(.yml|.txt)*$/giym');
    expect(clause.evaluate({ resourcePath: '/docs/README.MD' })).toBe(true);
    expect(clause.evaluate({ resourcePath: 'notes.md.yml.txt' })).toBe(true);
    expect(clause.evaluate({ resourcePath: 'notes.md.json' })).toBe(false);
    expect(compileWhenRegex('/.md(.yml|.txt)*$/giym').engine).toBe('re2');
  });

  it.each(FLAGS)('gives the JS RegExp’s answer for every pattern and value (flags %j)', (flags) => {
    const differences: string[] = [];
    for (const pattern of PATTERNS) {
      const js = new RegExp(pattern, flags);
      const ours = compileWhenRegex(`/${pattern}/${flags}`);
      // The one deliberate difference (whenClause.ts): `^`/`$` under m in a pattern a backtracking engine cannot run
      // safely see only \n as a line end on re2js.
      const exempt = (value: unknown) =>
        flags.includes('m') &&
        !hasBoundedBacktracking(pattern) &&
        /[\r\u2028\u2029]/.test(String(value)) &&
        /[$^]/.test(pattern);
      for (const value of VALUES)
        if (!exempt(value) && js.test(value as string) !== ours.test(value))
          differences.push(`/${pattern}/${flags} on ${JSON.stringify(value)} (${ours.engine})`);
    }
    expect(differences).toEqual([]);
  });

  it('runs on re2js whatever the nesting, so a hostile pattern cannot freeze resolve()', () => {
    for (const pattern of ['^(a+)+$', '^(a|a)*$', '^(\\w+\\s?)*$', '(x+x+)+y', 'a*a*a*a*a*a*a*b']) {
      const regex = compileWhenRegex(`/${pattern}/`);
      expect(regex.engine).toBe('re2');
      expect(regex.test(`${'a'.repeat(50_000)}!`)).toBe(false);
    }
  });

  it('runs what RE2 cannot express on the JS RegExp only when its backtracking is bounded, and refuses the rest with a reason', () => {
    expect(compileWhenRegex('/(a)\\1/').engine).toBe('js');
    expect(compileWhenRegex('/^foo(?=bar)/').test('foobar')).toBe(true);
    expect(compileWhenRegex('/\\p{L}+/u').test('é')).toBe(true);
    for (const lexeme of ['/(a+)+\\1/', '/(?=a*)b*$/', '/^(a+)+$/u', '/é*ü*/i'])
      expect(() => compileWhenRegex(lexeme)).toThrow(/needs a backtracking engine .* exponential time/);
    expect(hasBoundedBacktracking('(?:ab)+c')).toBe(true); // `(?:` is no quantifier
    expect(hasBoundedBacktracking('a*b*')).toBe(false);
    expect(hasBoundedBacktracking('(a|b)*')).toBe(false);
  });

  it('makes only the refused tool inert, with a when-invalid diagnostic', () => {
    const registry = createToolRegistry();
    registry.registerTool(def('backref_nested', { when: 'k =~ /^(a+)+\\1$/' }), recordingTool('b'));
    registry.registerTool(def('plain_tool'), recordingTool('p'));
    const resolved = registry.resolve({ model: models.gpt41, context: { k: 'aa' } });
    expect(names(resolved)).toEqual(['plain_tool']);
    expect(resolved.diagnostics).toEqual([
      expect.objectContaining({
        code: 'when-invalid',
        toolName: 'backref_nested',
        message: expect.stringContaining('backtracking engine'),
      }),
    ]);
  });
});
