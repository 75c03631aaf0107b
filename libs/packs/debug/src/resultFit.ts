// A debug result's data stays within the result budget like its text: a value's JSON can be far
// longer than its text (a quote or a backslash doubles, a control character or an ANSI colour code
// takes six), so what is cut is cut where both the text and the JSON still fit.
import { jsonStringChars, partWithinJson } from '@toolpacks/registry';

/** `text` as it is when it fits `maxChars` and `maxJsonChars` (as a JSON string); else its start that does, then "…". */
export function cutToFit(text: string, maxChars: number, maxJsonChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars && jsonStringChars(text) <= maxJsonChars) return { text, cut: false };
  return { text: `${partWithinJson(text, maxChars - 1, maxJsonChars - 1)}…`, cut: true };
}
