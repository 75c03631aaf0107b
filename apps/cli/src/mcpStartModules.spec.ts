// What a start of `toolpacks mcp` loads before its first answer, in a real process through the bin:
// modules that only later work needs (the search worker's worker_threads, node:v8 for the flags taken
// after the answer, minisearch for the first tool search) cost milliseconds of every start and are
// required where they are used.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
/** Preloaded into the server: writes the Node modules loaded so far to $MODULES_OUT at the first write to stdout. */
const PRELOAD = `
const write = process.stdout.write.bind(process.stdout);
let first = true;
process.stdout.write = (...args) => {
  if (first) {
    first = false;
    const files = Object.keys(require.cache).map((file) => 'File ' + file);
    require('node:fs').writeFileSync(process.env.MODULES_OUT, [...process.moduleLoadList, ...files].join('\\n'));
  }
  return write(...args);
};
`;

let dir: string;
beforeAll(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-start-modules-')));
  await fs.mkdir(path.join(dir, 'ws'));
  await fs.writeFile(path.join(dir, 'ws/notes.txt'), 'notes\n');
  await fs.writeFile(path.join(dir, 'preload.js'), PRELOAD);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The Node modules loaded when the server wrote its first answer to a 2026-07-28 tools/list (the real process of the SDK client). */
async function loadedAtFirstAnswer(): Promise<string[]> {
  const out = path.join(dir, 'modules.txt');
  await fs.rm(out, { force: true });
  const child = spawn(
    process.execPath,
    ['-r', path.join(dir, 'preload.js'), BIN, 'mcp', '--root', path.join(dir, 'ws')],
    {
      env: { ...process.env, MODULES_OUT: out },
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'start-modules', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } })}\n`);
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(0);
  expect(stdout).toContain('read_file');
  return (await fs.readFile(out, 'utf8')).split('\n');
}

it('answers its first tools/list without loading worker_threads, node:v8 or minisearch', async () => {
  // A first start after a source changed builds the bundle (esbuild loads its own modules): not this start.
  await loadedAtFirstAnswer();
  const loaded = await loadedAtFirstAnswer();
  // The load list is real: the modules every start needs are in it.
  expect(loaded).toEqual(expect.arrayContaining(['NativeModule child_process', 'NativeModule stream']));
  expect(loaded).not.toContain('NativeModule worker_threads');
  expect(loaded).not.toContain('NativeModule v8');
  expect(loaded).toContain(`File ${BIN}`); // the files required so far are listed too
  expect(loaded.filter((entry) => entry.includes(`${path.sep}minisearch${path.sep}`))).toEqual([]);
});
