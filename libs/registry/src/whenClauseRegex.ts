// The `=~ /pattern/flags` operand: compiled once at parse time, so that a pattern V8 cannot run
// (too large, bad flags) is that clause's diagnostic instead of an exception in every resolve().
// Flags: VS Code's scanner accepts any of igsmyu and then drops `g` and `y` (a stateful
// `lastIndex` would make one clause answer differently on alternate requests); `/x/d` is malformed.
// Patterns whose running time can explode on a short value (a repeated group that itself repeats
// or alternates: `(a+)+`, `(a|a)*`, `(\w+\s?)*`) are refused here: a pack's clause must not freeze
// resolve() for every tool. VS Code accepts them; this is a deliberate difference (see whenClause.ts).

const MAX_REPEAT_FOR_SAFE_NESTING = 10;

/** Compiles the lexeme `/pattern/flags`; throws an Error whose message says why it is refused. */
export function compileWhenRegex(lexeme: string): RegExp {
  const closingSlash = lexeme.lastIndexOf('/');
  const pattern = lexeme.slice(1, closingSlash);
  const flags = lexeme.slice(closingSlash + 1).replace(/[gy]/g, '');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags);
    regex.test(''); // V8 compiles lazily: an oversized pattern throws here, not in a later resolve().
  } catch (error) {
    throw new Error(`invalid regular expression ${abbreviate(lexeme)}: ${describeRegexError(error)}`, { cause: error });
  }
  if (hasNestedRepetition(pattern)) {
    throw new Error(`the regular expression ${abbreviate(lexeme)} can take exponential time (a repeated group that itself repeats or alternates, like (a+)+); rewrite it without the nesting`);
  }
  return regex;
}

function describeRegexError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // V8 repeats the whole pattern in its message; keep only the reason after the last ': '.
  const reason = message.slice(message.lastIndexOf(': ') + 2);
  return reason.length > 0 && reason.length < 200 ? reason : 'rejected by the JavaScript engine';
}

function abbreviate(lexeme: string): string {
  return lexeme.length <= 60 ? lexeme : `${lexeme.slice(0, 40)}…${lexeme.slice(-10)} (${lexeme.length} characters)`;
}

interface GroupState {
  /** The group's content contains a quantifier or an alternation: it can match in several ways. */
  variable: boolean;
}

/**
 * A star-height check in the spirit of the `safe-regex` package: true when a group that can match in
 * several ways (it holds a quantifier or a `|`) is itself repeated without a small bound.
 */
export function hasNestedRepetition(pattern: string): boolean {
  const stack: GroupState[] = [{ variable: false }];
  let lastGroup: GroupState | undefined; // the group that just closed, if the previous atom is a group
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    const quantifier = readQuantifier(pattern, i);
    if (quantifier) {
      if (lastGroup?.variable && quantifier.max > MAX_REPEAT_FOR_SAFE_NESTING) return true;
      stack[stack.length - 1].variable = true;
      lastGroup = undefined;
      i += quantifier.length;
      continue;
    }
    lastGroup = undefined;
    if (ch === '\\') {
      i += 2;
    } else if (ch === '[') {
      i = skipClass(pattern, i);
    } else if (ch === '(') {
      stack.push({ variable: false });
      i++;
    } else if (ch === ')') {
      const closed = stack.length > 1 ? stack.pop()! : { variable: false };
      if (closed.variable) stack[stack.length - 1].variable = true;
      lastGroup = closed;
      i++;
    } else {
      if (ch === '|') stack[stack.length - 1].variable = true;
      i++;
    }
  }
  return false;
}

function readQuantifier(pattern: string, i: number): { max: number; length: number } | undefined {
  const ch = pattern[i];
  let length: number;
  let max: number;
  if (ch === '*' || ch === '+') [length, max] = [1, Infinity];
  else if (ch === '?') [length, max] = [1, 1];
  else if (ch === '{') {
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (!braces) return undefined;
    length = braces[0].length;
    max = braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? Infinity : Number(braces[3]);
  } else return undefined;
  if (pattern[i + length] === '?') length++; // lazy: same cost
  return { max, length };
}

function skipClass(pattern: string, start: number): number {
  let i = start + 1;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i + 1;
}
