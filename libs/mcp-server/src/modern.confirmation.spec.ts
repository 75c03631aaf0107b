// Confirmation in protocol revision 2026-07-28, with the SDK v2 Client pinned to it over a real
// NodeHost and the four packs on a real temp folder: a call that needs a yes answers input_required
// with the question a person sees in the 2025 era; the client asks its elicitation handler and
// retries with the answer. Accept lands the write, decline (with or without a reason) and cancel
// change nothing, a client that declared no elicitation is never sent one, and the approval policy
// approves what it approves without asking.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ElicitResult } from '@modelcontextprotocol/client';
import { connectModernInMemory, type ModernClientOptions } from './testing/modernClients';
import { call as callV1, cleanups, cleanUpSessions, open as openV1, serverOptions } from './testing/nodeSessions';
import type { McpApprovalPolicy } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

async function open(approvals: McpApprovalPolicy = {}, client: ModernClientOptions = {}, git = false) {
  const options = serverOptions(approvals, { git });
  const c = await connectModernInMemory(options, client);
  cleanups.push(() => c.close());
  return { ...c, root: ((await c.server.session) as { root: string }).root };
}

type Result = { content: { type: string; text?: string }[]; isError?: boolean };
const call = (c: Awaited<ReturnType<typeof open>>, name: string, args: Record<string, unknown>) =>
  c.client.callTool({ name, arguments: args }) as Promise<Result>;
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

const TASKS = { filePath: '.vscode/tasks.json', content: '{"version":"2.0.0"}\n' };

describe('2026-07-28 confirmation through input_required', () => {
  it('accept lands the write; the question is the one a 2025-era client is shown', async () => {
    const c = await open({}, { elicit: () => ({ action: 'accept', content: {} }) });
    const accepted = await call(c, 'create_file', TASKS);
    expect(accepted.isError).toBeFalsy();
    expect(c.text(accepted)).toMatch(/^Created \.vscode\/tasks\.json/);
    expect(await fs.readFile(path.join(c.root, '.vscode/tasks.json'), 'utf8')).toBe(TASKS.content);
    expect(c.elicitations).toHaveLength(1);
    expect(c.elicitations[0]).toMatchObject({
      mode: 'form',
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } } },
    });

    // The same call on a fresh folder, asked of a 2025-era client by elicitation.
    const old: string[] = [];
    const v1 = await openV1({}, {}, (request) => {
      old.push(request.message);
      return { action: 'decline' };
    });
    expect((await callV1(v1, 'create_file', TASKS)).isError).toBe(true);
    expect(c.elicitations[0].message).toBe(old[0]);
    expect(old[0]).toMatch(/tasks\.json/);
  });

  it('decline with a reason reaches the model, decline and cancel run nothing, and the next call works', async () => {
    const answers: ElicitResult[] = [
      { action: 'decline', content: { reason: 'put it in package.json scripts instead' } },
      { action: 'decline' },
      { action: 'cancel' },
    ];
    const c = await open({}, { elicit: () => answers.shift()! });
    const reasoned = await call(c, 'create_file', TASKS);
    expect(reasoned.isError).toBe(true);
    expect(c.text(reasoned)).toMatch(
      /^The user declined to run `create_file` for this call and said: .*put it in package\.json scripts instead/,
    );
    for (let i = 0; i < 2; i++) {
      const declined = await call(c, 'create_file', TASKS);
      expect(declined.isError).toBe(true);
      expect(c.text(declined)).toMatch(/^The user declined to run `create_file` for this call\./);
    }
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
    expect(c.elicitations).toHaveLength(3);
    expect((await call(c, 'read_file', { filePath: 'notes.txt' })).isError).toBeFalsy();
  });

  it('never sends an elicitation to a client that declared none: the call is declined in the registry’s words', async () => {
    const c = await open();
    const result = await call(c, 'create_file', TASKS);
    expect(result.isError).toBe(true);
    expect(c.text(result)).toMatch(
      /^The user declined to run `create_file` for this call \(it can make code run or changes a sensitive file/,
    );
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
  });

  it('asks for code the model wrote even on a yes server, and the policy approves git_commit without asking', async () => {
    const c = await open({ yes: true, allow: ['git_commit'] }, { elicit: () => ({ action: 'decline' }) }, true);
    await fs.writeFile(
      path.join(c.root, 'x.js'),
      "require('node:fs').writeFileSync(__dirname + '/marker.txt', 'ran');\n",
    );
    const started = await call(c, 'start_debugging', { program: 'x.js' });
    expect(c.text(started)).toMatch(/^The user declined to run `start_debugging` for this call\. /);
    expect(await exists(path.join(c.root, 'marker.txt'))).toBe(false);
    expect(c.elicitations.at(-1)?.message).toMatch(/node "x\.js"/);
    await fs.appendFile(path.join(c.root, 'README.md'), 'one\n');
    const asked = c.elicitations.length;
    const commit = await call(c, 'git_commit', { message: 'change one', all: true });
    expect(commit.isError).toBeFalsy();
    expect(c.elicitations).toHaveLength(asked);
  });
});
