// The context part of a resolution's cache key: one short token per context key that some `when`
// clause reads. Two contexts get the same token exactly when no when clause can tell them apart:
// - an unset key and a key set to undefined share a token (evaluation reads both as undefined),
//   but `{x: undefined}` and `{}` as *values* do not (`k in m` asks whether m owns 'x');
// - NaN and null differ (`[NaN].includes(NaN)`), 0 and -0 do not (no operator tells them apart);
// - an object stands for its own property names only (`in` reads those, `==` and `=~` see
//   '[object Object]'), an array for its elements, and a shared reference stays visibly shared
//   (`a in list` compares objects by identity);
// - a value that evaluation reads in ways this encoding cannot follow (a function, a class instance,
//   an object with its own toString) gets a token of its own: that request is not shared.
// Long parts are replaced by their length and a 128-bit hash, so the cache never keeps a large
// context value alive and a key stays short; building it reads each value once.
import type { ContextKeys } from '../definitions';
import { readContextKey } from '../when/whenClauseExpr';

const LITERAL_LIMIT = 128;
const imul = Math.imul; // bound once: a global lookup per character is slow under Jest's vm context
let uncacheable = 0;

/** The cache-key part for `context` as read by clauses over `keys` (sorted, without duplicates). */
export function contextKey(keys: readonly string[], context: ContextKeys): string {
  const seen = new Map<object, number>();
  return keys.map((key) => bounded(encode(readContextKey(context, key), seen))).join('\u0002');
}

function bounded(part: string): string {
  return part.length <= LITERAL_LIMIT ? part : `#${part.length}:${hash128(part)}`;
}

function encode(value: unknown, seen: Map<object, number>): string {
  switch (typeof value) {
    case 'undefined':
      return 'u';
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return `d${value}`; // String(-0) is '0'; NaN is 'dNaN', not null
    case 'bigint':
      return `b${value}`;
    case 'string':
      // Length-prefixed: no separator can be forged.
      return value.length <= LITERAL_LIMIT ? `s${value.length}:${value}` : `S${value.length}:${hash128(value)}`;
    case 'object':
      return value === null ? 'n' : encodeObject(value, seen);
    default:
      return `x${++uncacheable}`; // functions, symbols
  }
}

function encodeObject(value: object, seen: Map<object, number>): string {
  const id = seen.get(value);
  if (id !== undefined) return `^${id}`;
  seen.set(value, seen.size);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(bounded(encode(value[i], seen)));
    return `a${items.length}[${items.join(',')}]`;
  }
  const proto = Object.getPrototypeOf(value);
  const names = Object.getOwnPropertyNames(value);
  const customString =
    names.includes('toString') || names.includes('valueOf') || Object.getOwnPropertySymbols(value).length > 0;
  if ((proto !== Object.prototype && proto !== null) || customString) return `x${++uncacheable}`;
  return `${proto === null ? 'O' : 'o'}{${names
    .sort()
    .map((name) => bounded(encode(name, seen)))
    .join(',')}}`;
}

/** cyrb128 (public domain, bryc): four 32-bit lanes over UTF-16 code units; not cryptographic. */
function hash128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ imul(h1 ^ k, 597399067);
    h2 = h3 ^ imul(h2 ^ k, 2869860233);
    h3 = h4 ^ imul(h3 ^ k, 951274213);
    h4 = h1 ^ imul(h4 ^ k, 2716044179);
  }
  h1 = imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(36)).join('.');
}
