// The first 2026-07-28 tools/list answered before the SDK loads (earlyList.ts) is the SDK's own answer,
// byte for byte, for every known client, model choice and served set; a request the SDK would answer
// otherwise is never answered early; and a server handed the early answer does not send its own.
import { PassThrough } from 'node:stream';
import { answerLine, earlyListAnswer, earlyListRequest } from './earlyList';
import { KNOWN_CLIENTS } from './clientFamilies';
import { serveStdio } from './stdio';
import { describeStarted } from './workspaceTools';
import { sdkAnswer } from './testing/sdkAnswer';
import { cleanUpSessions, nodeSession } from './testing/nodeSessions';
import type { McpServerOptions, McpSession } from './types';

jest.setTimeout(120_000);
cleanUpSessions();

const PROTOCOL = 'io.modelcontextprotocol/protocolVersion';
const INFO = 'io.modelcontextprotocol/clientInfo';
const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

type Json = Record<string, unknown>;

/** A 2026-07-28 tools/list of `client`, as the SDK v2 client writes it, with `change` applied. */
function listRequest(client = 'probe', change: (message: Json & { params: { _meta: Json } }) => void = () => {}) {
  const message = {
    method: 'tools/list',
    jsonrpc: '2.0',
    id: 0,
    params: { _meta: { [PROTOCOL]: '2026-07-28', [INFO]: { name: client, version: '1.0.0' }, [CAPABILITIES]: {} } },
  };
  change(message);
  return message;
}

let session: McpSession;
beforeAll(async () => {
  session = await nodeSession({ git: true });
});

const withSession = (options: Partial<McpServerOptions> = {}): McpServerOptions => ({
  approvals: {},
  // The one session of the file: a server that closes does not dispose it.
  createSession: async () => Object.create(session, { dispose: { value: async () => undefined } }) as McpSession,
  ...options,
});

describe('the early answer is the SDK’s answer, byte for byte', () => {
  const clients = ['probe', ...KNOWN_CLIENTS.map((client) => client.name), 'Claude-Code'];
  const choices: [string, Partial<McpServerOptions>][] = [
    ['the host’s model, explicit', {}],
    ['a default the client’s model replaces', { model: {} }],
    ['every tool served', { model: {}, servesEverything: true }],
    ['named server', { model: {}, name: 'named', version: '9.9.9' }],
  ];
  for (const [choice, options] of choices)
    it.each(clients)(`${choice}: client %s`, async (client) => {
      const message = listRequest(client);
      const early = earlyListAnswer(withSession(options), session, message);
      expect(early).toBeDefined();
      expect(answerLine(early!)).toBe(await sdkAnswer(withSession(options), JSON.stringify(message)));
    });

  const accepted: [string, (message: Json & { params: { _meta: Json } }) => void][] = [
    ['a string id', (m) => (m.id = 'list-1')],
    ['a negative id', (m) => (m.id = -7)],
    [
      'clientInfo with title, description, websiteUrl',
      (m) =>
        (m.params._meta[INFO] = { name: 'x', version: '1', title: 'X', description: 'd', websiteUrl: 'https://x' }),
    ],
    [
      'elicitation form and url',
      (m) => (m.params._meta[CAPABILITIES] = { elicitation: { form: { applyDefaults: true }, url: {} } }),
    ],
    ['elicitation {}', (m) => (m.params._meta[CAPABILITIES] = { elicitation: {} })],
    [
      'roots and sampling',
      (m) => (m.params._meta[CAPABILITIES] = { roots: { listChanged: true }, sampling: { context: {}, tools: {} } }),
    ],
    [
      'experimental and extensions',
      (m) => (m.params._meta[CAPABILITIES] = { experimental: { a: { b: [1] } }, extensions: { 'io.x/y': {} } }),
    ],
  ];
  it.each(accepted)('%s', async (_name, change) => {
    const message = listRequest('probe', change);
    const early = earlyListAnswer(withSession({ model: {} }), session, message);
    expect(early).toBeDefined();
    expect(answerLine(early!)).toBe(await sdkAnswer(withSession({ model: {} }), JSON.stringify(message)));
  });
});

