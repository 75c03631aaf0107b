// How many tools/call requests run at once. One client can send hundreds of calls at once (a model
// fanning out grep_search): unbounded, they all ran together, each with its child processes, and a
// request on a fresh connection waited a minute (issue 30 finding 8). Calls run in lanes, one per
// client and tool: at most `running` calls run in the server, at most `runningPerLane` of one lane
// (so a few slots are always left for everyone else), the rest wait their turn, the lane running
// the fewest first, lanes taking turns among equals; past `waitingPerLane` (or `waiting` in all) a
// call is refused at once with words the model can act on. What is not a call (tools/list,
// discovery, notifications) never waits here. A call waiting for a person's answer gives its slot
// up meanwhile (a question can wait minutes).
import { availableParallelism } from 'node:os';

/**
 * Calls running at once by default: twice the cores, at least 4. A search is a few processes (rg
 * runs on every core, git beside it): more at once only queue on the CPU, and a fresh request
 * waits behind them.
 */
export const DEFAULT_RUNNING = Math.max(4, 2 * availableParallelism());

/** The bounds of one server (HTTP) or connection (stdio). */
export interface CallLimits {
  /** Calls running at once (default: twice the cores, at least 4). */
  readonly running?: number;
  /** Calls of one lane (a client's calls of one tool) running at once (default `running` − 2, at least 1). */
  readonly runningPerLane?: number;
  /** Calls of one lane waiting (default 1,000); the next one is refused. */
  readonly waitingPerLane?: number;
  /** Calls waiting in all (default 4,000); the next one is refused. */
  readonly waiting?: number;
}

/** What the serving entries take besides McpServerOptions. */
export interface CallLimitOptions {
  readonly callLimits?: CallLimits;
}

/** A running call's place: given back when it ends; given up while it waits for a person. */
export interface CallSlot {
  release(): void;
  /** Runs `wait` without holding the slot, then takes a slot again before any waiting call. */
  whileWaiting<T>(wait: () => Promise<T>): Promise<T>;
}

/** A call admitted, or refused with the text to answer it with. */
export type Admission = { readonly slot: CallSlot } | { readonly refused: string };

interface Waiter {
  readonly lane: Lane;
  readonly start: () => void;
}

interface Lane {
  readonly key: string;
  readonly tool: string;
  running: number;
  /** Calls of the lane waiting for a person's answer, their slot given up. */
  paused: number;
  readonly waiting: Waiter[];
}

export class CallLimiter {
  private readonly running: number;
  private readonly runningPerLane: number;
  private readonly waitingPerLane: number;
  private readonly waitingInAll: number;
  private readonly lanes = new Map<string, Lane>();
  /** Lanes with waiting calls, in turn order: the front one is served next (when it may run). */
  private turns: Lane[] = [];
  /** Calls coming back from a person's answer: served before any lane. */
  private readonly resuming: (() => void)[] = [];
  private runningNow = 0;
  private waitingNow = 0;

  constructor(limits: CallLimits = {}) {
    this.running = Math.max(1, limits.running ?? DEFAULT_RUNNING);
    this.runningPerLane = Math.min(this.running, Math.max(1, limits.runningPerLane ?? this.running - 2));
    this.waitingPerLane = Math.max(0, limits.waitingPerLane ?? 1_000);
    this.waitingInAll = Math.max(0, limits.waiting ?? 4_000);
  }

  /** Calls running and waiting now (for specs and the bench). */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.runningNow, waiting: this.waitingNow };
  }

  /**
   * A slot for a call of `tool` by `client` (any stable name for the party: a session, a connection,
   * a client's name). Waits while the server or the lane is full; `signal` (the request's) ends the wait.
   */
  admit(client: string, tool: string, signal?: AbortSignal): Promise<Admission> {
    const key = JSON.stringify([client, tool]);
    const lane = this.lanes.get(key) ?? { key, tool, running: 0, paused: 0, waiting: [] };
    this.lanes.set(key, lane);
    if (this.mayRun(lane) && lane.waiting.length === 0) return Promise.resolve({ slot: this.start(lane) });
    if (lane.waiting.length >= this.waitingPerLane || this.waitingNow >= this.waitingInAll) {
      this.forget(lane);
      return Promise.resolve({ refused: this.busy(lane) });
    }
    if (signal?.aborted) {
      this.forget(lane);
      return Promise.resolve({ refused: CANCELLED });
    }
    return new Promise<Admission>((resolve) => {
      const onAbort = () => {
        const at = lane.waiting.indexOf(waiter);
        if (at < 0) return;
        lane.waiting.splice(at, 1);
        this.waitingNow--;
        if (lane.waiting.length === 0) this.turns = this.turns.filter((l) => l !== lane);
        this.forget(lane);
        resolve({ refused: CANCELLED });
      };
      const waiter: Waiter = {
        lane,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve({ slot: this.start(lane) });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (lane.waiting.length === 0) this.turns.push(lane);
      lane.waiting.push(waiter);
      this.waitingNow++;
    });
  }

  private mayRun(lane: Lane): boolean {
    return this.runningNow < this.running && lane.running < this.runningPerLane && this.resuming.length === 0;
  }

  private start(lane: Lane): CallSlot {
    this.runningNow++;
    lane.running++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.runningNow--;
      lane.running--;
      this.forget(lane);
      this.dispatch();
    };
    return {
      release,
      whileWaiting: async (wait) => {
        if (!held) return wait();
        lane.paused++;
        release();
        try {
          return await wait();
        } finally {
          await new Promise<void>((resume) => {
            this.resuming.push(() => {
              held = true;
              this.runningNow++;
              lane.running++;
              lane.paused--;
              resume();
            });
            this.dispatch();
          });
        }
      },
    };
  }

  /** Starts what may run now: calls coming back from a question first, then the lanes in turn. */
  private dispatch(): void {
    while (this.runningNow < this.running && this.resuming.length > 0) this.resuming.shift()!();
    while (this.runningNow < this.running) {
      // The lane running the fewest goes first (a client that has nothing running yet is not
      // served after a flood); among equals, the one whose turn came first.
      let at = -1;
      for (let i = 0; i < this.turns.length; i++) {
        const lane = this.turns[i];
        if (lane.running < this.runningPerLane && (at < 0 || lane.running < this.turns[at].running)) at = i;
      }
      if (at < 0) return;
      const lane = this.turns[at];
      const waiter = lane.waiting.shift()!;
      this.waitingNow--;
      // Served: to the back of the turns, when it still has calls waiting.
      this.turns.splice(at, 1);
      if (lane.waiting.length > 0) this.turns.push(lane);
      waiter.start();
    }
  }

  /** A lane with nothing running or waiting is dropped (lanes are per client: they must not pile up). */
  private forget(lane: Lane): void {
    if (lane.running === 0 && lane.paused === 0 && lane.waiting.length === 0) this.lanes.delete(lane.key);
  }

  private busy(lane: Lane): string {
    const laneFull = lane.waiting.length >= this.waitingPerLane;
    return laneFull
      ? `The server is busy: ${lane.running} calls of \`${lane.tool}\` from this client are running and ${lane.waiting.length} more are waiting. Nothing was run. Wait for some of them to answer, then call again (or make fewer calls at once).`
      : `The server is busy: ${this.runningNow} calls are running and ${this.waitingNow} are waiting. Nothing was run. Wait for some of your calls to answer, then call again.`;
  }
}

const CANCELLED = 'The call was cancelled before it started; nothing was run.';
