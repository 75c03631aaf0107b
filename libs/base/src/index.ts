export { CancellationToken, type Disposable, type Event } from './types';
export {
  CancellationTokenSource,
  DisposableStore,
  Emitter,
  setUnexpectedErrorHandler,
  toDisposable,
} from './lifecycle';
export { boundedList, listBounded, quoteBounded, safeString, MAX_LISTED_ITEMS, MAX_QUOTED_CHARS } from './boundedText';
