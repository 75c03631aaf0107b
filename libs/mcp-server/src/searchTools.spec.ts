// search_tools over MCP, end to end, with the SDK's own Client: a session over the threshold in
// virtual-tool mode 'search' (or 'both') lists search_tools; a search that activates tools (the
// confident matches, or those asked for by exact name) announces notifications/tools/list_changed
// and the next tools/list sends them, which then run for real (a real NodeHost, the four built-in
// packs, a real git repository in a temp folder); a tool only search reaches runs when called
// directly; a deselected tool is never found and never runs; the same query in the same state
// answers the same text.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost } from '@toolpacks/host-node';
import { initRepository, testModels, writeFiles } from '@toolpacks/host-node/testing';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import type { ModelInfo, ToolSelection, VirtualToolMode } from '@toolpacks/registry/host';
import { createHostSession } from './hostSession';
import { serveHttp } from './http';
import { connectHttp, connectInMemory, type TestClient } from './testing/clients';
import type { McpServerOptions, McpSession } from './types';

jest.setTimeout(60_000);

const SEARCH_TOOLS = 'search_tools';
const COMMIT_MESSAGE = 'fixture: the only commit';
const roots: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

interface SearchSessionOptions {
  readonly mode?: VirtualToolMode;
  /** Default 4: the four packs enable 16 tools in a git repository, well over it. */
  readonly threshold?: number;
  readonly selection?: ToolSelection;
  readonly model?: ModelInfo;
}

type RootedSession = McpSession & { root: string };

/** Server options whose every MCP session is a fresh NodeHost on its own git repository, resolved in the given mode. */
function serverOptions(options: SearchSessionOptions = {}): McpServerOptions {
  return {
    approvals: {},
    createSession: async () => {
      const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-search-tools-')));
      roots.push(root);
      await initRepository(root, [{ files: { 'README.md': '# fixture\n' }, message: COMMIT_MESSAGE }]);
      await writeFiles(root, { 'notes.txt': 'hello from notes\n' });
      const host = await createNodeHost(root);
      const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
      const session = createHostSession({
        registry,
        contextKeys: host.contextKeys,
        model: options.model ?? testModels.general,
        threshold: options.threshold ?? 4,
        mode: options.mode ?? 'search',
        ...(options.selection ? { selection: options.selection } : {}),
        dispose: () => host.dispose(),
      });
      return { ...session, root } satisfies RootedSession;
    },
  };
}

async function open(options: SearchSessionOptions = {}) {
  const client = await connectInMemory(serverOptions(options));
  cleanups.push(() => client.close());
  return { ...client, root: async () => ((await client.server.session) as RootedSession).root };
}

type CallResult = { content: { type: string; text?: string }[]; isError?: boolean };
const call = (c: TestClient, name: string, args: Record<string, unknown> = {}) =>
  c.client.callTool({ name, arguments: args }) as Promise<CallResult>;
const names = async (c: TestClient) => (await c.client.listTools()).tools.map((t) => t.name);
/** The tool names of a search_tools result, in its order. */
const hitsOf = (text: string) => [...text.matchAll(/^- ([\w-]+):/gm)].map((m) => m[1]);
/** The ones it marks activated. */
const activatedOf = (text: string) => [...text.matchAll(/^- ([\w-]+):.*, activated\)$/gm)].map((m) => m[1]);

/**
 * Lists (as a client does first), searches and, when the search activated tools, waits for the
 * list_changed it must announce; the result's text, hits and activated tools.
 */
async function search(c: TestClient, query: string, limit?: number) {
  await c.client.listTools();
  const before = c.listChanges();
  const result = await call(c, SEARCH_TOOLS, limit === undefined ? { query } : { query, limit });
  expect(result.isError).toBe(false);
  const text = c.text(result);
  const hits = hitsOf(text);
  expect(hits.length).toBeGreaterThan(0);
  const activated = activatedOf(text);
  if (activated.length > 0) {
    if (c.listChanges() === before) await c.nextListChange();
    expect(c.listChanges()).toBe(before + 1);
  } else {
    // One more round trip, so a late notification would have arrived.
    await c.client.listTools();
    expect(c.listChanges()).toBe(before);
  }
  return { text, hits, activated };
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  for (const root of roots) await fs.rm(root, { recursive: true, force: true });
});

