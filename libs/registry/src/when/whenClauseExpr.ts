// The parsed form of a when clause and its evaluation, with VS Code's semantics
// (vs/platform/contextkey/common/contextkey.ts), including the parts that are not plain logic:
// - `!` is pushed down to the leaves, and a negated comparison is the opposite comparison:
//   `!(n > 1)` is `n <= 1`, so both are false when n is not a number;
// - `&&`/`||` are flattened and simplified: `x && !x` is false and `x || !x` is true for any leaf x
//   (also for `n > 1 || n <= 1`, which is then true when n is unset).
// Deliberate differences are listed in whenClause.ts.

import type { ContextKeys } from '../definitions';
import type { WhenRegex } from './whenClauseRegex';

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
  | { readonly type: 'regex'; readonly key: string; readonly regex: WhenRegex }
  | { readonly type: 'notRegex'; readonly key: string; readonly regex: WhenRegex }
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

/** The opposite of a leaf or a constant (the parser pushes `!` down to the leaves while it reads). */
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
    case 'or':
      throw new Error('negate() takes a leaf: the parser reads `!(…)` with the opposite polarity');
  }
}

/** Units of work the simplifier did (parts interned): specs read it to prove linear cost without timing. */
export const exprWork = { steps: 0 };

/**
 * Builds `&&`/`||` nodes for one clause: flattens, drops the neutral constant, stops at the absorbing
 * one, removes duplicates and folds `x op !x`, like VS Code. Each distinct sub-expression gets a
 * number (hash-consing, order-insensitive for `&&`/`||`, as VS Code sorts their terms), and so does
 * its negation, so duplicates and complements are found with a Set: linear, where comparing every
 * pair of terms made a 120,000-key clause take minutes.
 */
export class ExprBuilder {
  private readonly ids = new Map<string, number>();
  private readonly idOf = new Map<WhenExpr, number>(); // not WeakMaps: the builder lives for one parse, and Maps are several times faster
  private readonly negatedIdOf = new Map<WhenExpr, number>();

  and(parts: readonly WhenExpr[]): WhenExpr {
    return this.combine('and', parts);
  }

  or(parts: readonly WhenExpr[]): WhenExpr {
    return this.combine('or', parts);
  }

  private combine(type: 'and' | 'or', parts: readonly WhenExpr[]): WhenExpr {
    const [neutral, absorbing] = type === 'and' ? [TRUE, FALSE] : [FALSE, TRUE];
    const flat: WhenExpr[] = [];
    const seen = new Set<number>();
    let sawNeutral = false;
    for (const part of parts) {
      if (part.type === absorbing.type) return absorbing;
      if (part.type === neutral.type) sawNeutral = true;
      else
        for (const p of part.type === type ? (part as { parts: readonly WhenExpr[] }).parts : [part]) {
          exprWork.steps++;
          const id = this.id(p);
          if (seen.has(id)) continue;
          seen.add(id);
          flat.push(p);
        }
    }
    if (flat.length === 0) return sawNeutral ? neutral : absorbing;
    if (flat.length === 1) return flat[0];
    for (const p of flat) if (seen.has(this.negatedId(p))) return absorbing;
    return { type, parts: flat };
  }

  /** The number of `expr`'s structure: equal numbers exactly when VS Code would call the two equal. */
  private id(expr: WhenExpr): number {
    let id = this.idOf.get(expr);
    if (id === undefined) {
      id = this.intern(
        expr.type === 'and' || expr.type === 'or'
          ? this.groupKey(
              expr.type,
              expr.parts.map((p) => this.id(p)),
            )
          : leafKey(expr),
      );
      this.idOf.set(expr, id);
    }
    return id;
  }

  /** The number `negate(expr)` would get, without building it: De Morgan over the parts' negations. */
  private negatedId(expr: WhenExpr): number {
    let id = this.negatedIdOf.get(expr);
    if (id === undefined) {
      if (expr.type === 'and' || expr.type === 'or')
        id = this.intern(
          this.groupKey(
            expr.type === 'and' ? 'or' : 'and',
            expr.parts.map((p) => this.negatedId(p)),
          ),
        );
      else id = this.id(negate(expr));
      this.negatedIdOf.set(expr, id);
    }
    return id;
  }

  private groupKey(type: 'and' | 'or', partIds: number[]): string {
    exprWork.steps += partIds.length;
    return `${type}(${partIds.sort((a, b) => a - b).join(',')})`;
  }

  private intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size));
    return id;
  }
}

function leafKey(expr: WhenExpr): string {
  if (expr.type === 'has' || expr.type === 'not') return `${expr.type}:${expr.key}`; // the common case, kept cheap; no JSON key starts with a letter
  const x = expr as Partial<Record<'key' | 'value' | 'op' | 'bound' | 'container', unknown>> & {
    regex?: { source: string; flags: string };
  };
  // JSON keeps 1 and '1' apart (a bound is a number or a string) and cannot be forged by a key.
  return JSON.stringify([expr.type, x.key, x.value, x.op, x.bound, x.container, x.regex?.source, x.regex?.flags]);
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

function matches(regex: WhenRegex, actual: unknown): boolean {
  // Deliberate: VS Code tests String(undefined), so `k =~ /d.*/` holds for an unset k; here it does not.
  if (actual === undefined || actual === null) return false;
  try {
    return regex.test(actual);
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
