import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import { parseWhenClause, WhenClauseError } from './whenClause';

const evaluate = (source: string, context: Record<string, unknown>) => parseWhenClause(source).evaluate(context);
const malformed = (source: string) => {
  try {
    parseWhenClause(source);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(WhenClauseError);
    return (error as WhenClauseError).message;
  }
};

describe('when clauses', () => {
  it('evaluates bare keys, ! and true/false', () => {
    expect(evaluate('gitOpen', { gitOpen: 1 })).toBe(true);
    expect(evaluate('gitOpen', {})).toBe(false);
    expect(evaluate('!gitOpen', {})).toBe(true);
    expect(evaluate('!true', {})).toBe(false);
    expect(evaluate('!false', {})).toBe(true);
    expect(evaluate('true', {})).toBe(true);
    expect(evaluate('false', {})).toBe(false);
  });

  it('compares with == and != loosely, like VS Code', () => {
    expect(evaluate("debugState == 'stopped'", { debugState: 'stopped' })).toBe(true);
    expect(evaluate('debugState == stopped', { debugState: 'running' })).toBe(false);
    expect(evaluate('count == 2', { count: 2 })).toBe(true);
    expect(evaluate("debugState != 'stopped'", { debugState: 'running' })).toBe(true);
    expect(evaluate('debugState === stopped', { debugState: 'stopped' })).toBe(true);
    expect(evaluate('debugState !== stopped', { debugState: 'stopped' })).toBe(false);
    expect(evaluate('flag == true', { flag: 'yes' })).toBe(true);
    expect(evaluate('flag == false', { flag: 0 })).toBe(true);
    // Quoted 'true' is a string comparison, as in VS Code: true == 'true' is false in JavaScript.
    expect(evaluate("flag == 'true'", { flag: true })).toBe(false);
    expect(evaluate("flag == 'true'", { flag: 'true' })).toBe(true);
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
    expect(evaluate('n =~ /^4/', { n: 42 })).toBe(true);
  });

  it('supports in and not in over arrays and objects', () => {
    expect(evaluate('lang in supported', { lang: 'ts', supported: ['ts', 'js'] })).toBe(true);
    expect(evaluate('lang in supported', { lang: 'py', supported: ['ts', 'js'] })).toBe(false);
    expect(evaluate('lang not in supported', { lang: 'py', supported: ['ts'] })).toBe(true);
    expect(evaluate('lang in map', { lang: 'ts', map: { ts: 1 } })).toBe(true);
    expect(evaluate('lang in missing', { lang: 'ts' })).toBe(false);
  });

  it('compares numbers with < <= > >= (the key parsed with parseFloat, like VS Code)', () => {
    expect(evaluate('gitOpenRepositoryCount > 0', { gitOpenRepositoryCount: 1 })).toBe(true);
    expect(evaluate('gitOpenRepositoryCount > 0', { gitOpenRepositoryCount: 0 })).toBe(false);
    expect(evaluate('n >= 2 && n <= 3', { n: '2' })).toBe(true);
    expect(evaluate('n > 1', { n: '2px' })).toBe(true);
    expect(evaluate('n < 2', { n: 'abc' })).toBe(false);
    expect(evaluate('n < 2', {})).toBe(false);
  });

  it('reads only the context’s own keys (VS Code’s context has no prototype)', () => {
    expect(evaluate('toString', {})).toBe(false);
    expect(evaluate('!constructor', {})).toBe(true);
  });

  it('lists the keys a clause reads', () => {
    expect([...parseWhenClause("a && b == 'x' || !c || d in e").keys].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...parseWhenClause("d in 'e f'").keys].sort()).toEqual(['d', 'e f']);
  });

  describe('issue #10: divergences from VS Code', () => {
    it('reads keys holding < and > (VS Code #111899): only an operator that starts a token compares', () => {
      expect(evaluate('vim.use<C-r>', { 'vim.use<C-r>': true })).toBe(true);
      expect(evaluate('fee.bee<K-loo+1> && x', { 'fee.bee<K-loo+1>': 1, x: 1 })).toBe(true);
      expect(evaluate('a<b', { 'a<b': 1, a: 0 })).toBe(true);
      expect(evaluate('a < 2', { a: 1 })).toBe(true);
      expect([...parseWhenClause('vim.use<C-r>').keys]).toEqual(['vim.use<C-r>']);
    });

    it('drops the g and y regex flags, so a clause answers the same on every request', () => {
      for (const source of ['foo =~ /zee/g', 'foo =~ /zee/y', 'foo =~ /zee/gy']) {
        const clause = parseWhenClause(source);
        expect([1, 2, 3, 4].map(() => clause.evaluate({ foo: 'zee' }))).toEqual([true, true, true, true]);
      }
    });

    it.each(["!b == 'true'", '!!foo', '!a in b', '!a =~ /x/', '!a > 1', "!'x'", '!in'])(
      'refuses %j: ! applies only to a key, true, false or (…)',
      (source) => {
        expect(malformed(source)).toContain("'!' applies to");
      },
    );

    it('accepts ! before a key, a constant or a parenthesised expression', () => {
      expect(evaluate("!(b == 'true')", { b: 'true' })).toBe(false);
      expect(evaluate('!(a in b)', { a: 'x', b: ['x'] })).toBe(false);
    });

    it('takes a quoted container after in, limits regex flags to igsmyu and refuses `a == not`', () => {
      expect(evaluate("a in 'b c'", { a: 'x', 'b c': ['x'] })).toBe(true);
      expect(evaluate("a not in 'b c'", { a: 'x', 'b c': ['y'] })).toBe(true);
      expect(malformed('a =~ /x/d')).toContain("unexpected 'd'");
      expect(malformed('a =~ /x/ii')).toContain('invalid regular expression /x/ii');
      expect(malformed('a == not')).toContain("unexpected 'not'");
      expect(evaluate('a =~ /x/gg', { a: 'x' })).toBe(true); // VS Code removes every g before compiling
    });

    it('compiles an oversized regex at parse time: the clause is a diagnostic, other tools are sent', () => {
      const huge = `k =~ /${'a'.repeat(33_000)}/`; // V8 accepts it in new RegExp() and throws on the first test()
      expect(malformed(huge)).toMatch(
        /invalid regular expression \/a+…a+\/ \(33002 characters\): Regular expression too large/,
      );
      const registry = createToolRegistry();
      registry.registerTool(def('huge_when', { when: huge }), recordingTool('h'));
      registry.registerTool(def('plain_tool'), recordingTool('p'));
      const resolved = registry.resolve({ model: models.gpt41, context: { k: 'ab' } });
      expect(names(resolved)).toEqual(['plain_tool']);
      expect(resolved.diagnostics).toEqual([expect.objectContaining({ code: 'when-invalid', toolName: 'huge_when' })]);
      expect(resolved.diagnostics[0].message.length).toBeLessThan(400);
    });

    it('runs a regex with nested repetition in linear time (re2js) instead of refusing it, as VS Code accepts it (issue 19)', () => {
      for (const pattern of ['^(a+)+$', '(a|a)*', '(\\w+\\s?)*$', '(?:a*){11,}', '.md(.yml|.txt)*$'])
        expect(malformed(`k =~ /${pattern}/`)).toBeUndefined();
      const registry = createToolRegistry();
      registry.registerTool(def('nested_regex', { when: 'k =~ /^(a+)+$/' }), recordingTool('b'));
      registry.registerTool(def('plain_tool'), recordingTool('p'));
      expect(names(registry.resolve({ model: models.gpt41, context: { k: `${'a'.repeat(100_000)}b` } }))).toEqual([
        'plain_tool',
      ]); // backtracking would never end
      expect(names(registry.resolve({ model: models.gpt41, context: { k: 'aaaa' } }))).toEqual([
        'nested_regex',
        'plain_tool',
      ]);
    });
  });

  describe('VS Code behaviour kept on purpose', () => {
    it('negates a comparison into the opposite comparison: both are false for a non-number', () => {
      expect(evaluate('!(n > 1)', {})).toBe(false);
      expect(evaluate('!(n > 1)', { n: 1 })).toBe(true);
      expect(evaluate('n > 1 || n <= 1', {})).toBe(true); // VS Code folds `x || !x` to true
      expect(evaluate('!(n > 1 && b)', { b: true })).toBe(false);
    });

    it('keeps double quotes inside a word, compares `a == ` with the empty string and `a > x` as false', () => {
      expect(evaluate('a == "b"', { a: 'b' })).toBe(false);
      expect(evaluate('a == "b"', { a: '"b"' })).toBe(true);
      expect(evaluate('a == ', { a: '' })).toBe(true);
      expect(evaluate('a > x', { a: 5 })).toBe(false);
      expect(evaluate('!(a > x)', { a: 5 })).toBe(false);
    });
  });

  describe('deliberate differences from VS Code (table in whenClause.ts)', () => {
    it('does not match a regex against an unset or null key (VS Code tests the text "undefined")', () => {
      expect(evaluate('z =~ /d.*/', {})).toBe(false);
      expect(evaluate('z =~ /ul/', { z: null })).toBe(false);
      expect(evaluate('!(z =~ /d.*/)', {})).toBe(true);
    });

    it('reads platform keys (isMac, isLinux, …) from the context instead of VS Code’s constants', () => {
      expect(evaluate('isLinux', {})).toBe(false);
      expect(evaluate('isMac || isWindows', { isWindows: true })).toBe(true);
    });

    it('keeps two regexes on one key that differ only in flags (VS Code drops one)', () => {
      expect(evaluate('k =~ /x/ || k =~ /x/i', { k: 'X' })).toBe(true);
    });

    it('does not expand a conjunction of disjunctions (VS Code builds 2^n terms and hangs from n = 12)', () => {
      const source = Array.from({ length: 24 }, (_, i) => `(a${i} || b${i})`).join(' && ');
      const all = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`a${i}`, 1]));
      expect(evaluate(source, { a3: 1 })).toBe(false);
      expect(evaluate(source, all)).toBe(true);
      expect(evaluate(`!(${source})`, { a3: 1 })).toBe(true);
      expect(evaluate(`!(${source})`, all)).toBe(false);
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'unexpected end'],
    ['a &&', 'unexpected end'],
    ['&& a', "unexpected '&&'"],
    ['(a || b', "missing ')'"],
    ['()', "unexpected ')'"],
    ["a == 'x", 'unterminated string'],
    ['a =~ /x', 'unterminated regular expression'],
    ['a =~ x', 'expected a regular expression'],
    ["a =~ '/x/'", 'expected a regular expression'],
    ['a =~ /(/', 'invalid regular expression'],
    ['a b', "unexpected 'b'"],
    ['a not b', "expected 'in' after 'not'"],
    ['a = b', "unknown operator '='"],
    ['a & b', "unknown operator '&'"],
    ['in a', "unexpected 'in'"],
    ['true == a', "unexpected '=='"],
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
