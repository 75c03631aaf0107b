// The parsed form of a when clause and its evaluation, with VS Code's semantics
// (vs/platform/contextkey/common/contextkey.ts), including the parts that are not plain logic:
// - `!` is pushed down to the leaves, and a negated comparison is the opposite comparison:
//   `!(n > 1)` is `n <= 1`, so both are false when n is not a number;
// - `&&`/`||` are flattened and simplified: `x && !x` is false and `x || !x` is true for any leaf x
//   (also for `n > 1 || n <= 1`, which is then true when n is unset).
// Deliberate differences are listed in whenClause.ts.

import type { ContextKeys } from './types';

export type Comparison = '<' | '<=' | '>' | '>=';

export type WhenExpr =
  | { readonly type: 'true' }
  | { readonly type: 'false' }
  | { readonly type: 'has'; readonly key: string }
  | { readonly type: 'not'; readonly key: string }
  | { readonly type: 'equals'; readonly key: string; readonly value: string }
  | { readonly type: 'notEquals'; readonly key: string; readonly value: string }
  /** `bound` is a string when the right side is not a number: VS Code then answers false. */
  | { readonly type: 'compare'; readonly key: string; readonly op: Comparison; readonly bound: number | string }
  | { readonly type: 'regex'; readonly key: string; readonly regex: RegExp }
  | { readonly type: 'notRegex'; readonly key: string; readonly regex: RegExp }
  | { readonly type: 'in'; readonly key: string; readonly container: string }
  | { readonly type: 'notIn'; readonly key: string; readonly container: string }
  | { readonly type: 'and'; readonly parts: readonly WhenExpr[] }
  | { readonly type: 'or'; readonly parts: readonly WhenExpr[] };

export const TRUE: WhenExpr = Object.freeze({ type: 'true' });
export const FALSE: WhenExpr = Object.freeze({ type: 'false' });

const OPPOSITE: Record<Comparison, Comparison> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<' };

/** VS Code's `parseFloat` of the bound: `1x` is 1, `abc` and `` stay strings (always false). */
export function comparisonBound(raw: string): number | string {
  const n = Number.parseFloat(raw);
  return Number.isNaN(n) ? raw : n;
}

export function negate(expr: WhenExpr): WhenExpr {
  switch (expr.type) {
    case 'true':
      return FALSE;
    case 'false':
      return TRUE;
    case 'has':
      return { type: 'not', key: expr.key };
    case 'not':
      return { type: 'has', key: expr.key };
    case 'equals':
      return { type: 'notEquals', key: expr.key, value: expr.value };
    case 'notEquals':
      return { type: 'equals', key: expr.key, value: expr.value };
    case 'compare':
      return { type: 'compare', key: expr.key, op: OPPOSITE[expr.op], bound: expr.bound };
    case 'regex':
      return { type: 'notRegex', key: expr.key, regex: expr.regex };
    case 'notRegex':
      return { type: 'regex', key: expr.key, regex: expr.regex };
    case 'in':
      return { type: 'notIn', key: expr.key, container: expr.container };
    case 'notIn':
      return { type: 'in', key: expr.key, container: expr.container };
    case 'and':
      return or(expr.parts.map(negate));
    case 'or':
      return and(expr.parts.map(negate));
  }
}

export function and(parts: readonly WhenExpr[]): WhenExpr {
  return combine('and', parts);
}

export function or(parts: readonly WhenExpr[]): WhenExpr {
  return combine('or', parts);
}

/** Flattens, drops the neutral constant, stops at the absorbing one, removes duplicates, folds `x op !x`. */
function combine(type: 'and' | 'or', parts: readonly WhenExpr[]): WhenExpr {
  const [neutral, absorbing] = type === 'and' ? [TRUE, FALSE] : [FALSE, TRUE];
  const flat: WhenExpr[] = [];
  let sawNeutral = false;
  for (const part of parts) {
    if (part.type === absorbing.type) return absorbing;
    if (part.type === neutral.type) sawNeutral = true;
    else for (const p of part.type === type ? (part as { parts: readonly WhenExpr[] }).parts : [part]) if (!flat.some((q) => same(p, q))) flat.push(p);
  }
  if (flat.length === 0) return sawNeutral ? neutral : absorbing;
  if (flat.length === 1) return flat[0];
  for (let i = 0; i < flat.length; i++) {
    const negated = negate(flat[i]);
    for (let j = i + 1; j < flat.length; j++) if (same(negated, flat[j])) return absorbing;
  }
  return { type, parts: flat };
}

