// One cut for the text and the structured result of a listing: both carry the same entries, so a
// result that fits the budget as text must fit it as JSON too (a short line is a much longer JSON
// object), and both must stop at the same entry so the offset they name is the same.
import { fitTextAndJson } from '@toolpacks/registry';

/**
 * How many entries, from the first, fit `maxChars` both as text lines and as JSON array items (the
 * registry's {@link fitTextAndJson} with one budget for both). May be 0: the caller decides what to
 * show of an oversized first entry.
 */
export function fitPage(
  count: number,
  maxChars: number,
  textChars: (i: number) => number,
  dataChars: (i: number) => number,
): number {
  return fitTextAndJson(count, maxChars, maxChars, textChars, dataChars);
}
