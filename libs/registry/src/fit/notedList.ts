// A list whose text, when anything is left out, ends with a note that says what and how to get the
// rest. The note needs its room only then: a list that fits the whole budget is shown whole without
// it; a cut list leaves the note its room, at most a share of a small budget so that the list shows.
import { resultCharBudget } from './budget';
import { fitList, type FitListOptions, type FittedList, type ListDeclaration, type Paging } from './fitList';
import { ItemFit } from './itemFit';
import { jsonChars } from './jsonSize';
import { roomFor } from './room';

/** The room a list's note takes when the list is cut: `most` characters, and at most `share` of the budget. */
export interface NoteRoom {
  /** Characters kept for the note at the most. */
  readonly most: number;
  /** The share of the budget the note may take at the most (0 to 1): a small budget keeps the rest for the list. */
  readonly share: number;
}

/** What a pack declares of a list whose text ends with a note when it is cut. */
export interface NotedListDeclaration<T, D> extends Omit<ListDeclaration<T, D>, 'paging' | 'reserve'> {
  /** The note's room when the list is cut. */
  readonly note: NoteRoom;
  /** How to ask for the items after the ones shown, when the list pages (a list of branches does not). */
  readonly paging?: Paging;
}

/** How {@link fitNotedList} fits one call's list. */
export interface NotedListOptions extends FitListOptions {
  /**
   * The note is shown in any case (the list was cut before it came, at its source): the note's room
   * is kept even when the whole list would fit the budget without it.
   */
  readonly noted?: boolean;
}

/** What of a noted list fitted the budget. */
export interface FittedNotedList<T, D> extends FittedList<T, D> {
  /** The whole list fitted the budget: no note is needed for the budget's sake. */
  readonly whole: boolean;
  /** The call's budget in characters, for the note to name. */
  readonly budgetChars: number;
}

// fitList's declaration wants a way on; a noted list without one renders none, so none is read.
const NO_PAGING: Paging = { tool: '', field: '' };

/**
 * The list whole when its text and data fit the whole budget (and the note is not needed anyway);
 * else the items, from the first, that fit the budget less the note's room (at least the first).
 */
export function fitNotedList<T, D>(
  list: NotedListDeclaration<T, D>,
  items: readonly T[],
  options: NotedListOptions,
): FittedNotedList<T, D> {
  const budgetChars = typeof options.budget === 'number' ? options.budget : resultCharBudget(options.budget);
  const declared: ListDeclaration<T, D> = { ...list, paging: list.paging ?? NO_PAGING };
  const whole = !options.noted && fitsWhole(declared, items, budgetChars, options.beside);
  const reserve = whole ? 0 : Math.min(list.note.most, budgetChars * list.note.share);
  const fitted = fitList({ ...declared, reserve }, items, { ...options, budget: budgetChars });
  return { ...fitted, whole, budgetChars };
}

/** Every item's text (lines joined by line feeds) and data (a JSON array) fit the whole budget. */
function fitsWhole<T, D>(list: ListDeclaration<T, D>, items: readonly T[], budget: number, beside: unknown): boolean {
  const fit = new ItemFit(roomFor({ ...list, reserve: 0 }, budget, beside));
  return items.every((item) => fit.take(list.text(item).length, jsonChars(list.data(item))));
}

/**
 * The start of `text` that fits `maxChars`, at its last line end within them (in the middle when its
 * first line alone is over): an item shown in part, so that the model sees something to narrow.
 */
export function startAtLine(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = text.lastIndexOf('\n', maxChars);
  return text.slice(0, end > 0 ? end : maxChars);
}