/** Structural equality, order-insensitive for `&&`/`||` (VS Code sorts their terms). */
function same(a: WhenExpr, b: WhenExpr): boolean {
  if (a.type !== b.type) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  switch (a.type) {
    case 'and':
    case 'or': {
      const pa = a.parts;
      const pb = (b as typeof a).parts;
      return pa.length === pb.length && pa.every((p) => pb.some((q) => same(p, q)));
    }
    case 'regex':
    case 'notRegex':
      return x.key === y.key && a.regex.source === (b as typeof a).regex.source && a.regex.flags === (b as typeof a).regex.flags;
    default:
      return x.key === y.key && x.value === y.value && x.op === y.op && x.bound === y.bound && x.container === y.container;
  }
}

/** A context key's value: own properties only (VS Code's context has no prototype, so `toString` is unset). */
export function readContextKey(context: ContextKeys, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(context, key) ? context[key] : undefined;
}

const IS_WINDOWS = typeof process !== 'undefined' && process.platform === 'win32';

export function evaluate(expr: WhenExpr, context: ContextKeys): boolean {
  switch (expr.type) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'has':
      return !!readContextKey(context, expr.key);
    case 'not':
      return !readContextKey(context, expr.key);
    case 'equals':
      return looseEquals(readContextKey(context, expr.key), expr.value);
    case 'notEquals':
      return !looseEquals(readContextKey(context, expr.key), expr.value);
    case 'compare':
      return compare(readContextKey(context, expr.key), expr.op, expr.bound);
    case 'regex':
      return matches(expr.regex, readContextKey(context, expr.key));
    case 'notRegex':
      return !matches(expr.regex, readContextKey(context, expr.key));
    case 'in':
      return contains(readContextKey(context, expr.container), readContextKey(context, expr.key));
    case 'notIn':
      return !contains(readContextKey(context, expr.container), readContextKey(context, expr.key));
    case 'and':
      return expr.parts.every((p) => evaluate(p, context));
    case 'or':
      return expr.parts.some((p) => evaluate(p, context));
  }
}

function looseEquals(actual: unknown, value: string): boolean {
  try {
    // eslint-disable-next-line eqeqeq -- VS Code compares with `==`, so that 2 == '2' and ['a'] == 'a'.
    return actual == value;
  } catch {
    return false; // an object without a string form
  }
}

function compare(actual: unknown, op: Comparison, bound: number | string): boolean {
  if (typeof bound === 'string') return false;
  let n: number;
  try {
    n = Number.parseFloat(actual as string); // VS Code: parseFloat(value), so '2px' is 2 and [3] is 3
  } catch {
    return false;
  }
  switch (op) {
    case '<':
      return n < bound;
    case '<=':
      return n <= bound;
    case '>':
      return n > bound;
    case '>=':
      return n >= bound;
  }
}

function matches(regex: RegExp, actual: unknown): boolean {
  // Deliberate: VS Code tests String(undefined), so `k =~ /d.*/` holds for an unset k; here it does not.
  if (actual === undefined || actual === null) return false;
  try {
    return regex.test(actual as string);
  } catch {
    return false;
  }
}

function contains(source: unknown, item: unknown): boolean {
  if (Array.isArray(source)) {
    if (source.includes(item)) return true;
    // VS Code on Windows: file URIs compare case-insensitively.
    if (IS_WINDOWS && typeof item === 'string' && item.startsWith('file:///')) {
      const lower = item.toLowerCase();
      return source.some((s) => typeof s === 'string' && s.toLowerCase() === lower);
    }
    return false;
  }
  if (typeof item === 'string' && typeof source === 'object' && source !== null) {
    if (Object.prototype.hasOwnProperty.call(source, item)) return true;
    if (IS_WINDOWS && item.startsWith('file:///')) {
      const lower = item.toLowerCase();
      return Object.keys(source).some((k) => k.toLowerCase() === lower);
    }
  }
  return false;
}
