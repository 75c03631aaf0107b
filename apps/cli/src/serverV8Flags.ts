// The MCP server's V8 flags, and when it takes them: once it has answered its first request.
// node:v8 is required then, not imported: loading it costs ~2 ms of a start.

/**
 * A server lives long and a call's objects outlive a scavenge while it waits on git or a file: V8's
 * default lets garbage grow the old space to several times what is live before collecting it, and
 * grows the young generation from 2 to 32 MB as calls come (RSS +25–38 MB over 1,000 calls while the
 * live heap stays flat at ~18 MB). Favouring size collects the old space sooner; a young generation
 * that stops growing (a scavenge every few calls, well under a millisecond each) keeps the rest.
 */
export const SERVER_V8_FLAGS = ['--optimize-for-size', '--semi-space-growth-factor=1'] as const;

/** The bin's writer of the code caches this run made (apps/cli/bin/toolpacks.js); absent when run otherwise. */
const WRITE_CODE_CACHES = Symbol.for('toolpacks.writeCodeCaches');

let taken = false;

/**
 * Sets SERVER_V8_FLAGS, once, after the server has answered its first request rather than before it
 * starts: a start allocates far more than a call, and a young generation kept at its first size
 * collects it in dozens of scavenges (~35 ms of a ~250 ms start to the first tools/list). V8 rejects
 * a code cache made under other flags than the ones it is loaded under (none, at the next start), so
 * the bin's pending caches are written first; by now they hold the functions the start compiled.
 */
export function takeServerV8Flags(
  setFlags: (flag: string) => void = (flag) =>
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flag),
): void {
  if (taken) return;
  taken = true;
  const writeCodeCaches = (globalThis as Record<symbol, unknown>)[WRITE_CODE_CACHES];
  if (typeof writeCodeCaches === 'function') writeCodeCaches();
  for (const flag of SERVER_V8_FLAGS) setFlags(flag);
}
