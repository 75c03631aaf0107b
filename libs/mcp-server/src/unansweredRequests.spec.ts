// UnansweredRequests: the requests passed on are counted until answered or cancelled by the client;
// notifications, the client's answers and the opening a host already answered are not waited for.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { UnansweredRequests } from './unansweredRequests';

/** An inner wire the spec drives: `deliver` is a message from the client, `sent` what went out. */
function wire() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: async () => undefined,
    send: async (message) => void sent.push(message),
    close: async () => undefined,
  };
  const deliver = (message: object) => inner.onmessage?.(message as JSONRPCMessage);
  return { inner, sent, deliver };
}

/** Whether `promise` has settled after the pending callbacks ran. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

const request = (id: number | string, method = 'tools/list') => ({ jsonrpc: '2.0', id, method });
const answer = (id: number | string) => ({ jsonrpc: '2.0', id, result: {} }) as JSONRPCMessage;

it('waits for every request passed on, and settles when the last is answered', async () => {
  const w = wire();
  const tracked = new UnansweredRequests(w.inner);
  const seen: unknown[] = [];
  tracked.onmessage = (message) => void seen.push(message);
  await tracked.start();
  expect(await isSettled(tracked.allAnswered())).toBe(true);
  w.deliver(request(1));
  w.deliver(request('two', 'tools/call'));
  w.deliver({ jsonrpc: '2.0', method: 'notifications/initialized' });
  w.deliver({ jsonrpc: '2.0', id: 'server-asked', result: {} }); // the client's answer to a server request
  expect(seen).toHaveLength(4);
  const all = tracked.allAnswered();
  await tracked.send(answer(1));
  expect(await isSettled(all)).toBe(false);
  await tracked.send(answer('two'));
  expect(await isSettled(all)).toBe(true);
  expect(w.sent).toEqual([answer(1), answer('two')]);
});

it('a request the client cancelled is not waited for', async () => {
  const w = wire();
  const tracked = new UnansweredRequests(w.inner);
  await tracked.start();
  w.deliver(request(7, 'tools/call'));
  const all = tracked.allAnswered();
  expect(await isSettled(all)).toBe(false);
  w.deliver({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
  expect(await isSettled(all)).toBe(true);
});

it('the opening a host answered early is not waited for, a later request with its id is', async () => {
  const w = wire();
  const tracked = new UnansweredRequests(w.inner, 1);
  await tracked.start();
  w.deliver(request(1, 'initialize'));
  expect(await isSettled(tracked.allAnswered())).toBe(true);
  w.deliver(request(1));
  expect(await isSettled(tracked.allAnswered())).toBe(false);
});

it('calls onFirstSend once, after the first message is sent', async () => {
  const w = wire();
  const calls: number[] = [];
  const tracked = new UnansweredRequests(w.inner, undefined, () => calls.push(w.sent.length));
  await tracked.start();
  await tracked.send(answer(1));
  await tracked.send(answer(2));
  expect(calls).toEqual([1]);
});
