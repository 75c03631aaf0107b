// One cut for the text and the structured result of a listing: both carry the same entries, so a
// result that fits the budget as text must fit it as JSON too (a short line is a much longer JSON
// object), and both must stop at the same entry so the offset they name is the same.

/**
 * How many entries, from the first, fit `maxChars` both as text lines (joined by newlines) and as
 * JSON array items (each with its comma). Reads only as far as it keeps, so a long result costs no
 * more than what is shown. May be 0: the caller decides what to show of an oversized first entry.
 *
 * @param count - How many entries there are.
 * @param textChars - The length of entry `i`'s text line.
 * @param dataChars - The length of entry `i`'s JSON.
 */
export function fitPage(
  count: number,
  maxChars: number,
  textChars: (i: number) => number,
  dataChars: (i: number) => number,
): number {
  let text = 0;
  let data = 0;
  let kept = 0;
  while (kept < count) {
    const nextText = text + textChars(kept) + (kept > 0 ? 1 : 0);
    const nextData = data + dataChars(kept) + 1;
    if (nextText > maxChars || nextData > maxChars) break;
    text = nextText;
    data = nextData;
    kept++;
  }
  return kept;
}
