// `toolpacks mcp` in protocol revision 2026-07-28, driven by the SDK v2 Client pinned to it in a real
// process, over stdio and over HTTP with the token: it discovers the server (instructions naming the
// folder, the client's family and input_required), lists the client's family's tools, calls one,
// and a confirmation accepted through input_required lands the edit on the real folder.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Transport } from '@modelcontextprotocol/client';
import { killLiveProcesses } from '@toolpacks/node-services/testing';

jest.setTimeout(90_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

let root: string;
const closing: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-eras-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(async () => {
  for (const close of closing.splice(0)) await close().catch(() => undefined);
  killLiveProcesses({ marker: root });
  await fs.rm(root, { recursive: true, force: true });
});

/** A v2 client named `name`, pinned to 2026-07-28, that accepts every question it is asked. */
async function pinned(name: string, transport: Transport) {
  const asked: string[] = [];
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: {} };
  });
  await client.connect(transport);
  closing.push(() => client.close());
  return { client, asked };
}

async function exercise({ client, asked }: Awaited<ReturnType<typeof pinned>>) {
  expect(client.getProtocolEra()).toBe('modern');
  const instructions = client.getInstructions()!;
  expect(instructions).toContain(root);
  expect(instructions).toMatch(/family claude-opus-5 .*because the client is claude-code \(Claude Code\)/);
  expect(instructions).toMatch(/input_required/);
  const names = (await client.listTools()).tools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['grep_search', 'str_replace_based_edit_tool', 'get_call_stack']));
  expect(names).not.toContain('apply_patch');
  const found = await client.callTool({ name: 'grep_search', arguments: { query: 'ToolRegistry' } });
  expect(JSON.stringify(found.content)).toContain('a.ts:1: export class ToolRegistry {}');
  const created = await client.callTool({
    name: 'str_replace_based_edit_tool',
    arguments: { command: 'create', path: '.vscode/tasks.json', file_text: '{}\n' },
  });
  expect(created.isError).toBeFalsy();
  expect(await fs.readFile(path.join(root, '.vscode/tasks.json'), 'utf8')).toBe('{}\n');
  expect(asked).toEqual([expect.stringMatching(/tasks\.json/)]);
}

describe('toolpacks mcp, 2026-07-28 (SDK v2 client pinned, real process)', () => {
  it('over stdio', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--root', root, '--serve-all'],
      stderr: 'pipe',
      env: process.env as Record<string, string>,
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    await exercise(await pinned('claude-code', transport));
    expect(stderr).toContain('toolpacks mcp: tools for model family claude-opus-5');
  });

  it('over HTTP with the token', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0', '--root', root, '--serve-all'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOOLPACKS_MCP_TOKEN: 'sekret' },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    closing.push(async () => {
      child.kill('SIGINT');
      await exited;
    });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
        const match = /serving (http:\/\/127\.0\.0\.1:\d+\/\S*) \(bearer token required\)/.exec(stderr);
        if (match) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    const headers = { Authorization: 'Bearer sekret' };
    await exercise(
      await pinned('claude-code', new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } })),
    );
    const anonymous = new Client(
      { name: 'claude-code', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
  });
});
