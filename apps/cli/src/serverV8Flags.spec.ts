// The server's V8 flags are taken once, and only after the bin's pending code caches are written: a
// cache written after the flags would be rejected at the next start, which loads without them.
import { SERVER_V8_FLAGS } from './serverV8Flags';

const WRITE_CODE_CACHES = Symbol.for('toolpacks.writeCodeCaches');

/** A fresh copy of the module (its once-only state) with the bin's writer stood in by `writer`. */
function freshModule(writer: (() => void) | undefined): typeof import('./serverV8Flags') {
  const global = globalThis as Record<symbol, unknown>;
  if (writer) global[WRITE_CODE_CACHES] = writer;
  else delete global[WRITE_CODE_CACHES];
  let fresh!: typeof import('./serverV8Flags');
  jest.isolateModules(() => {
    fresh = require('./serverV8Flags') as typeof import('./serverV8Flags');
  });
  return fresh;
}

afterEach(() => delete (globalThis as Record<symbol, unknown>)[WRITE_CODE_CACHES]);

it('writes the code caches first, then sets every server flag, once', () => {
  const events: string[] = [];
  const { takeServerV8Flags } = freshModule(() => events.push('caches'));
  const setFlag = (flag: string) => events.push(flag);
  takeServerV8Flags(setFlag);
  takeServerV8Flags(setFlag);
  expect(events).toEqual(['caches', ...SERVER_V8_FLAGS]);
});

it('sets the flags when no bin started the process (no caches to write)', () => {
  const flags: string[] = [];
  const { takeServerV8Flags } = freshModule(undefined);
  takeServerV8Flags((flag) => flags.push(flag));
  expect(flags).toEqual([...SERVER_V8_FLAGS]);
});
