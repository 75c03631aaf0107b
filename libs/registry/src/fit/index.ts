// The result budget and the one fit of what a tool returns to it (text and data at the same item).
export { CHARS_PER_TOKEN, DEFAULT_RESULT_TOKEN_BUDGET, resultCharBudget } from './budget';
export {
  callAgain,
  callWith,
  fitList,
  type CallAgainOptions,
  type FitListOptions,
  type FittedList,
  type ListDeclaration,
  type Paging,
} from './fitList';
export {
  fitSections,
  fitTextAndJson,
  ItemFit,
  type DataLayout,
  type FitLimits,
  type FittedSections,
  type ItemFitOptions,
} from './itemFit';
export { roomFor, type CallBudget, type Room, type RoomDeclaration } from './room';
export { jsonChars, jsonLineChars, jsonStringChars, partWithinJson, roomBeside } from './jsonSize';
export { clipText, fitArrayBeside, fitJsonArray } from './jsonArray';
export {
  fitNotedList,
  startAtLine,
  type FittedNotedList,
  type NotedListDeclaration,
  type NotedListOptions,
  type NoteRoom,
} from './notedList';