describe('tools/list', () => {
  it('sends the schemas as the packs wrote them, even for a model whose API needs them changed (the client adapts them)', async () => {
    const c = await open({ mode: 'search', threshold: 64, model: testModels.gemini });
    const { tools } = await c.client.listTools();
    const gitLog = tools.find((t) => t.name === 'git_log');
    expect(gitLog?.inputSchema).toMatchObject({ additionalProperties: false, properties: { count: { minimum: 1 } } });
    // The registry itself would have sent Gemini's dialect: the MCP server asks for the canonical one.
    const session = (await c.server.session) as RootedSession;
    const { virtualTools: _virtualTools, ...request } = session.request();
    const forGemini = session.registry.resolve(request).tools.find((t) => t.name === 'git_log');
    expect(forGemini).toBeDefined();
    expect(forGemini?.inputSchema).not.toHaveProperty('additionalProperties');
  });
});

describe('tools/list over the threshold', () => {
  it('in mode search lists search_tools alone, read-only and with its schema; under the threshold it is not there', async () => {
    const c = await open({ mode: 'search' });
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([SEARCH_TOOLS]);
    const [tool] = tools;
    expect(tool.annotations).toEqual({
      title: 'Search tools',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
    });
    expect(tool.description).toMatch(/^Finds tools you were not given/);

    const flat = await open({ mode: 'search', threshold: 64 });
    const all = await names(flat);
    expect(all).not.toContain(SEARCH_TOOLS);
    expect(all).toEqual(
      expect.arrayContaining(['read_file', 'grep_search', 'git_log', 'git_commit', 'start_debugging']),
    );
  });

  it('in mode both lists search_tools last, after the activate_* tools', async () => {
    const c = await open({ mode: 'both' });
    const { tools } = await c.client.listTools();
    const listed = tools.map((t) => t.name);
    expect(listed.at(-1)).toBe(SEARCH_TOOLS);
    expect(listed.filter((n) => n.startsWith('activate_')).length).toBeGreaterThan(1);
    expect(listed.filter((n) => n === SEARCH_TOOLS)).toHaveLength(1);
    expect(tools.at(-1)!.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
  });
});

describe('calling search_tools', () => {
  it.each<[VirtualToolMode, string, string]>([
    ['search', 'commit my changes', 'git_commit'],
    ['both', 'set a breakpoint in the code', 'set_breakpoint'],
  ])('in mode %s announces list_changed, and the next tools/list sends what “%s” found', async (mode, query, best) => {
    const c = await open({ mode });
    const before = await names(c);
    expect(before).not.toContain(best);
    const { text, hits, activated } = await search(c, query, 3);
    expect(text).toMatch(/^Found [1-3] tools?; .* available from your next step, call (it|them) directly.*:\n- /);
    expect(hits[0]).toBe(best);
    expect(text).toMatch(new RegExp(`^- ${best}: .* \\(score 1\\.00, activated\\)$`, 'm'));
    // Only the confident matches are activated, at least the best one.
    expect(activated[0]).toBe(best);
    expect(activated.length).toBeGreaterThanOrEqual(1);
    expect(activated.length).toBeLessThanOrEqual(hits.length);
    const after = await names(c);
    expect(after).toEqual(expect.arrayContaining([...activated, SEARCH_TOOLS]));
    expect(after.filter((n) => !before.includes(n)).sort()).toEqual([...activated].sort());
    // A listed tool that was not activated is activated when asked for by its exact name.
    const rest = hits.filter((h) => !activated.includes(h));
    if (rest.length > 0) {
      const asked = await search(c, rest[0]);
      expect(asked.activated).toEqual([rest[0]]);
      expect(await names(c)).toContain(rest[0]);
    }
  });

  it('makes a found tool callable with tools/call: git_log runs on the real repository', async () => {
    const c = await open();
    const { activated } = await search(c, 'list recent commits', 3);
    expect(activated[0]).toBe('git_log');
    expect(await names(c)).toContain('git_log');
    const result = await call(c, 'git_log', { count: 5 });
    expect(result.isError).toBe(false);
    expect(c.text(result)).toContain(COMMIT_MESSAGE);
  });

  it('answers a query nothing matches without announcing a change, and the list stays the same', async () => {
    const c = await open();
    expect(await names(c)).toEqual([SEARCH_TOOLS]);
    const result = await call(c, SEARCH_TOOLS, { query: 'zebra xylophone' });
    expect(result.isError).toBe(false);
    expect(c.text(result)).toMatch(/^No tool you were not already given matches/);
    expect(hitsOf(c.text(result))).toEqual([]);
    // One more round trip, so a late notification would have arrived.
    expect(await names(c)).toEqual([SEARCH_TOOLS]);
    expect(c.listChanges()).toBe(0);
  });
});

describe('a tool that is enabled but not sent', () => {
  it('runs when called directly without a search, and is sent from then on', async () => {
    const c = await open();
    expect(await names(c)).toEqual([SEARCH_TOOLS]);
    const changed = c.nextListChange();
    const result = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(result.isError).toBe(false);
    expect(c.text(result)).toContain('hello from notes');
    await changed;
    expect(await names(c)).toEqual(['read_file', SEARCH_TOOLS]);
    // So does one in a collapsed group in mode both.
    const both = await open({ mode: 'both' });
    expect(await names(both)).not.toContain('git_log');
    const log = await call(both, 'git_log', {});
    expect(log.isError).toBe(false);
    expect(both.text(log)).toContain(COMMIT_MESSAGE);
  });
});

describe('a disabled tool', () => {
  it('is never found by search_tools, and calling it is an isError result that says it is not enabled', async () => {
    // Control: with git_log enabled the query finds it first.
    const enabled = await open();
    expect((await search(enabled, 'list recent commits', 20)).hits[0]).toBe('git_log');

    const c = await open({ selection: { tools: { git_log: false } } });
    const { hits } = await search(c, 'list recent commits', 20);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits).not.toContain('git_log');
    // Nor by its own description's words, once the other matches are sent (search ranks only what is not sent).
    const { hits: again } = await search(c, 'lists recent commits newest first short hash date author subject', 20);
    expect(again).not.toContain('git_log');
    expect(await names(c)).not.toContain('git_log');

    const result = await call(c, 'git_log', { count: 5 });
    expect(result.isError).toBe(true);
    expect(c.text(result)).toBe(
      'Tool `git_log` is not enabled for this request (turned off in the tool picker: the tool, or a toolset it is in), so it was not run. Use one of the tools you were given instead.',
    );
    expect(c.text(result)).not.toContain(COMMIT_MESSAGE);
    // A disabled toolset's tools are not found either.
    const noDebug = await open({ selection: { toolSets: { debug: false } } });
    const debugHits = (await search(noDebug, 'set a breakpoint and start debugging', 20)).hits;
    expect(debugHits.filter((h) => /debug|breakpoint/.test(h))).toEqual([]);
    const breakpoint = await call(noDebug, 'set_breakpoint', { filePath: 'notes.txt', line: 1 });
    expect(breakpoint.isError).toBe(true);
    expect(noDebug.text(breakpoint)).toMatch(/^Tool `set_breakpoint` is not enabled for this request/);
  });
});

