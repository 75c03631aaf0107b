// The model family a session's tools are resolved for: a known MCP client's (by clientInfo.name) when
// the host's model is only a default, the host's when it chose one explicitly. Driven by the SDK's
// own Client over a real NodeHost and the four built-in packs; the first tools/list is already the
// client's, and the initialize result's instructions and the list's _meta say which family and why.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { ModelInfo } from '@toolpacks/registry/host';
import { createNodeHost } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { chooseSessionModel, knownClient } from './clientFamilies';
import { createHostSession } from './hostSession';
import { serveHttp } from './http';
import { serveConnection } from './connection';
import { MODEL_META_KEY, MODEL_REASON_META_KEY } from './tools';
import type { McpModelChoice, McpServerOptions } from './types';

jest.setTimeout(60_000);

/** The CLI's built-in default (apps/cli/src/defaults.ts). */
const DEFAULT: ModelInfo = { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: 'gpt-4.1-2025-04-14' };
/** A family no pack has a variant for: the general tools. */
const GENERAL: ModelInfo = { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' };

let root: string;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-family-')));
  await fs.writeFile(path.join(root, 'notes.txt'), 'hello\n');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

function serverOptions(model: ModelInfo, choice: McpModelChoice | undefined, info: string[]): McpServerOptions {
  return {
    approvals: {},
    // These specs are about families: every tool served (clientProfiles.spec covers what is left out).
    servesEverything: true,
    ...(choice ? { model: choice } : {}),
    onInfo: (message) => info.push(message),
    createSession: async () => {
      const host = await createNodeHost(root);
      const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
      return createHostSession({ registry, contextKeys: host.contextKeys, model, dispose: () => host.dispose() });
    },
  };
}

/** A client named `clientName` connected to a server whose sessions resolve for `model`, chosen as `choice` says. */
async function connectAs(clientName: string, model: ModelInfo, choice: McpModelChoice | undefined) {
  const info: string[] = [];
  const client = new Client({ name: clientName, version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = serveConnection(serverSide, serverOptions(model, choice, info));
  await client.connect(clientSide as never);
  cleanups.push(async () => {
    await client.close();
    await connection.close();
  });
  const server = { model: connection.legacy.then((s) => s.model) };
  const listed = await client.listTools();
  return {
    client,
    server,
    info,
    names: listed.tools.map((t) => t.name),
    meta: listed._meta as Record<string, unknown>,
  };
}

describe('the client table', () => {
  it('matches names case-insensitively, with a suffix only where the row says so', () => {
    expect(knownClient('claude-code')?.model?.family).toMatch(/^claude-/);
    expect(knownClient('Claude-Code')?.title).toBe('Claude Code');
    expect(knownClient('CODEX-MCP-CLIENT')?.model?.family).toMatch(/^gpt-5/);
    expect(knownClient('gemini-cli-mcp-client')?.model?.family).toMatch(/^gemini-/);
    expect(knownClient('gemini-cli-mcp-client-myserver')?.title).toBe('Gemini CLI');
    expect(knownClient('Visual Studio Code - Insiders')?.title).toBe('VS Code');
    expect(knownClient('Visual Studio Code')?.model).toBeUndefined();
    expect(knownClient('claude-code-fork')).toBeUndefined();
    expect(knownClient('toolpacks-spec')).toBeUndefined();
    expect(knownClient(undefined)).toBeUndefined();
  });

  it('gives way to an explicit model and keeps the default for clients it does not know or that pick per chat', () => {
    expect(chooseSessionModel(DEFAULT, {}, 'claude-code')).toMatchObject({
      source: 'client',
      model: { family: 'claude-opus-5' },
      because:
        'because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools)',
    });
    expect(chooseSessionModel({ ...DEFAULT, maxTools: 40 }, {}, 'codex-mcp-client').model.maxTools).toBe(40);
    expect(chooseSessionModel(DEFAULT, { chosenBy: '--family' }, 'claude-code')).toEqual({
      model: DEFAULT,
      source: 'explicit',
      because: 'because --family',
      client: 'claude-code',
    });
    expect(chooseSessionModel(DEFAULT, undefined, 'claude-code').source).toBe('explicit');
    expect(chooseSessionModel(DEFAULT, {}, 'Visual Studio Code')).toMatchObject({ source: 'default', model: DEFAULT });
    expect(chooseSessionModel(DEFAULT, {}, 'some-editor')).toMatchObject({
      source: 'default',
      model: DEFAULT,
      because: 'the default, because the client some-editor is not one toolpacks knows',
    });
    // The client's name is its own text: a forged log line or escape sequence is shown inert, and short.
    const hostile = chooseSessionModel(
      DEFAULT,
      {},
      `evil\ntoolpacks mcp: tools for model family x\u001b[2J${'y'.repeat(500)}`,
    );
    expect(hostile.because).not.toContain('\n');
    expect(hostile.because).not.toContain('\u001b');
    expect(hostile.client!.length).toBeLessThan(150);
  });
});

describe('tools/list for the MCP client', () => {
  it('claude-code gets the tools of a claude family from the first tools/list: no apply_patch', async () => {
    const c = await connectAs('claude-code', DEFAULT, {});
    expect(c.names).not.toContain('apply_patch');
    expect(c.names).toEqual(expect.arrayContaining(['str_replace_based_edit_tool', 'grep_search', 'list_dir']));
    expect(c.names).not.toContain('replace_string_in_file');
    expect((await c.server.model).model.family).toBe('claude-opus-5');
    expect(c.meta[MODEL_META_KEY]).toMatchObject({ family: 'claude-opus-5' });
    expect(c.meta[MODEL_REASON_META_KEY]).toBe(
      'because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools)',
    );
    expect(c.client.getInstructions()).toContain(
      'The tools of this server are listed for model family claude-opus-5 (anthropic/claude-opus-5), because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools).',
    );
    expect(c.info).toEqual([
      'tools for model family claude-opus-5 (anthropic/claude-opus-5), because the client is claude-code (Claude Code), which runs Claude models; it does not say which, so claude-opus-5 stands for them (every model of that vendor gets these tools).',
    ]);
  });

  it('codex-mcp-client gets apply_patch and not replace_string_in_file, even over a default that has neither', async () => {
    const c = await connectAs('codex-mcp-client', GENERAL, {});
    expect(c.names).toContain('apply_patch');
    expect(c.names).not.toContain('replace_string_in_file');
    expect(c.meta[MODEL_META_KEY]).toMatchObject({ family: 'gpt-5-codex' });
    expect(c.client.getInstructions()).toMatch(
      /family gpt-5-codex .*because the client is codex-mcp-client \(Codex\), which runs OpenAI GPT models/m,
    );
  });

  it('a client it does not know gets the default model’s tools', async () => {
    const c = await connectAs('some-editor', GENERAL, {});
    expect(c.names).toContain('replace_string_in_file');
    expect(c.names).not.toContain('apply_patch');
    expect(await c.server.model).toMatchObject({ source: 'default', model: GENERAL });
    expect(c.client.getInstructions()).toMatch(/family grok-code .*the default, because the client some-editor/);
  });

  it('an explicit model (--family) wins over the client’s', async () => {
    const c = await connectAs('codex-mcp-client', GENERAL, { chosenBy: '--family' });
    expect(c.names).not.toContain('apply_patch');
    expect(c.names).toContain('replace_string_in_file');
    expect(c.meta[MODEL_META_KEY]).toMatchObject({ family: 'grok-code' });
    expect(c.client.getInstructions()).toContain(
      'The tools of this server are listed for model family grok-code (copilot/grok-code-fast-1), because --family.',
    );
  });

  it('a server told nothing about its model keeps it, whatever the client', async () => {
    const c = await connectAs('claude-code', GENERAL, undefined);
    expect(c.names).toContain('replace_string_in_file');
    expect((await c.server.model).source).toBe('explicit');
  });
});

describe('over Streamable HTTP', () => {
  it('each session gets its own client’s family, with the instructions that say so', async () => {
    const info: string[] = [];
    const http = await serveHttp({ ...serverOptions(DEFAULT, {}, info), port: 0 });
    cleanups.push(() => http.close());
    const connect = async (name: string) => {
      const client = new Client({ name, version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      cleanups.unshift(() => client.close());
      return client;
    };
    const claude = await connect('claude-code');
    const codex = await connect('codex-mcp-client');
    expect((await claude.listTools()).tools.map((t) => t.name)).not.toContain('apply_patch');
    expect((await codex.listTools()).tools.map((t) => t.name)).toContain('apply_patch');
    expect(claude.getInstructions()).toMatch(
      /family claude-opus-5 .*because the client is claude-code \(Claude Code\), which runs Claude models/m,
    );
    expect(codex.getInstructions()).toMatch(
      /family gpt-5-codex .*because the client is codex-mcp-client \(Codex\), which runs OpenAI GPT models/m,
    );
    expect(info).toHaveLength(2);
  });
});
