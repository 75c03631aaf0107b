// What a structured result costs as JSON: a client that reads the data (an MCP client, a model sent
// the JSON) gets the escaped form, which can be far longer than the text (a quote or a backslash
// doubles, a control character takes six), so every fit counts both.

/** The characters a structured result takes as JSON (what an MCP client reads, and a model may be sent). */
export function jsonChars(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** The characters `text` takes inside a JSON string (its escaped form, without the quotes). */
export function jsonStringChars(text: string): number {
  return jsonChars(text) - 2;
}

/**
 * What `line` adds to the JSON of lines joined by line feeds (one string, e.g. a read's `content`):
 * its escaped characters, and the escaped line feed before it unless it is the first.
 */
export function jsonLineChars(line: string, first: boolean): number {
  return jsonStringChars(line) + (first ? 0 : 2);
}

/**
 * The characters left for a list inside a structured result whose other fields are `fixed`: the
 * budget less their JSON and `reserve` more (keys, punctuation, fields not known yet). Never below 0.
 */
export function roomBeside(budget: number, fixed: unknown, reserve: number): number {
  return Math.max(0, budget - jsonChars(fixed) - reserve);
}

/**
 * The longest start (or, `fromEnd`, end) of `text` at most `maxChars` long that takes at most
 * `maxJsonChars` inside a JSON string; it never splits a surrogate pair.
 */
export function partWithinJson(text: string, maxChars: number, maxJsonChars: number, fromEnd = false): string {
  const part = (n: number) => (fromEnd ? text.slice(text.length - n) : text.slice(0, n));
  const fits = (n: number) => jsonStringChars(part(n)) <= maxJsonChars;
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
