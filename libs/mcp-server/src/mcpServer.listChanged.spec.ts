// The MCP server over a real NodeHost: notifications/tools/list_changed when a session's list
// changes (an activate_* group expanded, a breakpoint stop that changes debugState), never otherwise.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { initRepository, survivors } from '@toolpacks/host-node/testing';
import { call, cleanUpSessions, names, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('list_changed', () => {
  it('activate_* expands the group for this session and announces the new list', async () => {
    const c = await open({}, { threshold: 4 });
    const before = await c.client.listTools();
    const activators = before.tools.filter((t) => t.name.startsWith('activate_'));
    expect(activators.length).toBeGreaterThan(1);
    for (const a of activators)
      expect(a.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    const debugGroup = activators.find((a) => /debug/.test(a.name)) ?? activators[0];
    const changed = c.nextListChange();
    const result = await call(c, debugGroup.name);
    expect(result.isError).toBe(false);
    expect(c.text(result)).toMatch(/^Tools activated: /);
    await changed;
    const after = await names(c);
    const activated = c
      .text(result)
      .replace(/^Tools activated: /, '')
      .split('.')[0]
      .split(', ');
    for (const name of activated) expect(after).toContain(name);
    expect(after).not.toContain(debugGroup.name);
    // Listing again without a change sends nothing more.
    const count = c.listChanges();
    await names(c);
    expect(c.listChanges()).toBe(count);
  });

  it('a breakpoint stop changes debugState: the list changes, and the stopped-program tools work in the same session', async () => {
    const c = await open({ allow: ['start_debugging'] });
    const session = await c.root();
    await names(c);
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 2 })).isError).toBe(false);
    const changed = c.nextListChange();
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(c.text(started)).toMatch(/^Stopped \(breakpoint bp-1\) in add at .*program\.js:2/);
    await changed;
    expect(await names(c)).toEqual(
      expect.arrayContaining(['get_call_stack', 'get_variables', 'continue_execution', 'stop_debugging']),
    );
    expect(c.text(await call(c, 'get_call_stack'))).toMatch(/add/);
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*0/s);
    const next = await call(c, 'continue_execution');
    expect(next.isError).toBe(false);
    expect(c.text(next)).toMatch(/^Stopped \(breakpoint bp-1\)/);
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*1/s);
    await c.close();
    expect(await survivors({ marker: session.root })).toEqual([]);
  });

  it('a folder that becomes a git repository mid-session gets the git tools, and loses them with .git', async () => {
    const c = await open();
    const session = await c.root();
    const before = await names(c);
    expect(before).not.toContain('git_status');
    const gained = c.nextListChange();
    // As a person would in a terminal: nothing tells the server but the folder itself.
    await initRepository(session.root, [{ files: { 'README.md': '# now a repository\n' }, message: 'first' }]);
    await gained;
    expect(await names(c)).toEqual(expect.arrayContaining(['git_status', 'git_diff', 'git_commit']));
    expect(c.text(await call(c, 'git_status'))).toMatch(/main/);
    const lost = c.nextListChange();
    await fs.rm(path.join(session.root, '.git'), { recursive: true, force: true });
    await lost;
    expect(await names(c)).not.toContain('git_status');
  });
});
