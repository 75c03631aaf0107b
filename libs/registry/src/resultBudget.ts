// One budget for every tool result: a model's context is shared by everything in the chat, and some
// clients refuse a large result outright (Claude Code: 25,000 tokens). Tools that can return much
// cut at a boundary the model can name (a file, a hunk, a match) and say how to get the rest.
import type { ToolCallContent, ToolTokenizationOptions } from './definitions';

/** The token budget of one result when the host sets none: about 60,000 characters. */
export const DEFAULT_RESULT_TOKEN_BUDGET = 15_000;

/** Characters per token of the registry's estimate (as `estimateTokens`). */
export const CHARS_PER_TOKEN = 4;

/** How many characters this call's result may hold: the host's token budget, or the default. */
export function resultCharBudget(tokenization: ToolTokenizationOptions | undefined): number {
  const tokens = tokenization?.tokenBudget;
  return (tokens !== undefined && tokens > 0 ? tokens : DEFAULT_RESULT_TOKEN_BUDGET) * CHARS_PER_TOKEN;
}

/** The characters a structured result takes as JSON (what an MCP client reads, and a model may be sent). */
export function jsonChars(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** The characters `text` takes inside a JSON string (its escaped form, without the quotes). */
export function jsonStringChars(text: string): number {
  return jsonChars(text) - 2;
}

/**
 * How many items, from the first, fit `maxChars` as text lines (joined by line feeds) and
 * `maxJsonChars` as JSON array items (each with its comma): a result's text and its structured
 * data stop at the same item. Reads only as far as it keeps. May be 0.
 *
 * @param textChars - The length of item `i`'s text line.
 * @param dataChars - The length of item `i`'s JSON.
 */
export function fitTextAndJson(
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

/** What {@link fitSections} kept. */
export interface FittedSections {
  /** The kept sections joined by the separator. */
  readonly text: string;
  /** How many sections, from the first, were kept whole. */
  readonly kept: number;
  /** How many were left out. */
  readonly omitted: number;
}

/**
 * The first sections (files, hunks, matches) that fit whole in `maxChars`, joined by `separator`.
 * A section is never cut in the middle; the first one is, when it alone is over the budget and
 * `cutFirst` is set (so the model sees something), at a line boundary.
 */
export function fitSections(
  sections: readonly string[],
  maxChars: number,
  separator = '\n',
  cutFirst = true,
): FittedSections {
  const kept: string[] = [];
  let used = 0;
  for (const section of sections) {
    const cost = section.length + (kept.length ? separator.length : 0);
    if (used + cost > maxChars) break;
    kept.push(section);
    used += cost;
  }
  if (kept.length === 0 && sections.length > 0 && cutFirst) {
    const first = sections[0];
    const cut = first.lastIndexOf('\n', maxChars);
    return { text: first.slice(0, cut > 0 ? cut : maxChars), kept: 0, omitted: sections.length };
  }
  return { text: kept.join(separator), kept: kept.length, omitted: sections.length - kept.length };
}

/**
 * The registry's last guard: text parts past `maxChars` in all are cut at a line boundary, with a
 * note saying how much was left out. Tools that can return much cut themselves at a boundary the
 * model can name; this only catches one that did not, so that no result floods the context.
 */
export function capTextToBudget(content: readonly ToolCallContent[], maxChars: number): ToolCallContent[] {
  let left = maxChars;
  let cut = 0;
  const kept: ToolCallContent[] = [];
  for (const part of content) {
    if (part.kind !== 'text') {
      kept.push(part);
      continue;
    }
    if (part.value.length <= left) {
      kept.push(part);
      left -= part.value.length;
      continue;
    }
    // At the last line end inside the budget; a part without one is cut at the budget itself.
    const lineEnd = left > 0 ? part.value.lastIndexOf('\n', left) : 0;
    const end = lineEnd > 0 ? lineEnd : left;
    cut += part.value.length - end;
    if (end > 0) kept.push({ kind: 'text', value: part.value.slice(0, end) });
    left = 0;
  }
  if (cut === 0) return kept;
  kept.push({
    kind: 'text',
    value: `… (the result was cut at its budget of ${maxChars.toLocaleString('en-US')} characters: ${cut.toLocaleString('en-US')} more characters were left out. Ask for less: a narrower path, a line range, a smaller count or a more precise pattern.)`,
  });
  return kept;
}
