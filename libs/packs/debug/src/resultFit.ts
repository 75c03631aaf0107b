// A debug result's data stays within the result budget like its text: a value's JSON can be far
// longer than its text (a quote or a backslash doubles, a control character or an ANSI colour code
// takes six), so what is cut is cut where both the text and the JSON still fit.
import { jsonChars } from '@toolpacks/registry';

/**
 * How many items, from the first, fit `maxChars` as text lines (joined by line feeds) and
 * `maxJsonChars` as JSON array items (each with its comma). May be 0.
 */
export function fitBoth(
  count: number,
  maxChars: number,
  maxJsonChars: number,
  textChars: (i: number) => number,
  dataChars: (i: number) => number,
): number {
  let text = 0;
  let data = 0;
  let kept = 0;
  while (kept < count) {
    const nextText = text + textChars(kept) + (kept > 0 ? 1 : 0);
    const nextData = data + dataChars(kept) + 1;
    if (nextText > maxChars || nextData > maxJsonChars) break;
    text = nextText;
    data = nextData;
    kept++;
  }
  return kept;
}

/** The characters `text` takes inside a JSON string (its escaped form, without the quotes). */
export function stringJsonChars(text: string): number {
  return jsonChars(text) - 2;
}

/**
 * The longest start (or, `fromEnd`, end) of `text` at most `maxChars` long that takes at most
 * `maxJsonChars` inside a JSON string; it never splits a surrogate pair.
 */
export function partWithin(text: string, maxChars: number, maxJsonChars: number, fromEnd = false): string {
  const part = (n: number) => (fromEnd ? text.slice(text.length - n) : text.slice(0, n));
  const fits = (n: number) => stringJsonChars(part(n)) <= maxJsonChars;
  let high = Math.max(0, Math.min(text.length, maxChars));
  if (!fits(high)) {
    // The JSON grows with the part (but for a split surrogate pair): the longest that fits, by bisection.
    let low = 0;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(mid)) low = mid;
      else high = mid - 1;
    }
  }
  const edge = fromEnd ? text.charCodeAt(text.length - high) : text.charCodeAt(high - 1);
  const split = high > 0 && (fromEnd ? edge >= 0xdc00 && edge <= 0xdfff : edge >= 0xd800 && edge <= 0xdbff);
  return part(split ? high - 1 : high);
}

/** `text` as it is when it fits `maxChars` and `maxJsonChars` (as a JSON string); else its start that does, then "…". */
export function cutToFit(text: string, maxChars: number, maxJsonChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars && stringJsonChars(text) <= maxJsonChars) return { text, cut: false };
  return { text: `${partWithin(text, maxChars - 1, maxJsonChars - 1)}…`, cut: true };
}
