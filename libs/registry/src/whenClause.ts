// VS Code's context-key expression language, parsed once into a closure.
//   or     := and ('||' and)*
//   and    := unary ('&&' unary)*
//   unary  := '!' unary | '(' or ')' | 'true' | 'false' | key [op]
//   op     := ('=='|'==='|'!='|'!==') value | '=~' /regex/flags | ['not'] 'in' key | ('<'|'<='|'>'|'>=') number
// Semantics follow VS Code: `==` is loose equality, `key == true` means "key is truthy",
// comparisons parse the key's value as a number (false when it is not one).

import type { ContextKeys } from './types';

export interface WhenClause {
  readonly source: string;
  /** Context keys the clause reads: resolution caches on these keys' values only. */
  readonly keys: readonly string[];
  evaluate(context: ContextKeys): boolean;
}

export class WhenClauseError extends Error {
  constructor(
    readonly source: string,
    readonly offset: number,
    detail: string,
  ) {
    super(`Invalid when clause \`${source}\` at offset ${offset}: ${detail}`);
    this.name = 'WhenClauseError';
  }
}

type Predicate = (context: ContextKeys) => boolean;

const WORD_STOP = /[\s()!&|=<>'"~]/;

class Parser {
  private pos = 0;
  readonly keys = new Set<string>();

  constructor(private readonly text: string) {}

  parse(): Predicate {
    this.skipSpace();
    if (this.pos >= this.text.length) this.fail('the clause is empty; omit `when` to always show the tool');
    const result = this.parseOr();
    this.skipSpace();
    if (this.pos < this.text.length) this.fail(`unexpected '${this.text.slice(this.pos, this.pos + 8)}'; expected '&&', '||' or the end`);
    return result;
  }

  private parseOr(): Predicate {
    const parts = [this.parseAnd()];
    while (this.eat('||')) parts.push(this.parseAnd());
    return parts.length === 1 ? parts[0] : (ctx) => parts.some((p) => p(ctx));
  }

  private parseAnd(): Predicate {
    const parts = [this.parseUnary()];
    while (this.eat('&&')) parts.push(this.parseUnary());
    return parts.length === 1 ? parts[0] : (ctx) => parts.every((p) => p(ctx));
  }

  private parseUnary(): Predicate {
    this.skipSpace();
    if (this.peek('!') && !this.peek('!=')) {
      this.pos++;
      const inner = this.parseUnary();
      return (ctx) => !inner(ctx);
    }
    if (this.eat('(')) {
      const inner = this.parseOr();
      if (!this.eat(')')) this.fail("missing ')'");
      return inner;
    }
    const start = this.pos;
    const word = this.readWord();
    if (word === undefined) this.fail(this.pos >= this.text.length ? 'unexpected end; expected a context key, `!` or `(`' : `unexpected '${this.text[this.pos]}'; expected a context key, '!' or '('`);
    if (word === 'true') return () => true;
    if (word === 'false') return () => false;
    if (word === 'not' || word === 'in') {
      this.pos = start;
      this.fail(`'${word}' needs a key on its left`);
    }
    return this.parseOperator(word);
  }

  private parseOperator(key: string): Predicate {
    this.keys.add(key);
    this.skipSpace();
    if (this.eat('===') || this.eat('==')) return this.equality(key, this.readValue());
    if (this.eat('!==') || this.eat('!=')) {
      const equals = this.equality(key, this.readValue());
      return (ctx) => !equals(ctx);
    }
    if (this.eat('=~')) {
      const regex = this.readRegex();
      return (ctx) => {
        const value = ctx[key];
        return value !== undefined && value !== null && regex.test(String(value));
      };
    }
    if (this.eat('<=')) return this.comparison(key, (a, b) => a <= b);
    if (this.eat('>=')) return this.comparison(key, (a, b) => a >= b);
    if (this.eat('<')) return this.comparison(key, (a, b) => a < b);
    if (this.eat('>')) return this.comparison(key, (a, b) => a > b);
    const save = this.pos;
    const next = this.readWord();
    if (next === 'in' || next === 'not') {
      if (next === 'not') {
        this.skipSpace();
        if (this.readWord() !== 'in') this.fail("expected 'in' after 'not'");
      }
      this.skipSpace();
      const container = this.readWord();
      if (container === undefined) this.fail(`expected a context key after '${next === 'not' ? 'not in' : 'in'}'`);
      this.keys.add(container);
      const contains: Predicate = (ctx) => {
        const source = ctx[container];
        const item = ctx[key];
        if (Array.isArray(source)) return source.includes(item);
        if (typeof item === 'string' && source !== null && typeof source === 'object') return Object.prototype.hasOwnProperty.call(source, item);
        return false;
      };
      return next === 'not' ? (ctx) => !contains(ctx) : contains;
    }
    this.pos = save;
    if (this.peek('=') || this.peek('~')) this.fail(`unknown operator '${this.text.slice(this.pos, this.pos + 3).trim()}'`);
    return (ctx) => !!ctx[key];
  }

  private equality(key: string, value: string | boolean): Predicate {
    if (value === true) return (ctx) => !!ctx[key];
    if (value === false) return (ctx) => !ctx[key];
    // eslint-disable-next-line eqeqeq -- VS Code compares with `==` so that 2 == '2'.
    return (ctx) => ctx[key] == value;
  }

  private comparison(key: string, compare: (a: number, b: number) => boolean): Predicate {
    const raw = this.readValue();
    const bound = typeof raw === 'string' ? Number.parseFloat(raw) : Number.NaN;
    if (Number.isNaN(bound)) this.fail(`a comparison needs a number on its right, got '${String(raw)}'`);
    return (ctx) => {
      const value = ctx[key];
      const actual = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
      return !Number.isNaN(actual) && compare(actual, bound);
    };
  }

  private readValue(): string | boolean {
    this.skipSpace();
    const quote = this.text[this.pos];
    if (quote === "'" || quote === '"') {
      const end = this.text.indexOf(quote, this.pos + 1);
      if (end < 0) this.fail('unterminated string');
      const value = this.text.slice(this.pos + 1, end);
      this.pos = end + 1;
      return value;
    }
    const word = this.readWord();
    if (word === undefined) this.fail('expected a value');
    if (word === 'true') return true;
    if (word === 'false') return false;
    return word;
  }

  private readRegex(): RegExp {
    this.skipSpace();
    if (this.text[this.pos] !== '/') this.fail("expected a regular expression like /pattern/flags after '=~'");
    let i = this.pos + 1;
    let inClass = false;
    for (; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '\\') i++;
      else if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) break;
    }
    if (i >= this.text.length) this.fail('unterminated regular expression');
    const pattern = this.text.slice(this.pos + 1, i);
    let end = i + 1;
    while (end < this.text.length && /[a-z]/i.test(this.text[end])) end++;
    const flags = this.text.slice(i + 1, end);
    try {
      const regex = new RegExp(pattern, flags);
      this.pos = end;
      return regex;
    } catch (error) {
      this.fail(`invalid regular expression /${pattern}/${flags}: ${(error as Error).message}`);
    }
  }

  private readWord(): string | undefined {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.text.length && !WORD_STOP.test(this.text[this.pos])) this.pos++;
    return this.pos > start ? this.text.slice(start, this.pos) : undefined;
  }

  private eat(token: string): boolean {
    this.skipSpace();
    if (this.text.startsWith(token, this.pos)) {
      this.pos += token.length;
      return true;
    }
    return false;
  }

  private peek(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private fail(detail: string): never {
    throw new WhenClauseError(this.text, this.pos, detail);
  }
}

/** Parses a when clause; throws WhenClauseError with the offset and what was expected. */
export function parseWhenClause(source: string): WhenClause {
  const parser = new Parser(source);
  const predicate = parser.parse();
  return { source, keys: [...parser.keys], evaluate: predicate };
}
