// Disposables, events and cancellation: the same shapes as VS Code's, with no dependency on it.
import type { CancellationToken, Disposable, Event } from './types';

/**
 * Where errors go that no caller can receive: a listener that throws or rejects. Rethrowing them
 * would be an uncaught exception that ends a headless host, so they are reported instead.
 */
let unexpectedErrorHandler: (error: unknown) => void = (error) => console.error(`toolpacks: a listener failed: ${describeError(error)}`);

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

export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.add(item);
    return item;
  }

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

export class Emitter<T> implements Disposable {
  private listeners = new Set<(e: T) => unknown>();

  readonly event: Event<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs ? listener.bind(thisArgs) : listener;
    this.listeners.add(bound);
    const subscription = toDisposable(() => this.listeners.delete(bound));
    disposables?.push(subscription);
    return subscription;
  };

  fire(event: T): void {
    for (const listener of [...this.listeners]) {
      // A faulty listener must not stop the others, nor the registry change that fired.
      try {
        const returned = listener(event) as { then?: unknown } | undefined;
        if (returned && typeof returned.then === 'function') (returned as PromiseLike<unknown>).then(undefined, reportUnexpected);
      } catch (error) {
        reportUnexpected(error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

export class CancellationTokenSource implements Disposable {
  private readonly emitter = new Emitter<void>();
  private cancelled = false;
  private readonly parentSubscription?: Disposable;

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

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.emitter.fire();
  }

  dispose(): void {
    this.parentSubscription?.dispose();
    this.emitter.dispose();
  }
}
