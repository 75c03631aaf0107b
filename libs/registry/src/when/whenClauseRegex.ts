// The `=~ /pattern/flags` operand, compiled once at parse time so that a pattern V8 cannot run (too
// large, bad flags) is that clause's diagnostic instead of an exception in every resolve().
// Flags: VS Code's scanner accepts any of igsmyu and then drops `g` and `y` (a stateful `lastIndex`
// would make one clause answer differently on alternate requests); `/x/d` is malformed.
// VS Code runs the pattern on a backtracking JS RegExp, where `(a+)+$` takes seconds on a short
// value. A pattern proven to backtrack in linear time (whenClauseRegexLinear.ts: `x$`, `^a+$`,
// `^docker`) runs on that same RegExp, as fast as VS Code. Any other pattern runs on re2js (linear time, any pattern, so no guard is needed), translated
// so that it matches exactly what the JS RegExp matches (whenClauseRegexTranslate.ts). What RE2
// cannot express (backreferences, lookaround, \p, the `u` flag, non-ASCII letters under `i`) runs on
// the JS RegExp only when its backtracking is bounded: no repeated group that itself repeats or
// alternates, and at most one unbounded repetition (`a*b*c*…` on its own is already polynomial).
// Otherwise the clause is refused with a diagnostic that says why.
import type { RE2JS } from 're2js';
import { isLinearOnBacktracking } from './whenClauseRegexLinear';
import { mapValue, translateToRe2 } from './whenClauseRegexTranslate';

const MAX_REPEAT_FOR_SAFE_NESTING = 10;
const LINE_ENDS_RE2_DOES_NOT_SEE = /[\r\u2028\u2029]/;

export interface WhenRegex {
  /** As JS reports them (`source` escapes `/`), so that two clauses compare as VS Code compares them. */
  readonly source: string;
  readonly flags: string;
  /**
   * Which engine answers: 'js-linear' (V8's RegExp on a pattern proven to run in linear time), 're2'
   * (linear), or 'js' for a pattern RE2 cannot express whose backtracking is bounded.
   */
  readonly engine: 'js-linear' | 're2' | 'js';
  /** Like RegExp.prototype.test: the value as a string. */
  test(value: unknown): boolean;
}

/** Compiles the lexeme `/pattern/flags`; throws an Error whose message says why it is refused. */
export function compileWhenRegex(lexeme: string): WhenRegex {
  const closingSlash = lexeme.lastIndexOf('/');
  const pattern = lexeme.slice(1, closingSlash);
  const flags = lexeme.slice(closingSlash + 1).replace(/[gy]/g, '');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags); // VS Code's check: what V8 refuses is malformed
    regex.test(''); // V8 compiles lazily: an oversized pattern throws here, not in a later resolve().
  } catch (error) {
    throw new Error(`invalid regular expression ${abbreviate(lexeme)}: ${describeRegexError(error)}`, { cause: error });
  }
  const base = { source: regex.source, flags: regex.flags };
  // re2js is about 100× slower on a large value: only patterns that could backtrack badly need it.
  if (isLinearOnBacktracking(pattern, flags)) {
    // V8 may still give up on a very large value (its backtrack stack: a RangeError, seen on 5 MB
    // values in a loaded test run), where VS Code's answer stands: re2js answers then, in linear time.
    let fallback: ReturnType<typeof compileRe2> | null = null;
    const onRe2 = (v: unknown): boolean => {
      fallback ??= compileRe2(pattern, flags) ?? undefined;
      if (!fallback) throw new RangeError(`the regular expression ${abbreviate(lexeme)} could not run on this value`);
      return fallback.matcher.test(mapValue(String(v)));
    };
    return {
      ...base,
      engine: 'js-linear',
      test: (v) => {
        try {
          return regex.test(v as string);
        } catch (error) {
          if (error instanceof RangeError) return onRe2(v);
          throw error;
        }
      },
    };
  }
  const bounded = hasBoundedBacktracking(pattern);
  const re2 = compileRe2(pattern, flags);
  if (re2) {
    const { matcher, multilineAnchors } = re2;
    // RE2's `^`/`$` under `m` see only \n as a line end: a value with another one goes to the JS
    // RegExp when that is bounded (else RE2 answers: a deliberate difference, see whenClause.ts).
    if (multilineAnchors && bounded)
      return {
        ...base,
        engine: 're2',
        test: (v) =>
          LINE_ENDS_RE2_DOES_NOT_SEE.test(String(v)) ? regex.test(String(v)) : matcher.test(mapValue(String(v))),
      };
    return { ...base, engine: 're2', test: (v) => matcher.test(mapValue(String(v))) };
  }
  if (!bounded) {
    throw new Error(
      `the regular expression ${abbreviate(lexeme)} needs a backtracking engine (backreferences, lookaround, \\p, the u flag or letters beyond ASCII under i) and its repetitions could take exponential time; rewrite it without the nested or repeated quantifiers`,
    );
  }
  return { ...base, engine: 'js', test: (v) => regex.test(v as string) };
}

function compileRe2(pattern: string, flags: string): { matcher: RE2JS; multilineAnchors: boolean } | undefined {
  const translation = translateToRe2(pattern, flags);
  if (!translation) return undefined;
  try {
    // re2js (~300 KB) is loaded by the first `=~`, not by every start.
    const { RE2JS: Re2 } = require('re2js') as typeof import('re2js');
    return { matcher: Re2.compile(translation.re2), multilineAnchors: translation.multilineAnchors };
  } catch {
    return undefined; // over RE2's size limits: left to the bounded-backtracking rule
  }
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
 * True when a backtracking engine's work on a value of length n stays within about n² steps: no
 * group that can match in several ways (it holds a quantifier or a `|`) is repeated without a small
 * bound (star height, as the `safe-regex` package checks), and at most one repetition is unbounded.
 */
export function hasBoundedBacktracking(pattern: string): boolean {
  let unbounded = 0;
  const stack: GroupState[] = [{ variable: false }];
  let lastGroup: GroupState | undefined; // the group that just closed, if the previous atom is a group
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    const quantifier = readQuantifier(pattern, i);
    if (quantifier) {
      if (quantifier.max > MAX_REPEAT_FOR_SAFE_NESTING && (lastGroup?.variable || ++unbounded > 1)) return false;
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
      i += /^\(\?(?:[:=!]|<[=!]?)/.exec(pattern.slice(i, i + 4))?.[0].length ?? 1; // `(?:`, `(?=`, `(?<=`, `(?<name>`: no quantifier
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
  return true;
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
