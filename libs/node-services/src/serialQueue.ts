// Runs async jobs one after another. A job waiting its turn can be cancelled: it leaves the
// queue without running, and the jobs behind it still wait for the one running now.
import type { CancellationToken } from '@toolpacks/base';

export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  run<T>(job: () => Promise<T>, token: CancellationToken | undefined, cancelled: () => Error): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    // The next job waits for everything before this one as well as for this one.
    this.tail = before.then(() => mine);
    return (async () => {
      try {
        const turn = await waitOrCancel(before, token);
        if (turn === 'cancelled') throw cancelled();
        return await job();
      } finally {
        release();
      }
    })();
  }
}

function waitOrCancel(turn: Promise<void>, token: CancellationToken | undefined): Promise<'turn' | 'cancelled'> {
  if (!token) return turn.then(() => 'turn');
  if (token.isCancellationRequested) return Promise.resolve('cancelled');
  return new Promise((resolve) => {
    const subscription = token.onCancellationRequested(() => {
      subscription.dispose();
      resolve('cancelled');
    });
    void turn.then(() => {
      subscription.dispose();
      resolve('turn');
    });
  });
}
