// `toolpacks mcp` through the bin, in real processes: V8's code cache of the mcp bundle is used by the
// next start, not rejected and written again on every run, and so is the cache of the opening stage's
// bundle that runs before it. The server sets V8 flags once it has answered its first request
// (serverV8Flags.ts), and a cache made under other flags than the next start's is rejected: were the
// caches written at exit, after the flags, every start would compile the 2 MB bundle anew.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const REPO = path.resolve(__dirname, '../../..');

let dir: string;
beforeEach(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-cache-')));
  await fs.mkdir(path.join(dir, 'ws'));
  await fs.writeFile(path.join(dir, 'ws/README.md'), 'hello\n');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** One `toolpacks mcp` run that is sent initialize and a tools/list (the server loads), then the end of stdin; its stdout. */
function openAndEnd(cache: string): string {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'cache-spec', version: '1' } },
  };
  const run = spawnSync(process.execPath, [BIN, 'mcp', '--root', path.join(dir, 'ws')], {
    cwd: REPO,
    env: { ...process.env, TOOLPACKS_CACHE_DIR: cache },
    input: [
      initialize,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]
      .map((message) => `${JSON.stringify(message)}\n`)
      .join(''),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`exit ${run.status}: ${run.stderr}`);
  // The list was answered: the server loaded, answered, and took its V8 flags.
  const answers = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } });
  expect(answers.find((answer) => answer.id === 2)?.result?.tools?.length).toBeGreaterThan(0);
  return run.stdout;
}

/** A bundle's code cache (the mcp bundle's, or the opening stage's): its name and bytes, and when it was written. */
async function codeCache(
  cache: string,
  variant: 'mcp' | 'opening',
): Promise<{ name: string; bytes: Buffer; mtimeMs: number }> {
  const manifest = path.join(cache, `manifest-${variant}.json`);
  const { bundle } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { bundle: string };
  const name = bundle.replace(/\.js$/, '.cache');
  const file = path.join(cache, name);
  return { name, bytes: await fs.readFile(file), mtimeMs: (await fs.stat(file)).mtimeMs };
}

it.each(['mcp', 'opening'] as const)(
  'a second start uses the %s code cache the first wrote: it is not written again',
  async (variant) => {
    const cache = path.join(dir, 'cache');
    expect(openAndEnd(cache)).toContain('"serverInfo"');
    let before = await codeCache(cache, variant);
    // Another engineer's saved source rebuilds the bundle (a new name, a new cache): try again until two
    // starts in a row ran the same bundle.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(openAndEnd(cache)).toContain('"serverInfo"');
      const after = await codeCache(cache, variant);
      if (after.name !== before.name) {
        before = after;
        continue;
      }
      expect(after.mtimeMs).toBe(before.mtimeMs);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      return;
    }
    throw new Error('the bundle was rebuilt on every start: sources kept changing');
  },
);
