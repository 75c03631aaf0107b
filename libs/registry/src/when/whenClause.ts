// VS Code's context-key expression language, read exactly as VS Code reads a contributed tool's
// `when` (ContextKeyExpr.deserialize, vs/platform/contextkey/common/contextkey.ts), parsed once.
//   expr    := and ('||' and)*
//   and     := term ('&&' term)*
//   term    := '!' (KEY | 'true' | 'false' | '(' expr ')') | primary
//   primary := 'true' | 'false' | '(' expr ')' | KEY [op]
//   op      := ('=='|'==='|'!='|'!==') value | '=~' REGEX | ['not'] 'in' value | ('<'|'<='|'>'|'>=') value
//   value   := WORD | 'quoted' | 'true' | 'false' | 'in' | nothing (VS Code accepts `a == ` as `a == ''`)
// So `!` applies only to a key, a constant or a parenthesised expression (`!a == b`, `!!a` are
// malformed), and a malformed clause makes the tool inert — VS Code, reading the generated
// package.json, would give the tool no condition at all, so we refuse what it refuses.
// whenClause.differential.spec.ts checks this against VS Code's own code.
//
// Deliberate differences from VS Code (each has a spec in whenClause.spec.ts):
// | clause / context                   | VS Code                         | here          | why
// | `k =~ /d.*/`, k unset or null       | true: tests the text 'undefined'| false         | a regex over a missing value is an accident
// | `k =~ /^(a+)+$/` (nested repeats)   | JS RegExp, 13 s on 'aaa…b'      | re2js, linear | one pack must not freeze resolve() for all;
// |                                     |                                 | same answers  |   whenClauseRegex.ts translates exactly
// | `k =~ /(a+)+\1/`, `/(a+)+$/u`: what | accepted, exponential           | malformed     | RE2 cannot express it and backtracking is
// |   RE2 cannot run, unbounded nesting |                                 |               |   unbounded (bounded ones run on JS RegExp)
// | `/^(a+)+$/m` on a value with \r,    | JS line ends                    | \n only       | the JS RegExp is unsafe there, RE2 sees \n
// |   U+2028 or U+2029                  |                                 |               |   (a bounded pattern runs on JS: exact)
// | `isMac`, `isLinux`, `isWindows`,    | replaced by VS Code's platform  | read from the | the registry also runs headless and for
// |   `isWeb`, … (platform constants)   |   constants at parse time       |   context     |   remote clients: the host says
// | `k =~ /x/ || k =~ /x/i`             | one term dropped (same source)  | both kept     | VS Code compares regexes without flags
// | `(a||b) && (c||d) && …`, n pairs    | expanded to 2^n terms at parse: | not expanded  | same truth value, linear cost
// |                                     |   n=10 0.5 s, n=12 over 120 s   |               |
// Kept on purpose although accidental: double quotes are part of a word (`a == "b"` compares
// with `"b"`, quotes included); `a == ` compares with ''; `a > x` is false for a non-number x.

import type { ContextKeys } from '../definitions';
import {
  comparisonBound,
  evaluate,
  ExprBuilder,
  FALSE,
  negate,
  TRUE,
  type Comparison,
  type WhenExpr,
} from './whenClauseExpr';
import { compileWhenRegex } from './whenClauseRegex';
import { describeToken, scanWhenClause, TokenType, type Token } from './whenClauseScanner';

export interface WhenClause {
  readonly source: string;
  /** Context keys the clause reads: resolution caches on these keys' values only. */
  readonly keys: readonly string[];
  evaluate(context: ContextKeys): boolean;
  /** The keys of the conditions that make the clause false in `context` (empty when it is true), in clause order. */
  falseKeys(context: ContextKeys): string[];
}

export class WhenClauseError extends Error {
  constructor(
    readonly source: string,
    readonly offset: number,
    detail: string,
  ) {
    super(
      `Invalid when clause \`${source.length > 120 ? `${source.slice(0, 100)}…` : source}\` at offset ${offset}: ${detail}`,
    );
    this.name = 'WhenClauseError';
  }
}

