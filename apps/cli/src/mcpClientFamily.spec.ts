// `toolpacks mcp` over stdio, driven by the MCP SDK's Client in a real process: the tools are listed
// for the model of the client (by its clientInfo.name) unless --model/--family or the config file
// names one, and the initialize result's instructions and stderr say which family and why.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

jest.setTimeout(60_000);

const BIN = path.resolve(__dirname, '../bin/toolpacks.js');

let root: string;
const clients: Client[] = [];
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-family-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

/** `toolpacks mcp` with `args`, connected as the client `name`: its tools, instructions and stderr. */
async function serveTo(name: string, ...args: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', root, ...args],
    stderr: 'pipe',
    env: process.env as Record<string, string>,
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  const names = (await client.listTools()).tools.map((t) => t.name);
  return { names, instructions: client.getInstructions(), stderr: () => stderr.join('') };
}

describe('toolpacks mcp: the family of the client', () => {
  it('Claude Code gets a claude family’s tools (no apply_patch); Codex gets apply_patch; each is told why', async () => {
    // --serve-all: about families here (resolveClient.spec and clientProfiles.spec cover what is left out).
    const claude = await serveTo('claude-code', '--serve-all');
    expect(claude.names).not.toContain('apply_patch');
    expect(claude.names).toEqual(expect.arrayContaining(['grep_search', 'list_dir']));
    expect(claude.instructions).toContain(
      'The tools of this server are listed for model family claude-opus-5 (anthropic/claude-opus-5), because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools).',
    );
    expect(claude.stderr()).toContain(
      'toolpacks mcp: tools for model family claude-opus-5 (anthropic/claude-opus-5), because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools).',
    );
    const codex = await serveTo('codex-mcp-client', '--serve-all');
    expect(codex.names).toContain('apply_patch');
    expect(codex.names).not.toContain('replace_string_in_file');
  });

  it('--family and the config file’s model win over the client; an unknown client gets the default', async () => {
    const flagged = await serveTo('claude-code', '--family', 'gpt-5');
    expect(flagged.names).toContain('apply_patch');
    expect(flagged.instructions).toContain(
      'The tools of this server are listed for model family gpt-5 (copilot/gpt-5), because --family.',
    );

    const config = path.join(root, 'toolpacks.config.json');
    await fs.writeFile(config, JSON.stringify({ model: { family: 'gpt-5' } }));
    const configured = await serveTo('claude-code');
    expect(configured.names).toContain('apply_patch');
    expect(configured.instructions).toMatch(
      /family gpt-5 \(copilot\/gpt-5\), because the "model" of .*toolpacks\.config\.json\.$/m,
    );
    await fs.rm(config);

    const unknown = await serveTo('some-editor');
    expect(unknown.instructions).toContain(
      'The tools of this server are listed for model family gpt-4.1 (copilot/gpt-4.1), the default, because the client some-editor is not one toolpacks knows.',
    );
  });
});
