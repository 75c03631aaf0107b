// Issue 33: since `=~` moved to re2js, `a =~ /x$/ || a =~ /^a+$/` on a 50 MB value took 11 s where
// VS Code's RegExp takes milliseconds. Patterns proven to backtrack in linear time run on V8's
// RegExp (VS Code's own engine, so the same answers); everything that could blow up stays on re2js.
import { parseWhenClause } from './whenClause';
import { compileWhenRegex } from './whenClauseRegex';
import { isLinearOnBacktracking } from './whenClauseRegexLinear';

const LINEAR = [
  'x$',
  '^a+$',
  '^docker',
  '\\.md$',
  '^[^/]*\\.ts$',
  '^(?:foo|bar)baz\\d{1,3}$',
  'a{2,3}',
  '(?<ext>\\.tsx?)$',
  '^\\u00e9.*',
  '\\bfoo\\b',
  '^$',
];
const NOT_PROVEN = [
  '^(a+)+$', // a loop over a group
  '^(a|a)*$',
  'a+$', // a loop without the start anchor: quadratic on 'aaa…b'
  '.*foo',
  '^a*a*$', // two loops
  '^(?:a*b){3}', // a loop inside a repeated group
  '(a|b){1,10}', // 2,046 ways from one position
  '^(a)\\1', // a backreference
  '^foo(?=bar)', // lookaround
  '^a+|b', // an alternative without the anchor
  // One way to match, but each try walks the counted repeat from every position (quadratic): review finding.
  '.{100000}x',
  'a{100000}b',
  '(?:.{30000}){30000}x',
  '(?:(?:.{1000}){1000}){1000}x',
  '^.{2000}a+$',
];

describe('=~ on V8’s RegExp when linear time is proven (issue 33)', () => {
  it.each(LINEAR)('proves /%s/ linear and runs it on the JS RegExp', (pattern) => {
    expect(isLinearOnBacktracking(pattern, '')).toBe(true);
    expect(compileWhenRegex(`/${pattern}/`).engine).toBe('js-linear');
  });

  it.each(NOT_PROVEN)('does not prove /%s/ and leaves it to another engine', (pattern) => {
    expect(isLinearOnBacktracking(pattern, '')).toBe(false);
    // Another engine runs it, or it is refused as a clause no engine can run safely (a load-time diagnostic).
    let engine: string;
    try {
      engine = compileWhenRegex(`/${pattern}/`).engine;
    } catch (error) {
      expect(String(error)).toMatch(/rewrite it/);
      engine = 'refused';
    }
    expect(engine).not.toBe('js-linear');
  });

  it('under m, ^ anchors every line: a loop is then not proven; the v flag is not parsed', () => {
    expect(isLinearOnBacktracking('^a+$', 'm')).toBe(false);
    expect(isLinearOnBacktracking('^docker', 'm')).toBe(true);
    expect(isLinearOnBacktracking('^[a-z]+$', 'v')).toBe(false);
  });

  it('answers the issue’s clause on a large value as VS Code does', () => {
    const clause = parseWhenClause('a =~ /x$/ || a =~ /^a+$/');
    const large = 'a'.repeat(5_000_000);
    expect(clause.evaluate({ a: large })).toBe(true);
    expect(clause.evaluate({ a: `${large}b` })).toBe(false);
    expect(clause.evaluate({ a: `${large}bx` })).toBe(true);
  });

  it('keeps hostile patterns off the backtracking engine: they answer at once on a long value', () => {
    for (const pattern of ['^(a+)+$', 'a+$', '^a*a*$', '.*b']) {
      const regex = compileWhenRegex(`/${pattern}/`);
      expect(regex.engine).toBe('re2');
      expect(regex.test(`${'a'.repeat(200_000)}!`)).toBe(false);
    }
  });
});