describe('determinism', () => {
  it('the same query in the same state answers the same text, over Streamable HTTP in two sessions', async () => {
    const server = await serveHttp({ ...serverOptions(), port: 0 });
    cleanups.push(() => server.close());
    const [a, b] = [await connectHttp(server.url), await connectHttp(server.url)];
    cleanups.unshift(
      () => a.close(),
      () => b.close(),
    );
    const first = await search(a, 'search text in files', 3);
    const second = await search(b, 'search text in files', 3);
    expect(first.hits).toHaveLength(3);
    expect(second.text).toBe(first.text);
    // The state differs after a search: the tools it activated are sent, so the same query finds others.
    expect(first.activated.length).toBeGreaterThan(0);
    const next = await search(a, 'search text in files', 3);
    expect(next.hits.filter((h) => first.activated.includes(h))).toEqual([]);
    // And the two sessions still agree, step for step.
    expect((await search(b, 'search text in files', 3)).text).toBe(next.text);
  });

  it('two sessions on two repositories answer a search alike, and each session’s tools run on its own repository', async () => {
    const [a, b] = [await open(), await open()];
    expect((await search(a, 'read a file', 2)).text).toBe((await search(b, 'read a file', 2)).text);
    const roots = [await a.root(), await b.root()];
    expect(roots[0]).not.toBe(roots[1]);
    for (const [c, root] of [
      [a, roots[0]],
      [b, roots[1]],
    ] as const) {
      execFileSync('git', ['commit', '--allow-empty', '-q', '-m', `own commit in ${path.basename(root)}`], {
        cwd: root,
      });
      const log = c.text(await call(c, 'git_log', { count: 1 }));
      expect(log).toContain(`own commit in ${path.basename(root)}`);
    }
  });
});
