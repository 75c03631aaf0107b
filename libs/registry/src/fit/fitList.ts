// The one fit of a list a tool returns: the pack declares its items (how each renders as a text line
// and as data) and how to page; the registry keeps the items that fit the call's budget, text and
// data stopping at the same item, and renders the "call again with …" that gets the rest.
import { ItemFit } from './itemFit';
import { jsonChars } from './jsonSize';
import { roomFor, type CallBudget, type RoomDeclaration } from './room';

/** How a tool pages through a long answer: the tool to call and the input field that says where to go on. */
export interface Paging {
  /** The tool to call for the rest (its name as the model knows it). */
  readonly tool: string;
  /** The input field: `offset`, `startLine`, a cursor's name. */
  readonly field: string;
  /** Between the field and its value: `': '` (`offset: 50`, the default) or `' '` (`startLine 120`). */
  readonly joiner?: string;
}

/** What a pack declares of a list it returns. */
export interface ListDeclaration<T, D> extends RoomDeclaration {
  /** The item as a line of the text. */
  readonly text: (item: T) => string;
  /** The item as an element of the data's array. */
  readonly data: (item: T) => D;
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
  /** Items follow the ones shown: left out to fit, or past this page of the whole list. */
  readonly more: boolean;
  /** The data's way on: `{ nextOffset }` when more follow, else nothing. */
  readonly onward: {
    /** The offset to call again with. */
    readonly nextOffset?: number;
  };
}

/** How {@link fitList} fits one call's list: its budget, and where the items lie in the whole list. */
export interface FitListOptions {
  /** The call's budget: its tokenization options (the registry's default when none), or characters. */
  readonly budget: CallBudget;
  /** The data's fields beside the list, when the declaration gives the data its own room. */
  readonly beside?: unknown;
  /** The offset of `items[0]` in the whole list. Default: 0. */
  readonly offset?: number;
  /** How many items the whole list has, when `items` is one page of it. Default: offset + items. */
  readonly total?: number;
}

/**
 * The items, from the first, whose text lines (joined by line feeds) and data (a JSON array) fit the
 * room the declaration leaves in the budget; at least the first of a list that has any.
 */
export function fitList<T, D>(
  list: ListDeclaration<T, D>,
  items: readonly T[],
  { budget, beside, offset = 0, total = offset + items.length }: FitListOptions,
): FittedList<T, D> {
  const room = roomFor(list, budget, beside);
  const fit = new ItemFit(room);
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
    const first = list.oversized ? list.oversized(items[0], room.maxChars) : items[0];
    shown = [first];
    lines.push(list.text(first));
    data.push(list.data(first));
  }
  const next = offset + shown.length;
  const more = next < total;
  const cut = shown.length < items.length;
  return { items: shown, lines, data, kept: shown.length, next, cut, more, onward: more ? { nextOffset: next } : {} };
}

/** `read_file with startLine 120`: the call that reads on from `value`. */
export function callWith(paging: Paging, value: string | number): string {
  return `${paging.tool} with ${paging.field}${paging.joiner ?? ': '}${value}`;
}

/** How {@link callAgain} words the call that gets the rest. */
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
