export { CancellationToken, type Disposable, type Event } from './types';
export { CancellationTokenSource, DisposableStore, Emitter, setUnexpectedErrorHandler, toDisposable } from './lifecycle';
