// Model input and tool output can be huge or hostile; what the registry echoes back is cut so an
// error never grows with the input (a 50 MB path must not become a 50 MB error).

/** Longest stretch of a model-supplied value quoted in a message. */
export const MAX_QUOTED_CHARS = 200;
/** Most items listed in one message (problems, candidates, matches). */
export const MAX_LISTED_ITEMS = 20;

/** `value` cut to `max` characters, saying how much was left out. */
export function quoteBounded(value: unknown, max = MAX_QUOTED_CHARS): string {
  const text = typeof value === 'string' ? value : safeString(value);
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** The first `max` items, then "… (N more)". */
export function listBounded(items: readonly string[], max = MAX_LISTED_ITEMS): string[] {
  if (items.length <= max) return [...items];
  return [...items.slice(0, max), `… (${items.length - max} more)`];
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
