// The call bounds on their own: the server and lane limits, lanes taking turns, refusals past the
// waiting bounds, a cancelled wait, and a slot given up while a person is asked.
import { CallLimiter, type Admission, type CallSlot } from './callLimiter';

const slotOf = (admission: Admission): CallSlot => {
  if (!('slot' in admission)) throw new Error(`refused: ${admission.refused}`);
  return admission.slot;
};

/** Admits a call and records when it starts (by its label). */
function starter(limiter: CallLimiter, started: string[]) {
  return (client: string, tool: string, label: string, signal?: AbortSignal) =>
    limiter.admit(client, tool, signal).then((admission) => {
      if ('slot' in admission) started.push(label);
      return admission;
    });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('CallLimiter', () => {
  it('runs at most `running` calls, at most `runningPerLane` of one lane, and keeps the rest for other lanes', async () => {
    const limiter = new CallLimiter({ running: 4, runningPerLane: 2 });
    const started: string[] = [];
    const admit = starter(limiter, started);
    const flood = Array.from({ length: 10 }, (_, i) => admit('a', 'grep_search', `a${i}`));
    await turn();
    expect(started).toEqual(['a0', 'a1']);
    expect(limiter.load).toEqual({ running: 2, waiting: 8 });
    // Another tool of the same client, another client: each starts at once.
    const read = admit('a', 'read_file', 'read');
    const other = admit('b', 'grep_search', 'b0');
    await turn();
    expect(started).toEqual(['a0', 'a1', 'read', 'b0']);
    slotOf(await read).release();
    slotOf(await other).release();
    await turn();
    // The lane is still at its own limit: nothing of it starts in the freed slots.
    expect(started).toHaveLength(4);
    for (const call of flood) slotOf(await call).release();
    expect(started).toEqual(['a0', 'a1', 'read', 'b0', ...Array.from({ length: 8 }, (_, i) => `a${i + 2}`)]);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('lanes waiting take turns: a lane that arrives later is not served after everything before it', async () => {
    const limiter = new CallLimiter({ running: 1, runningPerLane: 1 });
    const started: string[] = [];
    const admit = starter(limiter, started);
    const calls = new Map(['a0', 'a1', 'a2', 'a3', 'b0'].map((label) => [label, admit(label[0], 'x', label)]));
    await turn();
    // Each released as soon as it started: the order they start in is the order they were served.
    for (let i = 0; i < calls.size; i++) {
      await turn();
      slotOf(await calls.get(started[i])!).release();
    }
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2', 'a3']);
  });

  it('when the server is full, a lane with nothing running goes before the lanes already running', async () => {
    const limiter = new CallLimiter({ running: 3, runningPerLane: 2 });
    const started: string[] = [];
    const admit = starter(limiter, started);
    const calls = new Map(['a0', 'a1', 'b0', 'a2', 'b1', 'c0'].map((label) => [label, admit(label[0], 'x', label)]));
    await turn();
    expect(started).toEqual(['a0', 'a1', 'b0']);
    // a and b wait with calls running; c has none running: it is served first.
    slotOf(await calls.get('a0')!).release();
    await turn();
    expect(started).toEqual(['a0', 'a1', 'b0', 'c0']);
    for (const label of ['a1', 'b0', 'c0']) slotOf(await calls.get(label)!).release();
    for (const label of ['a2', 'b1']) slotOf(await calls.get(label)!).release();
    expect(started.slice(4).sort()).toEqual(['a2', 'b1']);
  });

  it('refuses past the waiting bounds with words the model can act on, and runs nothing for them', async () => {
    const limiter = new CallLimiter({ running: 1, waitingPerLane: 2, waiting: 3 });
    const running = slotOf(await limiter.admit('a', 'grep_search'));
    const queued = [limiter.admit('a', 'grep_search'), limiter.admit('a', 'grep_search')];
    const laneFull = await limiter.admit('a', 'grep_search');
    expect(laneFull).toEqual({
      refused: expect.stringMatching(
        /^The server is busy: 1 calls of `grep_search` from this client are running and 2 more are waiting\. Nothing was run\. Wait for some of them to answer, then call again/,
      ),
    });
    const another = limiter.admit('b', 'read_file');
    expect(await limiter.admit('c', 'read_file')).toEqual({
      refused: expect.stringMatching(/^The server is busy: 1 calls are running and 3 are waiting\. Nothing was run\./),
    });
    running.release();
    // Lanes take turns: the second lane's call runs between the first lane's two.
    for (const call of [queued[0], another, queued[1]]) slotOf(await call).release();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a call cancelled while it waits leaves the queue and is never started', async () => {
    const limiter = new CallLimiter({ running: 1 });
    const started: string[] = [];
    const admit = starter(limiter, started);
    const first = admit('a', 'x', 'first');
    const controller = new AbortController();
    const cancelled = admit('a', 'x', 'cancelled', controller.signal);
    const last = admit('a', 'x', 'last');
    controller.abort();
    expect(await cancelled).toEqual({ refused: 'The call was cancelled before it started; nothing was run.' });
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    slotOf(await first).release();
    slotOf(await last).release();
    expect(started).toEqual(['first', 'last']);
  });

  it('a call waiting for a person gives its slot up, and takes one back before any waiting call', async () => {
    const limiter = new CallLimiter({ running: 1 });
    const started: string[] = [];
    const admit = starter(limiter, started);
    const asking = slotOf(await admit('a', 'create_file', 'asking'));
    let answer!: (value: string) => void;
    const asked = asking.whileWaiting(() => new Promise<string>((resolve) => (answer = resolve)));
    // While the question waits, another call runs in its slot.
    const read = slotOf(await admit('a', 'read_file', 'read'));
    const waiting = admit('b', 'grep_search', 'grep');
    answer('yes');
    await turn();
    // The answered call waits for the slot, ahead of the grep that waited before it came back.
    expect(started).toEqual(['asking', 'read']);
    read.release();
    expect(await asked).toBe('yes');
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    asking.release();
    slotOf(await waiting).release();
    expect(started).toEqual(['asking', 'read', 'grep']);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });
});
