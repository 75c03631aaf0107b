// Issue 32 findings 1–3 through the real SDK client over a real NodeHost, a real git repository and
// the four built-in packs: what a client that shows its model the structuredContent receives (the
// tool's text, no JSON), the tools a client's own built-ins make redundant (left out, said why, all
// served with servesEverything), and one question per action (the client's own question covers
// plain git_add / git_commit; a sensitive write is still asked by the server).
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { ModelInfo } from '@toolpacks/registry/host';
import { createNodeHost } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { CLIENT_PROFILES } from './clientProfiles';
import { createHostSession } from './hostSession';
import { serveConnection } from './connection';

jest.setTimeout(90_000);

const DEFAULT: ModelInfo = { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: 'gpt-4.1-2025-04-14' };
const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

let root: string;
const cleanups: (() => Promise<unknown>)[] = [];
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-mcp-profile-')));
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.email', 'a@example.com');
  git(root, 'config', 'user.name', 'A');
  await fs.writeFile(path.join(root, 'notes.txt'), 'hello\nworld\n');
  git(root, 'add', 'notes.txt');
  git(root, 'commit', '-q', '-m', 'first');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

/** A client named `name` (with form elicitation when `elicit` answers) on a server whose default model is DEFAULT. */
async function connectAs(
  name: string,
  extra: { servesEverything?: boolean; elicit?: () => 'accept' | 'decline' } = {},
) {
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: extra.elicit ? { elicitation: { form: {} } } : {} },
  );
  const asked: string[] = [];
  if (extra.elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: extra.elicit!() };
    });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = serveConnection(serverSide, {
    approvals: {},
    model: {},
    ...(extra.servesEverything ? { servesEverything: true } : {}),
    createSession: async () => {
      const host = await createNodeHost(root);
      const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
      return createHostSession({
        registry,
        contextKeys: host.contextKeys,
        model: DEFAULT,
        dispose: () => host.dispose(),
      });
    },
  });
  await client.connect(clientSide as never);
  cleanups.push(async () => {
    await client.close();
    await connection.close();
  });
  const listed = await client.listTools();
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: tool, arguments: args })) as {
      content: { type: string; text?: string }[];
      structuredContent?: unknown;
      isError?: boolean;
    };
    return { ...result, text: result.content.map((c) => c.text ?? '').join('') };
  };
  return { client, tools: listed.tools, names: listed.tools.map((t) => t.name), call, asked };
}

