// Model input and tool output can be huge or hostile; what any layer echoes back is cut so a
// message never grows with the input (a 50 MB path must not become a 50 MB error, 200,000 names
// must not become one list).

/** Longest stretch of a model-supplied value quoted in a message. */
export const MAX_QUOTED_CHARS = 200;
/** Most items listed in one message (problems, candidates, matches, files). */
export const MAX_LISTED_ITEMS = 20;

/** `value` cut to `max` characters, saying how much was left out. */
export function quoteBounded(value: unknown, max = MAX_QUOTED_CHARS): string {
  const text = typeof value === 'string' ? value : safeString(value);
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The first `max` items, then "… (N more)" as one more item. */
export function listBounded(items: readonly string[], max = MAX_LISTED_ITEMS): string[] {
  if (items.length <= max) return [...items];
  return [...items.slice(0, max), `… (${items.length - max} more)`];
}

/**
 * The first `max` items joined by `separator`, then "… (N more)": the one way a message lists things.
 * `total` counts items the caller did not keep (a search that stopped collecting positions).
 */
export function boundedList(
  items: readonly string[],
  max = MAX_LISTED_ITEMS,
  separator = ', ',
  total = items.length,
): string {
  const shown = items.slice(0, max);
  const rest = total - shown.length;
  return (rest > 0 ? [...shown, `… (${rest} more)`] : shown).join(separator);
}

/** String(value) that never throws, whatever the value's toString does. */
export function safeString(value: unknown): string {
  try {
    if (value instanceof Error) return safeString(value.message);
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '(a value that cannot be shown)';
    }
  }
}
