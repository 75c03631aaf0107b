// VS Code's shapes for disposables, events and cancellation, so that code written against these is
// valid against `vscode`'s and the other way round, without depending on VS Code.

/** Same shape as `vscode.Disposable`. */
export interface Disposable {
  dispose(): void;
}

/** Same shape as `vscode.Event`. */
export type Event<T> = (listener: (e: T) => unknown, thisArgs?: unknown, disposables?: Disposable[]) => Disposable;

/** The subset of `vscode.CancellationToken` the packs and hosts rely on. */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
  readonly onCancellationRequested: Event<unknown>;
}

export const CancellationToken = {
  None: Object.freeze<CancellationToken>({ isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) }),
};
