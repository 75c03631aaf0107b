// The MCP server over a real NodeHost: confirmations asked through elicitation, or decided by the
// approval policy (yes, allow, alwaysAsk) when the client cannot be asked; code the model wrote never
// runs on `yes` alone; a decline reaches the model and the session goes on.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { liveProcesses } from '@toolpacks/host-node/testing';
import {
  call,
  cleanUpSessions,
  MARKER_PROGRAM,
  markerExists,
  markerExpression,
  open,
  RUNS_CODE_DECLINED,
} from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('confirmation', () => {
  it('elicitation: accept runs a sensitive write; decline with a reason reaches the model; the next call works', async () => {
    const answers: ElicitResult[] = [
      { action: 'accept', content: {} },
      { action: 'decline', content: { reason: 'put it in package.json scripts instead' } },
    ];
    const c = await open({}, {}, () => answers.shift()!);
    const session = await c.root();
    const accepted = await call(c, 'create_file', { filePath: '.vscode/tasks.json', content: '{"version":"2.0.0"}\n' });
    expect(accepted.isError).toBe(false);
    expect(await fs.readFile(path.join(session.root, '.vscode/tasks.json'), 'utf8')).toBe('{"version":"2.0.0"}\n');
    expect(c.elicitations[0].message).toMatch(/tasks\.json/);
    expect(c.elicitations[0]).toMatchObject({
      mode: 'form',
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } } },
    });

    const declined = await call(c, 'create_file', { filePath: '.vscode/settings.json', content: '{}\n' });
    expect(declined.isError).toBe(true);
    expect(c.text(declined)).toMatch(
      /^The user declined to run `create_file` for this call and said: .*put it in package\.json scripts instead/,
    );
    await expect(fs.stat(path.join(session.root, '.vscode/settings.json'))).rejects.toThrow();

    const next = await call(c, 'read_file', { filePath: 'notes.txt' });
    expect(next.isError).toBe(false);
    expect(c.elicitations).toHaveLength(2);
  });

  it('elicitation decline without a reason, and cancel, decline the call', async () => {
    const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'cancel' }];
    const c = await open({}, {}, () => answers.shift()!);
    for (let i = 0; i < 2; i++) {
      const result = await call(c, 'start_debugging', { program: 'program.js' });
      expect(result.isError).toBe(true);
      expect(c.text(result)).toMatch(/^The user declined to run `start_debugging` for this call\. Do not retry/);
    }
  });

  it('without elicitation, yes approves what asks but never a sensitive write (.vscode/tasks.json, .git/config) nor code that runs', async () => {
    const c = await open({ yes: true });
    const session = await c.root();
    for (const filePath of ['.vscode/tasks.json', '.git/config']) {
      const result = await call(c, 'create_file', { filePath, content: '[core]\n\tfsmonitor = evil\n' });
      expect(result.isError).toBe(true);
      expect(c.text(result)).toMatch(
        /^The user declined to run `create_file` for this call \(it can make code run or changes a sensitive file/,
      );
      await expect(fs.stat(path.join(session.root, filePath))).rejects.toThrow();
    }
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
  });

  it('without elicitation and no policy, what asks is declined (no hang), and the next call works; allow approves the named tools', async () => {
    const c = await open();
    const declined = await call(c, 'start_debugging', { program: 'program.js' });
    expect(declined.isError).toBe(true);
    expect(c.text(declined)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
    expect((await call(c, 'read_file', { filePath: 'notes.txt' })).isError).toBe(false);

    const allowed = await open({ allow: ['start_debugging'] }, { git: true });
    expect(allowed.text(await call(allowed, 'start_debugging', { program: 'program.js' }))).toMatch(
      /^The program ended/,
    );
    const commit = await call(allowed, 'git_commit', { message: 'x', all: true });
    expect(commit.isError).toBe(true);
    expect(allowed.text(commit)).toMatch(
      /^The user declined to run `git_commit` for this call \(it needs confirmation and none could be asked\)/,
    );
  });
});

