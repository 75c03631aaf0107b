// The stdio server as a real child process (scripts/stdio-entry.js: the four packs over a folder),
// driven by the SDK's StdioClientTransport: list, call, list_changed after an activation, and the
// end of stdin closing the server, which ends the debuggee it started.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  ENDLESS_PROGRAM,
  GRANDCHILD_PROGRAM,
  killLiveProcesses,
  liveProcesses,
  SAMPLE_PROGRAM,
  survivors,
  writeFiles,
} from '@toolpacks/host-node/testing';
import { waitUntil } from './testing/clients';

jest.setTimeout(60_000);

const ENTRY = path.join(__dirname, '../scripts/stdio-entry.js');
let root: string;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-stdio-')));
  await writeFiles(root, {
    'program.js': SAMPLE_PROGRAM,
    'endless.js': ENDLESS_PROGRAM,
    'grandchild.js': GRANDCHILD_PROGRAM,
    'notes.txt': 'stdio notes\n',
  });
});

afterEach(async () => {
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

describe('serveStdio in a child process', () => {
  it('lists, calls, announces an activation, and ends its debuggee when stdin closes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ENTRY, root, '--threshold', '4', '--yes', '--allow', 'start_debugging'],
      cwd: root,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    const client = new Client({ name: 'stdio-spec', version: '1.0.0' });
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
    await client.connect(transport);
    const serverPid = transport.pid!;
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });

    const { tools } = await client.listTools();
    const group =
      tools.find((t) => /^activate_.*debug/.test(t.name)) ?? tools.find((t) => t.name.startsWith('activate_'))!;
    expect(group).toBeDefined();
    const read = (await client.callTool({ name: 'read_file', arguments: { filePath: 'notes.txt' } })) as {
      content: { text: string }[];
      isError: boolean;
    };
    expect(read.isError).toBe(false);
    expect(read.content[0].text).toContain('stdio notes');

    const activated = (await client.callTool({ name: group.name, arguments: {} })) as { content: { text: string }[] };
    expect(activated.content[0].text).toMatch(/^Tools activated/);
    await waitUntil(() => changes === 1);
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after).not.toContain(group.name);

    // A debuggee that runs on; closing stdin (client.close) must end it with the server.
    await client.callTool({ name: 'set_breakpoint', arguments: { path: 'endless.js', line: 6 } });
    const started = (await client.callTool({ name: 'start_debugging', arguments: { program: 'endless.js' } })) as {
      content: { text: string }[];
    };
    expect(started.content[0].text).toMatch(/^Stopped/);
    expect(liveProcesses({ marker: root }).some((p) => p.commandLine.includes('grandchild.js'))).toBe(true);

    await client.close();
    expect(await survivors({ marker: root })).toEqual([]);
    expect(await survivors({ pids: [serverPid] })).toEqual([]);
    // The end of stdin closed it (the client sends SIGTERM only to a server still running after 2 s).
    expect(stderr).toContain('mcp: closed');
    expect(stderr).not.toContain('SIGTERM');
  });
});
