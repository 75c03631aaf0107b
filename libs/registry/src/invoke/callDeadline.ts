// One call's deadline and cancellation: the tool's own work (prepare, invoke) runs against the
// timeout; the time a person takes to answer a confirmation does not. A call stops when the host
// cancels it or the deadline passes, and a tool that blocked the event loop past the deadline has its
// late result discarded rather than reported as a success it did not have in time.
import { CancellationTokenSource, type CancellationToken } from '@toolpacks/base';
import type { ToolCallStatus } from '../definitions';

export class CallDeadline {
  private readonly source: CancellationTokenSource;
  private readonly interrupted: Promise<'interrupted'>;
  private timedOut = false;
  private overranMs: number | undefined;

  constructor(
    private readonly toolName: string,
    hostToken: CancellationToken | undefined,
    private readonly timeoutMs: number,
  ) {
    this.source = new CancellationTokenSource(hostToken);
    this.interrupted = new Promise((resolve) =>
      this.source.token.onCancellationRequested(() => resolve('interrupted')),
    );
  }

  /** The token the tool receives: cancelled by the host or at the deadline. */
  get token(): CancellationToken {
    return this.source.token;
  }

  /** Runs `work` until it settles or the call stops (`timed`: against the deadline). */
  async run<T>(work: () => PromiseLike<T> | T, timed = true): Promise<T | 'interrupted'> {
    if (this.source.token.isCancellationRequested) return 'interrupted';
    const timer = timed
      ? setTimeout(() => {
          this.timedOut = true;
          this.source.cancel();
        }, this.timeoutMs)
      : undefined;
    const started = performance.now();
    try {
      const outcome = await Promise.race([Promise.resolve().then(work), this.interrupted]);
      // A tool that blocks the event loop keeps the timer from firing: its late result is not
      // reported as a success it did not have within the deadline.
      if (timed && outcome !== 'interrupted' && performance.now() - started > this.timeoutMs) {
        this.overranMs = Math.round(performance.now() - started);
        this.timedOut = true;
        this.source.cancel();
        return 'interrupted';
      }
      return outcome;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Why the call stopped, as the model is told it. */
  stoppedAnswer(): [ToolCallStatus, string] {
    const name = this.toolName;
    if (this.overranMs !== undefined)
      return [
        'timeout',
        `Tool \`${name}\` did not finish within ${this.timeoutMs} ms (it held the host for ${this.overranMs} ms, ` +
          `so it could not be stopped); its result was discarded. It may have done part of its work: check before ` +
          `calling it again, or try a narrower request.`,
      ];
    if (this.timedOut)
      return [
        'timeout',
        `Tool \`${name}\` did not finish within ${this.timeoutMs} ms and was stopped. Try a narrower request ` +
          `(fewer files, a smaller range) or continue without it.`,
      ];
    return ['cancelled', `The call to \`${name}\` was cancelled; it did not complete.`];
  }

  dispose(): void {
    this.source.dispose();
  }
}
