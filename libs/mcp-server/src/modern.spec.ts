// Protocol revision 2026-07-28, driven by the SDK v2 Client pinned to it (in memory: the connection
// code stdio runs) over a real NodeHost and the four built-in packs: server/discover and its
// instructions; a stable tools/list (no virtual tools, debug tools always listed, the same list
// whatever a call did); a debug tool called while nothing is stopped says what to do; structured
// results; progress; a folder that becomes a repository announced on the listen stream.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { initRepository, liveProcesses, survivors } from '@toolpacks/host-node/testing';
import { waitUntil } from './testing/clients';
import { connectModernInMemory, type ModernClientOptions } from './testing/modernClients';
import { cleanups, cleanUpSessions, serverOptions, type NodeSessionOptions } from './testing/nodeSessions';
import type { McpApprovalPolicy } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

async function open(
  approvals: McpApprovalPolicy = {},
  session: NodeSessionOptions = {},
  client: ModernClientOptions = {},
) {
  const options = serverOptions(approvals, session);
  const c = await connectModernInMemory(options, client);
  cleanups.push(() => c.close());
  return { ...c, root: async () => ((await c.server.session) as { root: string }).root };
}

type Result = { content: { type: string; text?: string }[]; isError?: boolean; structuredContent?: unknown };
const call = (c: Awaited<ReturnType<typeof open>>, name: string, args: Record<string, unknown> = {}) =>
  c.client.callTool({ name, arguments: args }) as Promise<Result>;

describe('2026-07-28: discover and list', () => {
  it('discovers the server: the modern era, its instructions name the folder, the family and input_required', async () => {
    const c = await open({}, {}, { elicit: () => ({ action: 'decline' }) });
    expect(c.client.getProtocolEra()).toBe('modern');
    const discover = c.client.getDiscoverResult()!;
    expect(discover.supportedVersions).toContain('2026-07-28');
    expect(discover.capabilities.tools).toBeDefined();
    const instructions = c.client.getInstructions()!;
    expect(instructions).toContain(await c.root());
    expect(instructions).toMatch(/listed for model family grok-code/);
    expect(instructions).toMatch(/input_required/);

    const plain = await open();
    expect(plain.client.getInstructions()).toMatch(
      /declared no form elicitation, so a call that needs a person’s yes is declined/,
    );
  });

  it('lists every tool the model gets, with no virtual tools, the debug tools included, the same list after calls', async () => {
    // A threshold of 4 groups tools in the 2025 era; this era never groups.
    const c = await open({ allow: ['start_debugging'] }, { threshold: 4 });
    const { tools } = await c.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'read_file',
        'grep_search',
        'start_debugging',
        'get_call_stack',
        'get_variables',
        'continue_execution',
        'stop_debugging',
      ]),
    );
    expect(names.filter((n) => n.startsWith('activate_') || n === 'search_tools')).toEqual([]);
    // Debug tools listed while nothing is stopped: a call says what is needed, and that it ran nothing.
    const early = await call(c, 'get_call_stack');
    expect(early.isError).toBe(true);
    expect(c.text(early)).toMatch(
      /^Tool `get_call_stack` is not enabled for this request \(.*debugger is not in the state this tool needs \(start_debugging runs a program; a breakpoint or an exception stops it\)\), so it was not run/,
    );
    // A breakpoint stop changes debugState: the list does not change, and the stopped-program tools work.
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 2 })).isError).toBe(false);
    expect(c.text(await call(c, 'start_debugging', { program: 'program.js' }))).toMatch(/^Stopped \(breakpoint bp-1\)/);
    expect(c.text(await call(c, 'get_call_stack'))).toMatch(/add/);
    expect(await c.names()).toEqual(names);
    expect(c.listChanges()).toBe(0);
  });

  it('announces a folder that becomes a repository on the listen stream, and the list then has the git tools', async () => {
    const c = await open();
    const before = await c.names();
    expect(before).not.toContain('git_status');
    const gained = c.nextListChange();
    await initRepository(await c.root(), [{ files: { 'README.md': '# now a repository\n' }, message: 'first' }]);
    await gained;
    expect(await c.names()).toEqual(expect.arrayContaining(['git_status', 'git_diff', 'git_commit']));
    expect(c.text(await call(c, 'git_status'))).toMatch(/main/);
  });
});

describe('2026-07-28: calls', () => {
  it('runs a tool; a tool with an output schema returns structuredContent beside its text', async () => {
    const c = await open();
    const { tools } = await c.client.listTools();
    const readFile = tools.find((t) => t.name === 'read_file')!;
    const result = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(result.isError).toBeFalsy();
    expect(c.text(result)).toContain('hello from notes');
    expect(result.structuredContent !== undefined).toBe(readFile.outputSchema !== undefined);
    // Mistakes are results the model can act on, never protocol errors.
    const invalid = await call(c, 'read_file', { nope: 1 });
    expect(invalid.isError).toBe(true);
    expect(c.text(invalid)).toMatch(/^Invalid input for `read_file`; it was not run:/);
  });

  it('sends progress on the call to a client that asked (start_debugging waiting for its program)', async () => {
    const c = await open({ allow: ['start_debugging'] });
    await fs.writeFile(path.join(await c.root(), 'slow.js'), 'setTimeout(() => console.log("done"), 2500);\n');
    const seen: { progress: number; message?: string }[] = [];
    const result = await c.client.callTool(
      { name: 'start_debugging', arguments: { program: 'slow.js' } },
      {
        onprogress: (p) => seen.push(p),
      },
    );
    expect(c.text(result)).toMatch(/done/);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[0].message).toMatch(/^Waiting for slow\.js to stop at a breakpoint or end \(\d+ s\)$/);
  });

  it('a call the client cancels is stopped, and the debuggee and its child end', async () => {
    const c = await open({ allow: ['start_debugging'] }, { host: { debug: { stopWaitMs: 30_000 } } });
    const root = await c.root();
    const controller = new AbortController();
    const running = c.client.callTool(
      { name: 'start_debugging', arguments: { program: 'endless.js' } },
      {
        signal: controller.signal,
      },
    );
    running.catch(() => undefined);
    await waitUntil(() => liveProcesses({ marker: root }).some((p) => p.commandLine.includes('grandchild.js')), 20_000);
    controller.abort('the person pressed stop');
    await expect(running).rejects.toThrow();
    expect(await survivors({ marker: root })).toEqual([]);
    expect((await call(c, 'list_breakpoints')).isError).toBeFalsy();
  });
});