const COMPARISONS = new Map<TokenType, Comparison>([
  [TokenType.Lt, '<'],
  [TokenType.LtEq, '<='],
  [TokenType.Gt, '>'],
  [TokenType.GtEq, '>='],
]);

const OPERATORS = new Set([
  TokenType.Eq,
  TokenType.NotEq,
  TokenType.RegexOp,
  TokenType.In,
  TokenType.Not,
  ...COMPARISONS.keys(),
]);

class Parser {
  private current = 0;
  readonly keys = new Set<string>();
  private readonly build = new ExprBuilder();

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  // `negated` is the polarity: inside `!(…)` the parser builds the negation directly (De Morgan,
  // leaves negated), so nested `!(…)` costs nothing more than the text, instead of re-negating the subtree.
  parse(): WhenExpr {
    const expr = this.parseOr(false);
    if (this.peek().type !== TokenType.EOF)
      this.fail(this.peek(), `unexpected ${describeToken(this.peek())}; expected '&&', '||' or the end`);
    return expr;
  }

  private parseOr(negated: boolean): WhenExpr {
    const parts = [this.parseAnd(negated)];
    while (this.eat(TokenType.Or)) parts.push(this.parseAnd(negated));
    return parts.length === 1 ? parts[0] : negated ? this.build.and(parts) : this.build.or(parts);
  }

  private parseAnd(negated: boolean): WhenExpr {
    const parts = [this.parseTerm(negated)];
    while (this.eat(TokenType.And)) parts.push(this.parseTerm(negated));
    return parts.length === 1 ? parts[0] : negated ? this.build.or(parts) : this.build.and(parts);
  }

  private parseTerm(negated: boolean): WhenExpr {
    if (!this.eat(TokenType.Neg)) return this.parsePrimary(negated);
    const next = this.advance();
    switch (next.type) {
      case TokenType.True:
        return negated ? TRUE : FALSE;
      case TokenType.False:
        return negated ? FALSE : TRUE;
      case TokenType.LParen:
        return this.parseParenthesised(next, !negated);
      case TokenType.Str: {
        this.keys.add(next.lexeme!);
        const op = this.peek();
        if (OPERATORS.has(op.type))
          this.fail(
            op,
            `'!' applies to the key '${next.lexeme}' alone, so ${describeToken(op)} cannot follow; write '!(${next.lexeme} …)'`,
          );
        return { type: negated ? 'has' : 'not', key: next.lexeme! };
      }
      default:
        return this.fail(
          next,
          `'!' applies to a context key, true, false or '(…)', not to ${describeToken(next)}; write '!(…)' or use '!='`,
        );
    }
  }

  private parsePrimary(negated: boolean): WhenExpr {
    const token = this.advance();
    switch (token.type) {
      case TokenType.True:
        return negated ? FALSE : TRUE;
      case TokenType.False:
        return negated ? TRUE : FALSE;
      case TokenType.LParen:
        return this.parseParenthesised(token, negated);
      case TokenType.Str: {
        const leaf = this.parseOperator(token.lexeme!);
        return negated ? negate(leaf) : leaf;
      }
      case TokenType.EOF:
        return this.fail(token, 'unexpected end; expected a context key, true, false, ! or (');
      default:
        return this.fail(token, `unexpected ${describeToken(token)}; expected a context key, true, false, ! or (`);
    }
  }

  private parseParenthesised(open: Token, negated: boolean): WhenExpr {
    const inner = this.parseOr(negated);
    if (!this.eat(TokenType.RParen))
      this.fail(this.peek(), `missing ')' for the '(' at offset ${open.offset}; found ${describeToken(this.peek())}`);
    return inner;
  }