describe('what the SDK answers otherwise is left to it', () => {
  const refusedBySdk: [string, (message: Json & { params: { _meta: Json } }) => void][] = [
    ['capabilities.elicitation a number', (m) => (m.params._meta[CAPABILITIES] = { elicitation: 5 })],
    ['roots.listChanged a string', (m) => (m.params._meta[CAPABILITIES] = { roots: { listChanged: 'yes' } })],
    ['capabilities an array', (m) => (m.params._meta[CAPABILITIES] = [])],
    [
      'form.applyDefaults a string',
      (m) => (m.params._meta[CAPABILITIES] = { elicitation: { form: { applyDefaults: 'y' } } }),
    ],
    ['sampling.context a number', (m) => (m.params._meta[CAPABILITIES] = { sampling: { context: 1 } })],
    ['experimental of numbers', (m) => (m.params._meta[CAPABILITIES] = { experimental: { a: 1 } })],
    ['clientInfo without a version', (m) => (m.params._meta[INFO] = { name: 'x' })],
    ['clientInfo.title a number', (m) => (m.params._meta[INFO] = { name: 'x', version: '1', title: 5 })],
    ['icons of the wrong type', (m) => (m.params._meta[INFO] = { name: 'x', version: '1', icons: 5 })],
    ['another protocol revision', (m) => (m.params._meta[PROTOCOL] = '2026-01-01')],
    ['no capabilities', (m) => delete m.params._meta[CAPABILITIES]],
    ['a fractional id', (m) => (m.id = 1.5)],
    ['a null id', (m) => (m.id = null)],
  ];
  it.each(refusedBySdk)('%s: not answered early; the SDK does not answer it with the list', async (_name, change) => {
    const message = listRequest('probe', change);
    expect(earlyListRequest(message)).toBeUndefined();
    expect(earlyListAnswer(withSession(), session, message)).toBeUndefined();
    const answer = await sdkAnswer(withSession(), JSON.stringify(message), 3_000);
    // An error, or nothing at all (a message without a usable id is no request to it).
    expect(answer === '' || 'error' in (JSON.parse(answer) as Json)).toBe(true);
  });

  const leftToSdk: [string, unknown][] = [
    ['a cursor (a page of the list)', listRequest('probe', (m) => ((m.params as Json).cursor = 'x'))],
    ['another key in _meta', listRequest('probe', (m) => (m.params._meta.progressToken = 1))],
    ['another top-level member', listRequest('probe', (m) => (m.extra = 1))],
    ['tasks capabilities', listRequest('probe', (m) => (m.params._meta[CAPABILITIES] = { tasks: {} }))],
    ['an unknown capability', listRequest('probe', (m) => (m.params._meta[CAPABILITIES] = { future: {} }))],
    ['an id past the safe integers', listRequest('probe', (m) => (m.id = 2 ** 53))],
    ['another method', listRequest('probe', (m) => (m.method = 'tools/call'))],
    ['not JSON-RPC 2.0', listRequest('probe', (m) => (m.jsonrpc = '1.0'))],
    ['not an object', 'tools/list'],
  ];
  it.each(leftToSdk)('%s: not answered early', (_name, message) => {
    expect(earlyListRequest(message)).toBeUndefined();
  });
});

it('a server handed the early answer sends nothing for that request, compares it, and serves on', async () => {
  const errors: unknown[] = [];
  const options = withSession({ model: {}, onError: (error) => errors.push(error) });
  const message = listRequest('probe', (m) => (m.id = 'first'));
  const answered = earlyListAnswer(options, session, message)!;
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk) => (written += String(chunk)));
  const line = JSON.stringify(message) + '\n';
  const server = await serveStdio(options, {
    stdin,
    stdout,
    opening: { bytes: Buffer.from(line), ended: false, answered },
  });
  try {
    const call = { ...listRequest('probe'), id: 'second', method: 'tools/call' } as Json & { params: Json };
    call.params = { ...call.params, name: 'read_file', arguments: { filePath: 'notes.txt' } };
    stdin.write(JSON.stringify(call) + '\n');
    for (const start = Date.now(); !written.includes('\n') && Date.now() - start < 20_000;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const lines = written
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Json);
    expect(lines.map((sent) => sent.id)).toEqual(['second']);
    expect(JSON.stringify(lines[0])).toContain('hello from notes');
    expect(errors).toEqual([]);
  } finally {
    await server.close();
  }
});

it('a request that reuses the early-answered id while the list is pending gets its own answer, and the list is not sent twice', async () => {
  const errors: unknown[] = [];
  let start!: () => void;
  const gate = new Promise<void>((resolve) => (start = resolve));
  const options = withSession({
    model: {},
    onError: (error) => errors.push(error),
    // The session starts only when the test says: the SDK's list waits for it, the ping does not.
    createSession: async () => {
      await gate;
      return Object.create(session, { dispose: { value: async () => undefined } }) as McpSession;
    },
    describeSession: () => describeStarted(session),
  });
  const message = listRequest('probe', (m) => (m.id = 'reused'));
  const answered = earlyListAnswer(options, session, message)!;
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk) => (written += String(chunk)));
  const linesWritten = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Json);
  const until = async (done: () => boolean) => {
    for (const begun = Date.now(); !done() && Date.now() - begun < 20_000;)
      await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const server = await serveStdio(options, {
    stdin,
    stdout,
    opening: { bytes: Buffer.from(JSON.stringify(message) + '\n'), ended: false, answered },
  });
  try {
    stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 'reused', method: 'ping' }) + '\n');
    await until(() => linesWritten().length > 0);
    start();
    const call = { ...listRequest('probe'), id: 'after', method: 'tools/call' } as Json & { params: Json };
    call.params = { ...call.params, name: 'read_file', arguments: { filePath: 'notes.txt' } };
    stdin.write(JSON.stringify(call) + '\n');
    await until(() => linesWritten().some((sent) => sent.id === 'after'));
    const lines = linesWritten();
    expect(lines.map((sent) => sent.id)).toEqual(['reused', 'after']);
    expect(lines[0]).not.toHaveProperty('result.tools'); // the ping's own answer, not a second list
    expect(errors).toEqual([]);
  } finally {
    start();
    await server.close();
  }
});
