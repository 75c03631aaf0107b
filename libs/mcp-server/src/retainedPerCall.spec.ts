// Issue 33 ("RSS after 1,000 calls within +20 MB of start: find what grows"): a call keeps nothing
// once it is answered. Over a real NodeHost session (a git repository, the four packs) and the SDK's
// client, what every call makes is counted after a warm-up and again after a few hundred more
// read_file, git_status and grep_search calls, each count after a full collection: the request's
// abort controller and signal, the git and rg child processes, their pipes and every other event
// emitter (v8.queryObjects: Node's own classes), and each call's cancellation source (weak references:
// queryObjects does not see objects of the specs' own realm). Something kept per call (a listener left
// on a signal, a cache keyed per request, a queue never emptied) adds at least one per call: hundreds
// here, against the small slack that lazily made state may take.
import { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { queryObjects, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { call, cleanUpSessions, open } from './testing/nodeSessions';

/** Each cancellation source a call makes, held weakly: the live ones are those something still keeps. */
const sources: WeakRef<object>[] = [];
jest.mock('@toolpacks/base', () => {
  const actual = jest.requireActual<typeof import('@toolpacks/base')>('@toolpacks/base');
  class TrackedCancellationTokenSource extends actual.CancellationTokenSource {
    constructor(...args: ConstructorParameters<typeof actual.CancellationTokenSource>) {
      super(...args);
      sources.push(new WeakRef(this));
    }
  }
  return { ...actual, CancellationTokenSource: TrackedCancellationTokenSource };
});

jest.setTimeout(240_000);
cleanUpSessions();

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Calls after the warm-up: each of the three tools this many times. */
const ROUNDS = 100;
/** What lazily made state (a cache filled once, a pool's sockets) may add between two counts. */
const SLACK = 10;

const nodeClasses: Record<string, new (...args: never[]) => unknown> = {
  AbortController,
  AbortSignal,
  ChildProcess,
  EventEmitter,
};

function liveCounts(): Record<string, number> {
  collectGarbage();
  collectGarbage();
  const counts: Record<string, number> = {};
  for (const [name, type] of Object.entries(nodeClasses))
    counts[name] = queryObjects(type, { format: 'count' }) as number;
  counts.CancellationTokenSource = sources.filter((source) => source.deref() !== undefined).length;
  return counts;
}

it('read_file, git_status and grep_search keep no object per call once answered', async () => {
  const c = await open({}, { git: true });
  // A change for git_status to report (the fixture's files are committed).
  await fs.writeFile(path.join((await c.root()).root, 'draft.txt'), 'a change\n');
  const calls: [string, Record<string, unknown>, RegExp][] = [
    ['read_file', { filePath: 'notes.txt' }, /hello from notes/],
    ['git_status', {}, /draft\.txt/],
    ['grep_search', { query: 'hello' }, /notes\.txt/],
  ];
  const round = async () => {
    for (const [name, args, expected] of calls) {
      const result = await call(c, name, args);
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      expect(c.text(result)).toMatch(expected);
    }
  };
  for (let i = 0; i < 20; i++) await round();
  const before = liveCounts();
  const made = sources.length;
  for (let i = 0; i < ROUNDS; i++) await round();
  const after = liveCounts();
  // The tracking sees the calls: at least one cancellation source each (the server's; the registry's).
  expect(sources.length - made).toBeGreaterThanOrEqual(ROUNDS * calls.length);
  const kept = Object.keys(after).filter((name) => after[name] - before[name] > SLACK);
  expect({ kept, before, after }).toEqual({ kept: [], before, after });
});
