import { parseWhenClause, WhenClauseError } from './whenClause';

const evaluate = (source: string, context: Record<string, unknown>) => parseWhenClause(source).evaluate(context);

describe('when clauses', () => {
  it('evaluates bare keys, ! and true/false', () => {
    expect(evaluate('gitOpen', { gitOpen: 1 })).toBe(true);
    expect(evaluate('gitOpen', {})).toBe(false);
    expect(evaluate('!gitOpen', {})).toBe(true);
    expect(evaluate('!!gitOpen', { gitOpen: true })).toBe(true);
    expect(evaluate('true', {})).toBe(true);
    expect(evaluate('false', {})).toBe(false);
  });

  it('compares with == and != loosely, like VS Code', () => {
    expect(evaluate("debugState == 'stopped'", { debugState: 'stopped' })).toBe(true);
    expect(evaluate('debugState == stopped', { debugState: 'running' })).toBe(false);
    expect(evaluate('count == 2', { count: 2 })).toBe(true);
    expect(evaluate('debugState != "stopped"', { debugState: 'running' })).toBe(true);
    expect(evaluate('debugState === stopped', { debugState: 'stopped' })).toBe(true);
    expect(evaluate('debugState !== stopped', { debugState: 'stopped' })).toBe(false);
    expect(evaluate('flag == true', { flag: 'yes' })).toBe(true);
    expect(evaluate('flag == false', { flag: 0 })).toBe(true);
  });

  it('gives ! a higher precedence than && and && a higher one than ||', () => {
    expect(evaluate('a || b && c', { a: true })).toBe(true);
    expect(evaluate('(a || b) && c', { a: true })).toBe(false);
    expect(evaluate('!a && b', { a: false, b: true })).toBe(true);
    expect(evaluate('!(a && b)', { a: true, b: true })).toBe(false);
    expect(evaluate('a && (b || !c)', { a: 1, c: 0 })).toBe(true);
  });

  it('matches regular expressions with flags', () => {
    expect(evaluate('resourceFilename =~ /^docker/i', { resourceFilename: 'Dockerfile' })).toBe(true);
    expect(evaluate('resourceFilename =~ /^docker/', { resourceFilename: 'Dockerfile' })).toBe(false);
    expect(evaluate('path =~ /a\\/b/', { path: 'x/a/b' })).toBe(true);
    expect(evaluate('path =~ /[/]x/', { path: 'a/x' })).toBe(true);
    expect(evaluate('missing =~ /undefined/', {})).toBe(false);
  });

  it('supports in and not in over arrays and objects', () => {
    expect(evaluate('lang in supported', { lang: 'ts', supported: ['ts', 'js'] })).toBe(true);
    expect(evaluate('lang in supported', { lang: 'py', supported: ['ts', 'js'] })).toBe(false);
    expect(evaluate('lang not in supported', { lang: 'py', supported: ['ts'] })).toBe(true);
    expect(evaluate('lang in map', { lang: 'ts', map: { ts: 1 } })).toBe(true);
    expect(evaluate('lang in missing', { lang: 'ts' })).toBe(false);
  });

  it('compares numbers with < <= > >=', () => {
    expect(evaluate('gitOpenRepositoryCount > 0', { gitOpenRepositoryCount: 1 })).toBe(true);
    expect(evaluate('gitOpenRepositoryCount > 0', { gitOpenRepositoryCount: 0 })).toBe(false);
    expect(evaluate('n >= 2 && n <= 3', { n: '2' })).toBe(true);
    expect(evaluate('n < 2', { n: 'abc' })).toBe(false);
    expect(evaluate('n < 2', {})).toBe(false);
  });

  it('lists the keys a clause reads', () => {
    expect([...parseWhenClause("a && b == 'x' || !c || d in e").keys].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it.each([
    ['', 'empty'],
    ['a &&', 'unexpected end'],
    ['&& a', "unexpected '&'"],
    ['(a || b', "missing ')'"],
    ["a == 'x", 'unterminated string'],
    ['a =~ /x', 'unterminated regular expression'],
    ['a =~ x', 'expected a regular expression'],
    ['a =~ /(/', 'invalid regular expression'],
    ['a > b', 'needs a number'],
    ['a b', "unexpected 'b'"],
    ['a not b', "expected 'in' after 'not'"],
    ['a in', "expected a context key after 'in'"],
    ['a = b', "unknown operator"],
    ['in a', "'in' needs a key on its left"],
  ])('rejects %j with a message that says where and why', (source, detail) => {
    let error: unknown;
    try {
      parseWhenClause(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WhenClauseError);
    expect((error as Error).message).toContain(detail);
    expect((error as WhenClauseError).offset).toBeGreaterThanOrEqual(0);
  });
});
