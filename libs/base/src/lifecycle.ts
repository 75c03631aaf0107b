// Disposables, events and cancellation: the same shapes as VS Code's, with no dependency on it.
import type { CancellationToken, Disposable, Event } from './types';

/**
 * Where errors go that no caller can receive: a listener that throws or rejects. Rethrowing them
 * would be an uncaught exception that ends a headless host, so they are reported instead.
 */
let unexpectedErrorHandler: (error: unknown) => void = (error) =>
  console.error(`toolpacks: a listener failed: ${describeError(error)}`);

/** Replaces the handler of listener errors (hosts route them to their log); returns the previous one. */
export function setUnexpectedErrorHandler(handler: (error: unknown) => void): (error: unknown) => void {
  const previous = unexpectedErrorHandler;
  unexpectedErrorHandler = handler;
  return previous;
}

/** The error's message, never throwing whatever its toString does. */
function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return '(an error that cannot be shown)';
  }
}

function reportUnexpected(error: unknown): void {
  try {
    unexpectedErrorHandler(error);
  } catch {
    // The handler itself failed: nothing is left to tell.
  }
}

/** A disposable that calls `fn` on its first dispose() only. */
export function toDisposable(fn: () => void): Disposable {
  let disposed = false;
  return {
    dispose() {
      if (!disposed) {
        disposed = true;
        fn();
      }
    },
  };
}

/** Disposables disposed together; one added after the store was disposed is disposed at once. */
export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  /** Adds `item` (disposing it at once if the store is already disposed) and returns it. */
  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.add(item);
    return item;
  }

  /** Disposes every item, each even if another throws; then throws an AggregateError of their errors, if any. */
  dispose(): void {
    this.disposed = true;
    const errors: unknown[] = [];
    for (const item of this.items) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    this.items.clear();
    if (errors.length) throw new AggregateError(errors, 'Some disposables failed to dispose');
  }
}

/** An event source in `vscode.EventEmitter`'s shape: subscribe through {@link Emitter.event}, notify with {@link Emitter.fire}. */
export class Emitter<T> implements Disposable {
  private listeners = new Set<(e: T) => unknown>();

  /** Subscribes a listener; dispose the returned subscription to stop listening. */
  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs ? listener.bind(thisArgs) : listener;
    this.listeners.add(bound);
    const subscription = toDisposable(() => this.listeners.delete(bound));
    disposables?.push(subscription);
    return subscription;
  };

  /**
   * Calls every listener with `event`. A listener that throws or rejects does not stop the others:
   * its error goes to the unexpected-error handler (see {@link setUnexpectedErrorHandler}).
   */
  fire(event: T): void {
    for (const listener of [...this.listeners]) {
      // A faulty listener must not stop the others, nor the registry change that fired.
      try {
        const returned = listener(event) as { then?: unknown } | undefined;
        if (returned && typeof returned.then === 'function')
          (returned as PromiseLike<unknown>).then(undefined, reportUnexpected);
      } catch (error) {
        reportUnexpected(error);
      }
    }
  }

  /** Removes every listener. */
  dispose(): void {
    this.listeners.clear();
  }
}

/** Creates a {@link CancellationToken} and cancels it, as `vscode.CancellationTokenSource`; a parent token's cancellation cancels it too. */
export class CancellationTokenSource implements Disposable {
  private readonly emitter = new Emitter<void>();
  private cancelled = false;
  private readonly parentSubscription?: Disposable;

  /** The token this source cancels. */
  readonly token: CancellationToken;

  constructor(parent?: CancellationToken) {
    const self = this;
    this.token = {
      get isCancellationRequested() {
        return self.cancelled;
      },
      onCancellationRequested: (listener, thisArgs, disposables) => {
        if (self.cancelled) {
          queueMicrotask(() => listener.call(thisArgs, undefined));
          return toDisposable(() => undefined);
        }
        return self.emitter.event(listener, thisArgs, disposables);
      },
    };
    if (parent?.isCancellationRequested) this.cancel();
    else if (parent) this.parentSubscription = parent.onCancellationRequested(() => this.cancel());
  }

  /** Requests cancellation: the token's listeners fire once; later calls do nothing. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.emitter.fire();
  }

  /** Stops following the parent token and drops the listeners (without cancelling). */
  dispose(): void {
    this.parentSubscription?.dispose();
    this.emitter.dispose();
  }
}
