// What a pack declares of the room its result takes out of the call's budget, so that no pack
// counts the budget by hand: characters kept for what the fitted part does not hold, a cap of the
// tool's own, and, for data beside other fields, what those fields take as JSON.
import type { ToolTokenizationOptions } from '../definitions';
import { resultCharBudget } from './budget';
import { roomBeside } from './jsonSize';

/** What a pack declares of the room its result takes out of the call's budget. */
export interface RoomDeclaration {
  /** Characters of the budget kept for the rest of the result: its header, notes and other fields. */
  readonly reserve?: number;
  /** The tool's own cap on its text (a reference tool's limit), below the budget. */
  readonly atMost?: number;
  /**
   * Given: the data has its own room, the budget less the JSON of the fields beside the fitted part
   * and this many characters more. Not given: the data has the text's room.
   */
  readonly dataReserve?: number;
}

/** The room for a result's text, and for its data as JSON. */
export interface Room {
  /** Characters the text may hold. */
  readonly maxChars: number;
  /** Characters the data may take as JSON. */
  readonly maxJsonChars: number;
}

/** The call's budget: its tokenization options (the registry's default when none), or characters. */
export type CallBudget = ToolTokenizationOptions | number | undefined;

/** The room `declared` leaves in this call's budget; `beside`: the data's other fields. */
export function roomFor(declared: RoomDeclaration, budget: CallBudget, beside?: unknown): Room {
  const chars = typeof budget === 'number' ? budget : resultCharBudget(budget);
  const maxChars = Math.min(declared.atMost ?? Infinity, chars - (declared.reserve ?? 0));
  const maxJsonChars = declared.dataReserve === undefined ? maxChars : roomBeside(chars, beside, declared.dataReserve);
  return { maxChars, maxJsonChars };
}