describe('finding 1: what the model reads is the tool’s text', () => {
  it.each(['claude-code', 'codex-mcp-client', 'Visual Studio Code', 'cursor-vscode'])(
    '%s (shows the structuredContent): no outputSchema listed, results text only',
    async (name) => {
      const c = await connectAs(name, { servesEverything: true });
      expect(c.tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name)).toEqual([]);
      await fs.writeFile(path.join(root, 'notes.txt'), 'hello\nthere\n');
      const status = await c.call('git_status', {});
      expect(status.structuredContent).toBeUndefined();
      expect(status.text).toMatch(/^## main\n M notes\.txt/m);
    },
  );

  it('claude-code’s view reads as cat -n, not JSON', async () => {
    const c = await connectAs('claude-code', { servesEverything: true });
    const view = await c.call('str_replace_based_edit_tool', { command: 'view', path: 'notes.txt' });
    expect(view.structuredContent).toBeUndefined();
    expect(view.text).toBe("Here's the result of running `cat -n` on notes.txt:\n     1\thello\n     2\tworld\n");
  });

  it('a client that shows text (Gemini CLI, an unknown one) keeps the structured data beside the text', async () => {
    for (const name of ['gemini-cli-mcp-client', 'some-editor']) {
      const c = await connectAs(name, { servesEverything: true });
      expect(c.tools.find((t) => t.name === 'git_status')?.outputSchema).toBeDefined();
      const status = await c.call('git_status', {});
      expect(status.structuredContent).toBeDefined();
      expect(status.text).toMatch(/^## main/m);
    }
  });
});

describe('finding 2: complement the client', () => {
  it('claude-code is not sent the jobs its Read/Edit/Write/Glob/Grep do; git stays; the instructions say why', async () => {
    const c = await connectAs('claude-code');
    for (const job of CLIENT_PROFILES['claude-code'].builtIns)
      for (const tool of job.leavesOut) expect(c.names).not.toContain(tool);
    expect(c.names).toEqual(expect.arrayContaining(['git_status', 'git_add', 'git_commit']));
    expect(c.client.getInstructions()).toMatch(/Read, Write, Edit \(not sent here: str_replace_based_edit_tool/);
    expect(c.client.getInstructions()).toMatch(/kept: git_\*/);
    const refused = await c.call('str_replace_based_edit_tool', { command: 'view', path: 'notes.txt' });
    expect(refused.isError).toBe(true);
  });

  it('gemini-cli gets no second read_file / replace / glob / list_directory', async () => {
    const c = await connectAs('gemini-cli-mcp-client-toolpacks');
    for (const tool of ['read_file', 'write_file', 'replace', 'glob', 'list_directory', 'grep_search'])
      expect(c.names).not.toContain(tool);
    expect(c.names).toContain('git_diff');
  });

  it('servesEverything serves them all, and says so', async () => {
    const c = await connectAs('claude-code', { servesEverything: true });
    expect(c.names).toEqual(expect.arrayContaining(['str_replace_based_edit_tool', 'grep_search', 'file_search']));
    expect(c.client.getInstructions()).toMatch(/Every tool is served/);
  });
});

describe('finding 2: the built-in lists are what each client’s own code gives its model', () => {
  const builtInNames = (client: string) => CLIENT_PROFILES[client].builtIns.flatMap((job) => job.builtIn);

  it('every profile says which version of the client it was checked against, and each job where it comes from', () => {
    for (const [client, profile] of Object.entries(CLIENT_PROFILES)) {
      expect([client, profile.checkedAgainst]).toEqual([client, expect.stringMatching(/\d+\.\d+(\.\d+)?/)]);
      for (const job of profile.builtIns)
        expect([client, job.job, job.source]).toEqual([
          client,
          job.job,
          expect.stringMatching(/\d+\.\d+\.\d+|cursor\.com\//),
        ]);
    }
  });

  it('claude-code 2.1.332: grep_search is left out (its search follows .gitignore), file_search stays (its Glob does not)', async () => {
    // No LS tool exists in 2.1.332; the native build's model lists and greps through Bash.
    expect(builtInNames('claude-code')).not.toContain('LS');
    const c = await connectAs('claude-code');
    expect(c.names).not.toContain('grep_search');
    expect(c.names).toContain('file_search');
    expect(c.client.getInstructions()).toMatch(/kept: file_search, because [^;]*--no-ignore/);
    const found = await c.call('file_search', { query: '*.txt' });
    expect(found.text).toMatch(/notes\.txt/);
  });

  it('gemini-cli 0.61.0: its tools by the names it registers (grep_search; no search_file_content, no read_many_files)', () => {
    expect(builtInNames('gemini-cli-mcp-client')).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'replace', 'list_directory', 'glob', 'grep_search']),
    );
    for (const gone of ['search_file_content', 'read_many_files'])
      expect(builtInNames('gemini-cli-mcp-client')).not.toContain(gone);
  });

  it('cursor: its own Delete File does the delete job, so delete_file is not sent a second time', async () => {
    const c = await connectAs('cursor-vscode');
    expect(c.names).not.toContain('delete_file');
    expect(c.names).toContain('git_restore');
  });
});

