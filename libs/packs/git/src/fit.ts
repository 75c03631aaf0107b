// The structured result within the same budget as the text: a short line of text is a much longer
// JSON object, so a list that fits as text may not fit as data. Lists are cut at an item, and where
// the text lists the same items it is cut at the same one, so both name the same way on.
import { ItemFit, jsonChars, type RoomDeclaration } from '@toolpacks/registry';

/**
 * How many items, from the first, fit `maxChars` as a JSON array (its brackets and a comma between
 * two): the registry's ItemFit counts an item's JSON and one character, so one is kept for the bracket.
 */
export function fitCount(items: readonly unknown[], maxChars: number): number {
  const fit = new ItemFit({ maxChars: Infinity, maxJsonChars: maxChars - 1 });
  while (fit.kept < items.length && fit.take(0, jsonChars(items[fit.kept])));
  return fit.kept;
}

/** The first items that fit `maxChars` as a JSON array. */
export function fitItems<T>(items: readonly T[], maxChars: number): T[] {
  return items.slice(0, fitCount(items, maxChars));
}

/** `text` cut to at most `maxChars` characters (a value too long for the budget on its own). */
export function clip(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(0, maxChars - 1))}…`;
}

/** The registry's room for a list of data beside other fields: those fields' JSON and 150 characters more. */
export const BESIDE_FIELDS: RoomDeclaration = { dataReserve: 150 };
