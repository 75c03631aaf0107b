// A real `toolpacks mcp` process through the bin: a 2026-07-28 client's first tools/list is answered
// before the MCP SDK loads (mcpEarlyList.ts), the SDK's own answer to it is not sent again and equals
// it (no mismatch reported), and the server serves on from there. The SDK v2 client gets the same.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
/** Preloaded into the server: writes the stack of the first write to stdout to $FIRST_WRITE_OUT. */
const PRELOAD = `
const write = process.stdout.write.bind(process.stdout);
let first = true;
process.stdout.write = (...args) => {
  if (first) {
    first = false;
    require('node:fs').writeFileSync(process.env.FIRST_WRITE_OUT, new Error('first write').stack);
  }
  return write(...args);
};
`;
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'early-list', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let dir: string;
let root: string;
beforeAll(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-early-list-')));
  root = path.join(dir, 'ws');
  await fs.mkdir(root);
  await fs.writeFile(path.join(root, 'notes.txt'), 'early notes\n');
  await fs.writeFile(path.join(dir, 'preload.js'), PRELOAD);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Runs the server on `requests` (written one by one, each after the previous answer); its answers, stderr and first write's stack. */
async function serve(
  requests: object[],
): Promise<{ answers: Record<string, unknown>[]; stderr: string; firstWrite: string }> {
  const out = path.join(dir, 'first-write.txt');
  await fs.rm(out, { force: true });
  const child = spawn(process.execPath, ['-r', path.join(dir, 'preload.js'), BIN, 'mcp', '--root', root], {
    env: { ...process.env, FIRST_WRITE_OUT: out },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const answers: Record<string, unknown>[] = [];
  const lines = (async function* () {
    for await (const chunk of child.stdout) {
      stdout += String(chunk);
      let newline;
      while ((newline = stdout.indexOf('\n')) >= 0) {
        yield JSON.parse(stdout.slice(0, newline)) as Record<string, unknown>;
        stdout = stdout.slice(newline + 1);
      }
    }
  })();
  for (const request of requests) {
    child.stdin.write(`${JSON.stringify(request)}\n`);
    const next = await lines.next();
    if (next.done) break;
    answers.push(next.value);
  }
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(0);
  return { answers, stderr, firstWrite: await fs.readFile(out, 'utf8') };
}

it('answers the first tools/list before the SDK loads, once, as the SDK would, and serves on', async () => {
  // A first start after a source changed builds the bundles: not the start measured here.
  await serve([{ jsonrpc: '2.0', id: 0, method: 'tools/list', params: { _meta: META } }]);
  const { answers, stderr, firstWrite } = await serve([
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { _meta: META, name: 'read_file', arguments: { filePath: 'notes.txt' } },
    },
  ]);
  expect(firstWrite).toContain('answerFirstListEarly');
  expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
  const tools = (answers[0].result as { tools: { name: string }[] }).tools.map((tool) => tool.name);
  expect(tools).toContain('read_file');
  expect(JSON.stringify(answers[1])).toContain('early notes');
  // The SDK's own answer was compared with what was sent: a difference would be reported here.
  expect(stderr).not.toContain('differs');
  expect(stderr).toContain('(protocol 2026-07-28)'); // the SDK's handler ran (it tells which model)
});

it('a first tools/list the SDK would refuse is left to it (an ill-typed capability)', async () => {
  const meta = { ...META, 'io.modelcontextprotocol/clientCapabilities': { elicitation: 5 } };
  const { answers, firstWrite } = await serve([
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
  ]);
  expect(firstWrite).not.toContain('answerFirstListEarly');
  expect(answers[0]).toMatchObject({ id: 1, error: { code: -32602 } });
});

it('the SDK v2 client of 2026-07-28 lists and calls through the bin with nothing reported', async () => {
  const client = new Client(
    { name: 'early-list-sdk', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', root],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('read_file');
    const read = await client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } });
    expect(JSON.stringify(read.content)).toContain('early notes');
  } finally {
    await client.close();
  }
  expect(stderr).not.toContain('differs');
});