describe('finding 3: one question per action', () => {
  it('claude-code asks before each call itself: plain git_add and git_commit run without a second question', async () => {
    const c = await connectAs('claude-code', { elicit: () => 'decline' });
    await fs.writeFile(path.join(root, 'notes.txt'), 'hello\nthere\n');
    expect((await c.call('git_add', { paths: ['notes.txt'] })).isError).toBeFalsy();
    const commit = await c.call('git_commit', { message: 'second' });
    expect(commit.isError).toBeFalsy();
    expect(c.asked).toEqual([]);
    expect(git(root, 'log', '--format=%s', '-1').trim()).toBe('second');
    expect(c.client.getInstructions()).toMatch(/plain git_add and git_commit/);
  });

  it('the server still asks for a sensitive write, with what it writes', async () => {
    const c = await connectAs('claude-code', { elicit: () => 'decline', servesEverything: true });
    const result = await c.call('str_replace_based_edit_tool', {
      command: 'create',
      path: '.vscode/tasks.json',
      file_text: '{}\n',
    });
    expect(c.asked).toHaveLength(1);
    expect(c.asked[0]).toMatch(/tasks\.json/);
    expect(result.text).toMatch(/declined/);
  });

  it('an irreversible change is still asked by the server, with what is lost', async () => {
    const c = await connectAs('claude-code', { elicit: () => 'decline' });
    const result = await c.call('delete_file', { filePath: 'notes.txt' });
    expect(c.asked).toHaveLength(1);
    expect(c.asked[0]).toMatch(/notes\.txt/);
    expect(result.text).toMatch(/declined/);
    await expect(fs.readFile(path.join(root, 'notes.txt'), 'utf8')).resolves.toBe('hello\nworld\n');
  });

  it('an apply_patch that deletes a file is irreversible too: asked with what is lost; a plain edit is not (review finding)', async () => {
    const c = await connectAs('codex-mcp-client', { elicit: () => 'decline', servesEverything: true });
    const edit = await c.call('apply_patch', {
      input: '*** Begin Patch\n*** Update File: notes.txt\n@@\n hello\n-world\n+there\n*** End Patch',
    });
    expect(edit.isError).toBeFalsy();
    expect(c.asked).toEqual([]);
    const removal = await c.call('apply_patch', {
      input: '*** Begin Patch\n*** Delete File: notes.txt\n*** End Patch',
    });
    expect(c.asked).toHaveLength(1);
    expect(c.asked[0]).toMatch(/notes\.txt/);
    expect(removal.text).toMatch(/declined/);
    await expect(fs.readFile(path.join(root, 'notes.txt'), 'utf8')).resolves.toBe('hello\nthere\n');
  });

  it('a client toolpacks does not know is asked by the server for a plain git_add', async () => {
    const c = await connectAs('some-editor', { elicit: () => 'accept' });
    await fs.writeFile(path.join(root, 'notes.txt'), 'hello\nthere\n');
    await c.call('git_add', { paths: ['notes.txt'] });
    expect(c.asked).toHaveLength(1);
  });
});

describe('finding 6: limits a model must respect are in the words too', () => {
  const LIMIT_KEYS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
  /** Every schema node with a limit keyword, and whether its description says the limit's number. */
  function unsaid(node: unknown, where: string, out: string[]): string[] {
    if (!node || typeof node !== 'object') return out;
    const record = node as Record<string, unknown>;
    for (const key of LIMIT_KEYS)
      if (typeof record[key] === 'number' && !String(record.description ?? '').includes(String(record[key])))
        out.push(`${where}.${key}`);
    for (const [key, value] of Object.entries(record)) unsaid(value, `${where}.${key}`, out);
    return out;
  }

  it('Codex (which strips the keywords) gets every limit in the property’s description', async () => {
    const c = await connectAs('codex-mcp-client', { servesEverything: true });
    const missing = c.tools.flatMap((t) => unsaid(t.inputSchema, t.name, []));
    expect(missing).toEqual([]);
    expect(c.tools.some((t) => JSON.stringify(t.inputSchema).includes('Limits: '))).toBe(true);
  });
});
