// A list of data beside other fields of a structured result: the items, from the first, that fit
// the room left to it as a JSON array; and a value cut short that is too long for the budget alone.
import { ItemFit } from './itemFit';
import { jsonChars } from './jsonSize';
import { roomFor, type CallBudget, type RoomDeclaration } from './room';

/** The first items that fit `maxJsonChars` as a JSON array (its brackets, and a comma between two). */
export function fitJsonArray<T>(items: readonly T[], maxJsonChars: number): T[] {
  // ItemFit counts an item's JSON and one character (its comma): one more is the closing bracket's.
  const fit = new ItemFit({ maxChars: Infinity, maxJsonChars: maxJsonChars - 1 });
  while (fit.kept < items.length && fit.take(0, jsonChars(items[fit.kept])));
  return items.slice(0, fit.kept);
}

/**
 * The first items that fit, as a JSON array, the data's room `declared` leaves in the call's budget
 * beside the result's other fields (`beside`).
 */
export function fitArrayBeside<T>(
  items: readonly T[],
  declared: RoomDeclaration,
  budget: CallBudget,
  beside: unknown,
): T[] {
  return fitJsonArray(items, roomFor(declared, budget, beside).maxJsonChars);
}

/** `text` cut to at most `maxChars` characters, its end marked `…` (a value too long for the budget alone). */
export function clipText(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1))}…`;
}
