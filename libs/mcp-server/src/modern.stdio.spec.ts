// Protocol revision 2026-07-28 over stdio, with the server a real child process
// (scripts/stdio-entry.js: the four packs over a folder): the SDK v2 Client pinned to it discovers,
// lists and calls, a confirmation lands or changes nothing, and closing stdin ends the server and the
// debuggee it started; raw JSON lines show the wire (resultType, serverInfo in `_meta`, cache hints).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  killLiveProcesses,
  liveProcesses,
  survivors,
  writeFiles,
} from '@toolpacks/host-node/testing';
import { connectModernStdio, MODERN } from './testing/modernClients';

jest.setTimeout(90_000);

const ENTRY = path.join(__dirname, '../scripts/stdio-entry.js');
let root: string;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-stdio2-')));
  await writeFiles(root, {
    'endless.js': ENDLESS_PROGRAM,
    'grandchild.js': GRANDCHILD_PROGRAM,
    'notes.txt': 'stdio notes\n',
  });
});

afterEach(async () => {
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

describe('2026-07-28 over stdio (a child process)', () => {
  it('discovers, lists and calls; accept lands an edit, decline changes nothing; closing ends the debuggee', async () => {
    const answers = [{ action: 'accept' as const, content: {} }, { action: 'decline' as const }];
    const c = await connectModernStdio(
      { command: process.execPath, args: [ENTRY, root, '--threshold', '4', '--allow', 'start_debugging'], cwd: root },
      { elicit: () => answers.shift()! },
    );
    expect(c.client.getProtocolEra()).toBe('modern');
    expect(c.client.getInstructions()).toContain(root);
    const names = await c.names();
    expect(names).toEqual(expect.arrayContaining(['read_file', 'start_debugging', 'get_call_stack']));
    expect(names.some((n) => n.startsWith('activate_'))).toBe(false);
    expect(c.text(await c.client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } }))).toContain(
      'stdio notes',
    );

    const accepted = await c.client.callTool({
      name: 'create_file',
      arguments: { filePath: '.vscode/tasks.json', content: '{}\n' },
    });
    expect(accepted.isError).toBeFalsy();
    expect(await fs.readFile(path.join(root, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
    const declined = await c.client.callTool({
      name: 'create_file',
      arguments: { filePath: '.git/config', content: '[core]\n' },
    });
    expect(declined.isError).toBe(true);
    await expect(fs.stat(path.join(root, '.git/config'))).rejects.toThrow();
    expect(c.elicitations.map((e) => e.message.split('\n')[0])).toEqual([
      expect.stringMatching(/\.vscode\/tasks\.json/),
      expect.stringMatching(/\.git\/config/),
    ]);

    await c.client.callTool({ name: 'set_breakpoint', arguments: { path: 'endless.js', line: 6 } });
    expect(c.text(await c.client.callTool({ name: 'start_debugging', arguments: { program: 'endless.js' } }))).toMatch(
      /^Stopped/,
    );
    expect(liveProcesses({ marker: root }).some((p) => p.commandLine.includes('grandchild.js'))).toBe(true);
    await c.close();
    expect(await survivors({ marker: root })).toEqual([]);
  });

  it('answers raw JSON lines with resultType, serverInfo in _meta and cache hints; nothing else on stdout', async () => {
    const child = spawn(process.execPath, [ENTRY, root], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const waiting = new Map<number, (message: Record<string, unknown>) => void>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientInfo': { name: 'raw-stdio', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const send = (id: number, method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } })}\n`);
      });
    const discover = (await send(1, 'server/discover')) as { result: Record<string, unknown> };
    expect(discover.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining([MODERN]),
      instructions: expect.stringContaining(root),
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolpacks' } },
    });
    const list = (await send(2, 'tools/list')) as { result: Record<string, unknown> };
    expect(list.result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    const read = (await send(3, 'tools/call', { name: 'read_file', arguments: { filePath: 'notes.txt' } })) as {
      result: Record<string, unknown>;
    };
    expect(read.result).toMatchObject({ resultType: 'complete', isError: false });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
    // Every line was a protocol message (each parsed above), one per request.
    expect(lines).toHaveLength(3);
  });
});
