// A client that answers questions it was never asked: the SDK v2 Client pinned to 2026-07-28 in
// manual mode (it hands input_required back and the spec builds each retry itself), against a real
// NodeHost and the packs on a real temp folder. A forged requestState, a replayed one, one answered
// for other arguments or another tool, an expired one, and inputResponses for a question never asked
// (or for a question that has since changed) never write the file.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { connectModernInMemory } from './testing/modernClients';
import { cleanups, cleanUpSessions, serverOptions } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

type Answer = {
  resultType?: string;
  inputRequests?: Record<string, { method: string; params: { message: string } }>;
  requestState?: string;
  content?: { type: string; text?: string }[];
  isError?: boolean;
};

async function open(confirmationTimeoutMs?: number) {
  const options = {
    ...serverOptions(),
    ...(confirmationTimeoutMs !== undefined ? { confirmationTimeoutMs } : {}),
  };
  // Declares form elicitation, so the server asks; the handler never runs in manual mode.
  const c = await connectModernInMemory(options, { elicit: () => ({ action: 'decline' }) });
  cleanups.push(() => c.close());
  const root = ((await c.server.session) as { root: string }).root;
  /** One tools/call round, input_required handed back as it came. */
  const round = (name: string, args: Record<string, unknown>, retry: Record<string, unknown> = {}) =>
    c.client.request(
      { method: 'tools/call', params: { name, arguments: args, ...retry } },
      { allowInputRequired: true },
    ) as Promise<Answer>;
  return { ...c, root, round };
}

const TASKS = { filePath: '.vscode/tasks.json', content: '{"version":"2.0.0"}\n' };
const ACCEPT = { confirm: { action: 'accept', content: {} } };
const INVALID_STATE = { code: -32602, message: expect.stringMatching(/Invalid or expired requestState/) };
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('requestState and inputResponses a client makes up', () => {
  it('asks with a signed state; a forged or tampered state is refused and nothing is written', async () => {
    const c = await open();
    const asked = await c.round('create_file', TASKS);
    expect(asked.resultType).toBe('input_required');
    expect(asked.inputRequests?.confirm.method).toBe('elicitation/create');
    expect(asked.inputRequests?.confirm.params.message).toMatch(/tasks\.json/);
    expect(asked.requestState).toMatch(/^v1\./);
    const [version, body, mac] = asked.requestState!.split('.');
    // The server's MAC over a payload the client changed (a longer life), a MAC of the client's
    // own, and no state format at all.
    const envelope = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: { expires: number } };
    envelope.p.expires = Date.now() + 3_600_000;
    const forged = [
      `${version}.${Buffer.from(JSON.stringify(envelope)).toString('base64url')}.${mac}`,
      `${version}.${body}.${Buffer.alloc(32, 7).toString('base64url')}`,
      'accept',
    ];
    for (const requestState of forged)
      await expect(c.round('create_file', TASKS, { inputResponses: ACCEPT, requestState })).rejects.toMatchObject(
        INVALID_STATE,
      );
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
  });

  it('accepts a state once: the answer lands the write, and the same state replayed is refused', async () => {
    const c = await open();
    const { requestState } = await c.round('create_file', TASKS);
    const done = await c.round('create_file', TASKS, { inputResponses: ACCEPT, requestState });
    expect(done.isError).toBeFalsy();
    expect(await fs.readFile(path.join(c.root, '.vscode/tasks.json'), 'utf8')).toBe(TASKS.content);
    await fs.rm(path.join(c.root, '.vscode/tasks.json'));
    await expect(c.round('create_file', TASKS, { inputResponses: ACCEPT, requestState })).rejects.toMatchObject(
      INVALID_STATE,
    );
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
  });

  it('refuses a state answered for other arguments or for another tool', async () => {
    const c = await open();
    const { requestState: forTasks } = await c.round('create_file', TASKS);
    const other = { filePath: '.vscode/tasks.json', content: '{"evil":true}\n' };
    await expect(
      c.round('create_file', other, { inputResponses: ACCEPT, requestState: forTasks }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/issued for another call .* nothing was run/),
    });
    const { requestState: forSettings } = await c.round('create_file', {
      filePath: '.vscode/settings.json',
      content: '{}\n',
    });
    await expect(
      c.round(
        'replace_string_in_file',
        { filePath: '.vscode/settings.json', oldString: '{}', newString: '{"x":1}' },
        {
          inputResponses: ACCEPT,
          requestState: forSettings,
        },
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/issued for another call/) });
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
    expect(await exists(path.join(c.root, '.vscode/settings.json'))).toBe(false);
  });

  it('refuses arguments nested too deep to hash with a clear error, not a crash, and writes nothing', async () => {
    const c = await open();
    const { requestState } = await c.round('create_file', TASKS);
    let deep: unknown = 'x';
    for (let i = 0; i < 1000; i++) deep = [deep];
    await expect(
      c.round('create_file', { ...TASKS, deep }, { inputResponses: ACCEPT, requestState }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/nested deeper than 64 levels; nothing was run/),
    });
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
  });

  it('refuses an expired state', async () => {
    const c = await open(1_000);
    const { requestState } = await c.round('create_file', TASKS);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await expect(c.round('create_file', TASKS, { inputResponses: ACCEPT, requestState })).rejects.toMatchObject(
      INVALID_STATE,
    );
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);
  });

  it('asks again for inputResponses with no state, or for a question that changed since it was asked', async () => {
    const c = await open();
    const unasked = await c.round('create_file', TASKS, { inputResponses: ACCEPT });
    expect(unasked.resultType).toBe('input_required');
    expect(await exists(path.join(c.root, '.vscode/tasks.json'))).toBe(false);

    // The question shows the change: the file changing between the rounds makes it another question.
    await fs.mkdir(path.join(c.root, '.vscode'), { recursive: true });
    await fs.writeFile(path.join(c.root, '.vscode/tasks.json'), '{"before":1}\n');
    const asked = await c.round('create_file', { ...TASKS, overwrite: true });
    await fs.writeFile(path.join(c.root, '.vscode/tasks.json'), '{"changed":2}\n');
    const again = await c.round(
      'create_file',
      { ...TASKS, overwrite: true },
      { inputResponses: ACCEPT, requestState: asked.requestState },
    );
    expect(again.resultType).toBe('input_required');
    expect(again.inputRequests?.confirm.params.message).not.toBe(asked.inputRequests?.confirm.params.message);
    expect(await fs.readFile(path.join(c.root, '.vscode/tasks.json'), 'utf8')).toBe('{"changed":2}\n');
  });
});
