// VS Code's shapes for disposables, events and cancellation, so that code written against these is
// valid against `vscode`'s and the other way round, without depending on VS Code.

/** Same shape as `vscode.Disposable`. */
export interface Disposable {
  /** Releases what the object holds; calling it again does nothing. */
  dispose(): void;
}

/** Same shape as `vscode.Event`. */
export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

/** The subset of `vscode.CancellationToken` the packs and hosts rely on. */
export interface CancellationToken {
  /** Whether cancellation was requested. */
  readonly isCancellationRequested: boolean;
  /** Fires once when cancellation is requested. */
  readonly onCancellationRequested: Event<unknown>;
}

/** Ready-made tokens, as `vscode.CancellationToken` offers. */
export const CancellationToken = {
  /** A token that is never cancelled. */
  None: Object.freeze<CancellationToken>({
    isCancellationRequested: false,
    onCancellationRequested: () => ({ dispose() {} }),
  }),
};
