// The tokens of a when clause, cut exactly as VS Code's context-key scanner cuts them
// (vs/platform/contextkey/common/scanner.ts): the differential spec holds us to it.
// Notable consequences of VS Code's rules:
// - a word runs over [A-Za-z0-9_<>\-./\\:*?+[\]^,#@;"%$ and letters], so `vim.use<C-r>`, `a<b`,
//   `path/x` and `"quoted"` are single words: only a `<`/`>` that starts a token is an operator;
// - double quotes are word characters, not delimiters (`a == "b"` compares with `"b"`, quotes kept);
// - a character that is neither an operator, a quote, a slash nor a word character is skipped.

export enum TokenType {
  LParen,
  RParen,
  Neg,
  Eq,
  NotEq,
  Lt,
  LtEq,
  Gt,
  GtEq,
  RegexOp,
  RegexStr,
  True,
  False,
  In,
  Not,
  And,
  Or,
  Str,
  QuotedStr,
  EOF,
}

export interface Token {
  readonly type: TokenType;
  readonly offset: number;
  /** The text of a word, a quoted string (without its quotes) or a regex literal (with slashes and flags). */
  readonly lexeme?: string;
}

export interface ScanError {
  readonly offset: number;
  readonly detail: string;
}

const WORD = /[a-zA-Z0-9_<>\-./\\:*?+[\]^,#@;"%$\p{L}-]+/uy;
const REGEX_FLAGS = new Set(['i', 'g', 's', 'm', 'y', 'u']);
const KEYWORDS = new Map<string, TokenType>([
  ['not', TokenType.Not],
  ['in', TokenType.In],
  ['false', TokenType.False],
  ['true', TokenType.True],
]);
const WHITESPACE = new Set([' ', '\r', '\t', '\n', '\u00a0']);

export function describeToken(token: Token): string {
  switch (token.type) {
    case TokenType.EOF:
      return 'the end';
    case TokenType.Str:
    case TokenType.RegexStr:
      return `'${token.lexeme}'`;
    case TokenType.QuotedStr:
      return `'${token.lexeme}' (quoted)`;
    default:
      return `'${OPERATOR_TEXT[token.type] ?? '?'}'`;
  }
}

const OPERATOR_TEXT: Partial<Record<TokenType, string>> = {
  [TokenType.LParen]: '(',
  [TokenType.RParen]: ')',
  [TokenType.Neg]: '!',
  [TokenType.Eq]: '==',
  [TokenType.NotEq]: '!=',
  [TokenType.Lt]: '<',
  [TokenType.LtEq]: '<=',
  [TokenType.Gt]: '>',
  [TokenType.GtEq]: '>=',
  [TokenType.RegexOp]: '=~',
  [TokenType.True]: 'true',
  [TokenType.False]: 'false',
  [TokenType.In]: 'in',
  [TokenType.Not]: 'not',
  [TokenType.And]: '&&',
  [TokenType.Or]: '||',
};

/** Cuts `input` into tokens (ending with EOF). VS Code reports a clause with any scan error as malformed. */
export function scanWhenClause(input: string): { tokens: Token[]; errors: ScanError[] } {
  const tokens: Token[] = [];
  const errors: ScanError[] = [];
  let pos = 0;
  const match = (ch: string) => (pos < input.length && input[pos] === ch ? (pos++, true) : false);

  while (pos < input.length) {
    const start = pos;
    const ch = input[pos++];
    switch (ch) {
      case '(':
        tokens.push({ type: TokenType.LParen, offset: start });
        break;
      case ')':
        tokens.push({ type: TokenType.RParen, offset: start });
        break;
      case '!':
        if (match('=')) {
          match('=');
          tokens.push({ type: TokenType.NotEq, offset: start });
        } else tokens.push({ type: TokenType.Neg, offset: start });
        break;
      case "'": {
        const end = input.indexOf("'", pos);
        if (end < 0) {
          pos = input.length;
          errors.push({ offset: start, detail: 'unterminated string; did you forget to close the quote?' });
        } else {
          tokens.push({ type: TokenType.QuotedStr, offset: start + 1, lexeme: input.slice(pos, end) });
          pos = end + 1;
        }
        break;
      }
      case '/':
        pos = scanRegex(input, start, tokens, errors);
        break;
      case '=':
        if (match('=')) {
          match('=');
          tokens.push({ type: TokenType.Eq, offset: start });
        } else if (match('~')) tokens.push({ type: TokenType.RegexOp, offset: start });
        else errors.push({ offset: start, detail: "unknown operator '='; did you mean '==' or '=~'?" });
        break;
      case '<':
        tokens.push({ type: match('=') ? TokenType.LtEq : TokenType.Lt, offset: start });
        break;
      case '>':
        tokens.push({ type: match('=') ? TokenType.GtEq : TokenType.Gt, offset: start });
        break;
      case '&':
        if (match('&')) tokens.push({ type: TokenType.And, offset: start });
        else errors.push({ offset: start, detail: "unknown operator '&'; did you mean '&&'?" });
        break;
      case '|':
        if (match('|')) tokens.push({ type: TokenType.Or, offset: start });
        else errors.push({ offset: start, detail: "unknown operator '|'; did you mean '||'?" });
        break;
      default: {
        if (WHITESPACE.has(ch)) break;
        WORD.lastIndex = start;
        const word = WORD.exec(input);
        if (word) {
          pos = start + word[0].length;
          const keyword = KEYWORDS.get(word[0]);
          tokens.push(
            keyword === undefined
              ? { type: TokenType.Str, offset: start, lexeme: word[0] }
              : { type: keyword, offset: start },
          );
        }
        // else: VS Code skips a character it has no rule for.
      }
    }
  }
  tokens.push({ type: TokenType.EOF, offset: input.length });
  return { tokens, errors };
}

/** `/…/flags`: a slash inside [...] or after a backslash does not end the pattern; flags are any of igsmyu. */
function scanRegex(input: string, start: number, tokens: Token[], errors: ScanError[]): number {
  let p = start + 1;
  let inEscape = false;
  let inClass = false;
  for (;;) {
    if (p >= input.length) {
      errors.push({
        offset: start,
        detail: "unterminated regular expression; did you forget to escape a '/' as '\\/'?",
      });
      return input.length;
    }
    const ch = input[p];
    if (inEscape) inEscape = false;
    else if (ch === '/' && !inClass) {
      p++;
      break;
    } else if (ch === '[') inClass = true;
    else if (ch === '\\') inEscape = true;
    else if (ch === ']') inClass = false;
    p++;
  }
  while (p < input.length && REGEX_FLAGS.has(input[p])) p++;
  tokens.push({ type: TokenType.RegexStr, offset: start, lexeme: input.slice(start, p) });
  return p;
}
