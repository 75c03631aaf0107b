// The structured result of a read stays within the result budget like its text: a line's JSON can be
// far longer than the line (a quote or a backslash doubles, a control character takes six), so the
// reading tools count both and stop at the first line where either would no longer fit.
import { jsonChars } from '@toolpacks/registry';

/**
 * Room for a read's fields other than `content` (kind, bytes, line numbers, next view range, keys
 * and punctuation), besides its path.
 */
const FIELDS_RESERVE = 400;

/** How much a view may show: its text, and its lines as the data's JSON. */
export interface ViewLimits {
  readonly maxChars: number;
  readonly maxJsonChars: number;
}

/** The characters `content` may take as JSON in a read of `path` whose data must fit `budget`. */
export function contentJsonBudget(budget: number, path: string): number {
  return Math.max(0, budget - jsonChars(path) - FIELDS_RESERVE);
}

/**
 * What `line` adds to the JSON of lines joined by line feeds (`content`): its escaped characters,
 * and the escaped line feed before it unless it is the first.
 */
export function jsonLineChars(line: string, first: boolean): number {
  return jsonChars(line) - 2 + (first ? 0 : 2);
}
