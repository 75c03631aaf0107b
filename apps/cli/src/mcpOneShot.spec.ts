// A one-shot client: `printf '<requests>' | toolpacks mcp` — every request is written and stdin ends
// at once. Each request is answered before the end of input closes the server (the answers to all but
// the opening were lost: the server closed while the list waited for the workspace session).
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

jest.setTimeout(180_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');
const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'one-shot', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-one-shot-')));
  await fs.writeFile(path.join(root, 'notes.txt'), 'one-shot notes\n');
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

interface Answer {
  readonly id?: number;
  readonly result?: { tools?: { name: string }[]; content?: { text?: string }[] };
  readonly error?: unknown;
}

/** Runs `toolpacks mcp` with `messages` as its whole stdin; its answers by id. */
function oneShot(messages: object[]): Map<number | undefined, Answer> {
  const run = spawnSync(process.execPath, [BIN, 'mcp', '--root', root], {
    input: messages.map((message) => `${JSON.stringify(message)}\n`).join(''),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });
  const answers = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Answer);
  return new Map(answers.map((answer) => [answer.id, answer]));
}

const readNotes = { name: 'read_file', arguments: { filePath: 'notes.txt' } };

it('2025 era: initialize, tools/list and a call, then the end of stdin: all three are answered', () => {
  const answers = oneShot([
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'one-shot', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: readNotes },
  ]);
  expect([...answers.keys()].sort()).toEqual([1, 2, 3]);
  expect(answers.get(2)?.result?.tools?.map((tool) => tool.name)).toContain('read_file');
  expect(answers.get(3)?.result?.content?.[0]?.text).toContain('one-shot notes');
});

it('2026-07-28: tools/list and a call, then the end of stdin: both are answered', () => {
  const answers = oneShot([
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN } },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { ...readNotes, _meta: MODERN } },
  ]);
  expect([...answers.keys()].sort()).toEqual([1, 2]);
  expect(answers.get(1)?.result?.tools?.map((tool) => tool.name)).toContain('read_file');
  expect(answers.get(2)?.result?.content?.[0]?.text).toContain('one-shot notes');
});