describe('code the model wrote (`yes` never runs it)', () => {
  it('yes without elicitation: create_file x.js is approved, start_debugging x.js is declined and nothing runs', async () => {
    const c = await open({ yes: true });
    const session = await c.root();
    const created = await call(c, 'create_file', { filePath: 'x.js', content: MARKER_PROGRAM });
    expect(created.isError).toBe(false);
    expect(await fs.readFile(path.join(session.root, 'x.js'), 'utf8')).toBe(MARKER_PROGRAM);

    const started = await call(c, 'start_debugging', { program: 'x.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(RUNS_CODE_DECLINED('start_debugging'));
    expect(liveProcesses({ marker: session.root })).toEqual([]);
    expect(await markerExists(session.root)).toBe(false);
    // The session goes on.
    expect((await call(c, 'read_file', { filePath: 'x.js' })).isError).toBe(false);
  });

  it('yes + allow start_debugging: the program runs, but evaluate_expression and a conditional breakpoint are declined and run nothing', async () => {
    const c = await open({ yes: true, allow: ['start_debugging'] });
    const session = await c.root();
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 2 })).isError).toBe(false);
    expect(c.text(await call(c, 'start_debugging', { program: 'program.js' }))).toMatch(
      /^Stopped \(breakpoint bp-1\) in add/,
    );

    const evaluated = await call(c, 'evaluate_expression', { expression: markerExpression(session.root) });
    expect(evaluated.isError).toBe(true);
    expect(c.text(evaluated)).toMatch(RUNS_CODE_DECLINED('evaluate_expression'));

    const conditional = await call(c, 'set_breakpoint', {
      path: 'program.js',
      line: 3,
      condition: `${markerExpression(session.root)} || false`,
    });
    expect(conditional.isError).toBe(true);
    expect(c.text(conditional)).toMatch(RUNS_CODE_DECLINED('set_breakpoint'));
    expect(c.text(await call(c, 'list_breakpoints'))).not.toMatch(/marker/);

    // Run the program to its end through line 3: no condition was set, nothing wrote the marker.
    expect((await call(c, 'remove_breakpoint', { id: 'bp-1' })).isError).toBe(false);
    expect(c.text(await call(c, 'continue_execution'))).toMatch(/^The program ended with exit code 0/);
    expect(await markerExists(session.root)).toBe(false);

    // Approval that names the tool runs it (the program the model wrote, too).
    await fs.writeFile(path.join(session.root, 'x.js'), MARKER_PROGRAM);
    expect(c.text(await call(c, 'start_debugging', { program: 'x.js' }))).toMatch(
      /^The program ended with exit code 0/,
    );
    expect(await markerExists(session.root)).toBe(true);
  });

  it('allow naming evaluate_expression and set_breakpoint runs an expression and a condition', async () => {
    const c = await open({ allow: ['start_debugging', 'evaluate_expression', 'set_breakpoint'] });
    const session = await c.root();
    expect((await call(c, 'set_breakpoint', { path: 'program.js', line: 3, condition: 'a === 1' })).isError).toBe(
      false,
    );
    expect(c.text(await call(c, 'start_debugging', { program: 'program.js' }))).toMatch(
      /^Stopped \(breakpoint bp-1\) in add/,
    );
    expect(c.text(await call(c, 'get_variables'))).toMatch(/\ba\b.*1/s);
    const evaluated = await call(c, 'evaluate_expression', { expression: markerExpression(session.root) });
    expect(c.text(evaluated)).not.toMatch(/declined/);
    expect(await markerExists(session.root)).toBe(true);
  });

  it("with elicitation, a person's yes runs it (on a yes server too), and a no runs nothing", async () => {
    const answers: ElicitResult[] = [{ action: 'decline' }, { action: 'accept' }];
    const c = await open({ yes: true }, {}, () => answers.shift()!);
    const session = await c.root();
    expect((await call(c, 'create_file', { filePath: 'x.js', content: MARKER_PROGRAM })).isError).toBe(false);
    const declined = await call(c, 'start_debugging', { program: 'x.js' });
    expect(c.text(declined)).toMatch(/^The user declined to run `start_debugging` for this call\. /);
    expect(await markerExists(session.root)).toBe(false);

    const started = await call(c, 'start_debugging', { program: 'x.js' });
    expect(started.isError).toBe(false);
    expect(c.text(started)).toMatch(/^The program ended with exit code 0/);
    expect(await markerExists(session.root)).toBe(true);
    // Asked both times; the prompt shows the command that runs.
    expect(c.elicitations).toHaveLength(2);
    expect(c.elicitations[1].message).toMatch(/node "x\.js"/);
  });
});

describe('alwaysAsk', () => {
  it('keeps tools manual: neither yes nor allow approves them; without elicitation they are declined', async () => {
    const c = await open(
      { yes: true, allow: ['start_debugging', 'git_commit'], alwaysAsk: ['git_commit', 'start_debugging'] },
      { git: true },
    );
    const session = await c.root();
    await fs.appendFile(path.join(session.root, 'README.md'), 'one\n');
    const commit = await call(c, 'git_commit', { message: 'change one', all: true });
    expect(commit.isError).toBe(true);
    expect(c.text(commit)).toMatch(
      /^The user declined to run `git_commit` for this call \(it needs confirmation and none could be asked\)/,
    );
    const started = await call(c, 'start_debugging', { program: 'program.js' });
    expect(started.isError).toBe(true);
    expect(c.text(started)).toMatch(/^The user declined to run `start_debugging` for this call/);
    expect(liveProcesses({ marker: session.root })).toEqual([]);
  });

  it('with elicitation a tool in alwaysAsk is asked every time, where yes alone approves it without asking', async () => {
    const asked = await open({ yes: true, alwaysAsk: ['git_commit'] }, { git: true }, () => ({ action: 'accept' }));
    const askedRoot = (await asked.root()).root;
    for (const change of ['one', 'two']) {
      // A change to a tracked file, for `git commit --all`.
      await fs.appendFile(path.join(askedRoot, 'README.md'), `${change}\n`);
      const commit = await call(asked, 'git_commit', { message: `change ${change}`, all: true });
      expect(asked.text(commit)).not.toMatch(/declined/);
      expect(commit.isError).toBe(false);
    }
    expect(asked.elicitations).toHaveLength(2);

    const plain = await open({ yes: true }, { git: true }, () => ({ action: 'decline' }));
    await fs.appendFile(path.join((await plain.root()).root, 'README.md'), 'one\n');
    const commit = await call(plain, 'git_commit', { message: 'change one', all: true });
    expect(plain.text(commit)).not.toMatch(/declined/);
    expect(commit.isError).toBe(false);
    expect(plain.elicitations).toHaveLength(0);
  });
});
