// The one fit of a list a tool returns: the pack declares its items (how each renders as a text line
// and as data) and how to page; the registry keeps the items that fit the call's budget, text and
// data stopping at the same item, and renders the "call again with …" that gets the rest.
import type { ToolTokenizationOptions } from '../definitions';
import { resultCharBudget } from './budget';
import { ItemFit } from './itemFit';
import { jsonChars } from './jsonSize';

/** How a tool pages through a long answer: the tool to call and the input field that says where to go on. */
export interface Paging {
  readonly tool: string;
  /** The input field: `offset`, `startLine`, a cursor's name. */
  readonly field: string;
  /** Between the field and its value: `': '` (`offset: 50`, the default) or `' '` (`startLine 120`). */
  readonly joiner?: string;
}

/** What a pack declares of a list it returns. */
export interface ListDeclaration<T, D> {
  /** The item as a line of the text. */
  readonly text: (item: T) => string;
  /** The item as an element of the data's array. */
  readonly data: (item: T) => D;
  /** Characters of the budget kept for the rest of the result: its header, notes and other fields. */
  readonly reserve?: number;
  /**
   * When not even the first item fits: what of it is shown (its start, say), given the characters
   * left for it. Not given: the first item is shown whole (a model must see something to narrow).
   */
  readonly oversized?: (item: T, room: number) => T;
  /** How to ask for the items after the ones shown. */
  readonly paging: Paging;
}

/** What of a list fitted the budget. */
export interface FittedList<T, D> {
  /** The items shown. */
  readonly items: readonly T[];
  /** Their text lines. */
  readonly lines: readonly string[];
  /** Their data. */
  readonly data: readonly D[];
  /** How many were shown (at least one of a list that has any). */
  readonly kept: number;
  /** Where the next call goes on: the offset of the first item not shown. */
  readonly next: number;
  /** Items of this list were left out to fit the budget. */
  readonly cut: boolean;
}

export interface FitListOptions {
  /** The call's budget: its tokenization options (the registry's default when none), or characters. */
  readonly budget: ToolTokenizationOptions | number | undefined;
  /** The offset of `items[0]` in the whole list. Default: 0. */
  readonly offset?: number;
}

/**
 * The items, from the first, whose text lines (joined by line feeds) and data (a JSON array) fit the
 * budget less the declaration's reserve; at least the first of a list that has any.
 */
export function fitList<T, D>(
  list: ListDeclaration<T, D>,
  items: readonly T[],
  { budget, offset = 0 }: FitListOptions,
): FittedList<T, D> {
  const chars = typeof budget === 'number' ? budget : resultCharBudget(budget);
  const room = chars - (list.reserve ?? 0);
  const fit = new ItemFit({ maxChars: room });
  const lines: string[] = [];
  const data: D[] = [];
  for (const item of items) {
    const line = list.text(item);
    const value = list.data(item);
    if (!fit.take(line.length, jsonChars(value))) break;
    lines.push(line);
    data.push(value);
  }
  let shown = items.slice(0, fit.kept);
  if (fit.kept === 0 && items.length > 0) {
    const first = list.oversized ? list.oversized(items[0], room) : items[0];
    shown = [first];
    lines.push(list.text(first));
    data.push(list.data(first));
  }
  return {
    items: shown,
    lines,
    data,
    kept: shown.length,
    next: offset + shown.length,
    cut: shown.length < items.length,
  };
}

/** `read_file with startLine 120`: the call that reads on from `value`. */
export function callWith(paging: Paging, value: string | number): string {
  return `${paging.tool} with ${paging.field}${paging.joiner ?? ': '}${value}`;
}

export interface CallAgainOptions {
  /** The other inputs to keep, in words: `query` gives "with the same query and offset: 50". */
  readonly same?: string;
  /** Starts a sentence: "Call …". */
  readonly sentence?: boolean;
}

/** `call list_dir again with offset: 50 for the next ones`: how to get the items after `value`. */
export function callAgain(paging: Paging, value: string | number, options: CallAgainOptions = {}): string {
  const same = options.same ? `the same ${options.same} and ` : '';
  const field = `${paging.field}${paging.joiner ?? ': '}${value}`;
  return `${options.sentence ? 'Call' : 'call'} ${paging.tool} again with ${same}${field} for the next ones`;
}