  private parseOperator(key: string): WhenExpr {
    this.keys.add(key);
    const op = this.peek();
    if (this.eat(TokenType.RegexOp)) {
      const regex = this.advance();
      if (regex.type !== TokenType.RegexStr)
        this.fail(regex, `expected a regular expression like /pattern/flags after '=~', found ${describeToken(regex)}`);
      try {
        return { type: 'regex', key, regex: compileWhenRegex(regex.lexeme!) };
      } catch (error) {
        return this.fail(regex, (error as Error).message);
      }
    }
    if (this.eat(TokenType.Not)) {
      if (!this.eat(TokenType.In))
        this.fail(this.peek(), `expected 'in' after 'not', found ${describeToken(this.peek())}`);
      return { type: 'notIn', key, container: this.container() };
    }
    if (this.eat(TokenType.In)) return { type: 'in', key, container: this.container() };
    if (this.eat(TokenType.Eq) || this.eat(TokenType.NotEq)) {
      const [value, quoted] = this.value();
      // Like VS Code: unquoted true/false test truthiness (`k == true` is `k`); quoted ones compare.
      const expr: WhenExpr =
        !quoted && value === 'true'
          ? { type: 'has', key }
          : !quoted && value === 'false'
            ? { type: 'not', key }
            : { type: 'equals', key, value };
      return op.type === TokenType.Eq ? expr : negate(expr);
    }
    const comparison = COMPARISONS.get(op.type);
    if (comparison) {
      this.advance();
      return { type: 'compare', key, op: comparison, bound: comparisonBound(this.value()[0]) };
    }
    return { type: 'has', key };
  }

  private container(): string {
    const [container] = this.value();
    this.keys.add(container);
    return container;
  }

  /** VS Code's `_value`: a word, quoted string, true/false/in, or '' without consuming anything. */
  private value(): [value: string, quoted: boolean] {
    const token = this.peek();
    switch (token.type) {
      case TokenType.Str:
      case TokenType.QuotedStr:
        this.advance();
        return [token.lexeme!, token.type === TokenType.QuotedStr];
      case TokenType.True:
      case TokenType.False:
      case TokenType.In:
        this.advance();
        return [token.type === TokenType.True ? 'true' : token.type === TokenType.False ? 'false' : 'in', false];
      default:
        return ['', false];
    }
  }

  private peek(): Token {
    return this.tokens[this.current];
  }

  private advance(): Token {
    const token = this.tokens[this.current];
    if (token.type !== TokenType.EOF) this.current++;
    return token;
  }

  private eat(type: TokenType): boolean {
    if (this.peek().type !== type) return false;
    this.current++;
    return true;
  }

  private fail(token: Token, detail: string): never {
    throw new WhenClauseError(this.source, token.offset, detail);
  }
}

/** Parses a when clause; throws WhenClauseError with the offset and what was expected. */
export function parseWhenClause(source: string): WhenClause {
  if (source === '') throw new WhenClauseError(source, 0, 'the clause is empty; omit `when` to always show the tool');
  const { tokens, errors } = scanWhenClause(source);
  if (errors.length > 0) throw new WhenClauseError(source, errors[0].offset, errors[0].detail);
  const parser = new Parser(source, tokens);
  const expr = parser.parse();
  return {
    source,
    keys: [...parser.keys],
    evaluate: (context) => evaluate(expr, context),
    falseKeys: (context) => [...new Set(falseKeys(expr, context))],
  };
}

/** The keys of the conditions that decide a false clause: every false part of an `and`, every part of a false `or`. */
function falseKeys(expr: WhenExpr, context: ContextKeys): string[] {
  if (evaluate(expr, context)) return [];
  switch (expr.type) {
    case 'true':
    case 'false':
      return [];
    case 'and':
    case 'or':
      return expr.parts.flatMap((part) => falseKeys(part, context));
    case 'in':
    case 'notIn':
      return [expr.key, expr.container];
    default:
      return [expr.key];
  }
}
