// The opening answered before the SDK loads (openingAnswer.ts): it is the answer the SDK's own Server
// gives to the same initialize, for every client, era request and option that changes it; handed to
// serveStdio, the SDK's answer to that request is not sent a second time (a difference is reported),
// and the session goes on as usual.
import { PassThrough } from 'node:stream';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import {
  answerOpening,
  earlyOpeningAnswer,
  LEGACY_PROTOCOL_VERSIONS,
  readOpeningLine,
  type StdioOpening,
} from './openingAnswer';
import { serveStdio } from './stdio';
import { cleanUpSessions, nodeSession } from './testing/nodeSessions';
import type { McpServerOptions, SessionDescription } from './types';

jest.setTimeout(60_000);
cleanUpSessions();

const ABOUT: SessionDescription = {
  model: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  root: '/work/somewhere',
  packs: ['Editor', 'Search', 'Git', 'Debug'],
};

/** Options whose session never starts (only the opening is looked at here); errors are collected. */
function options(extra: Partial<McpServerOptions> = {}): McpServerOptions & { errors: unknown[] } {
  const errors: unknown[] = [];
  return {
    approvals: {},
    name: 'toolpacks',
    version: '9.9.9',
    createSession: () => Promise.reject(new Error('no session in this spec')),
    describeSession: () => ABOUT,
    onError: (error) => errors.push(error),
    errors,
    ...extra,
  };
}

/** A stdio server over in-memory pipes; `next()` is its next line on stdout, parsed. */
async function stdioPair(serverOptions: McpServerOptions, opening?: StdioOpening) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: unknown[] = [];
  const waiting: ((line: unknown) => void)[] = [];
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += String(chunk);
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, end)) as unknown;
      buffer = buffer.slice(end + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const server = await serveStdio(serverOptions, { stdin, stdout, ...(opening ? { opening } : {}) });
  return {
    stdin,
    stdout,
    server,
    next: (): Promise<unknown> =>
      lines.length > 0 ? Promise.resolve(lines.shift()) : new Promise((resolve) => waiting.push(resolve)),
    lines,
  };
}

const initialize = (id: number, protocolVersion: string, name: string, capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities, clientInfo: { name, version: '1.0.0' } },
});

const discover = (id: number, name: string, capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name, version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': capabilities,
    },
  },
});

describe('the early answer is the SDK’s answer', () => {
  it('negotiates the revisions the SDK’s Server negotiates in initialize', () => {
    expect(LEGACY_PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026'));
  });

  const cases: [string, Partial<McpServerOptions>, ReturnType<typeof initialize>][] = [
    ['an unknown client, the newest revision', {}, initialize(1, '2025-11-25', 'someone')],
    ['an older revision', {}, initialize(2, '2025-06-18', 'someone')],
    ['a revision the server does not know', {}, initialize(3, '2031-01-01', 'someone')],
    [
      'Claude Code with elicitation, model a default',
      { model: {} },
      initialize(4, '2025-11-25', 'claude-code', { elicitation: {} }),
    ],
    ['Codex, no elicitation, model a default', { model: {} }, initialize(5, '2025-06-18', 'codex-mcp-client')],
    [
      'Gemini CLI, model chosen by --family',
      { model: { chosenBy: '--family' } },
      initialize(6, '2025-06-18', 'gemini-cli-mcp-client'),
    ],
    [
      'every tool served',
      { servesEverything: true, model: {} },
      initialize(7, '2025-11-25', 'claude-code', { elicitation: { form: {} } }),
    ],
  ];
  const modernCases: [string, Partial<McpServerOptions>, ReturnType<typeof discover>][] = [
    ['2026-07-28: an unknown client', {}, discover(11, 'someone')],
    [
      '2026-07-28: Claude Code with elicitation, model a default',
      { model: {} },
      discover(12, 'claude-code', { elicitation: {} }),
    ],
    [
      '2026-07-28: every tool served, model chosen',
      { servesEverything: true, model: { chosenBy: '--model' } },
      discover(13, 'codex-mcp-client'),
    ],
  ];
  it.each([...cases, ...modernCases])('%s', async (_name, extra, message) => {
    const o = options(extra);
    const c = await stdioPair(o);
    try {
      c.stdin.write(`${JSON.stringify(message)}\n`);
      const sdk = (await c.next()) as { id: number; result: unknown };
      const early = earlyOpeningAnswer(o, ABOUT, message);
      expect(early).toEqual({ id: sdk.id, result: sdk.result });
    } finally {
      await c.server.close();
    }
  });

  it('answers nothing early for what the SDK might answer otherwise (no envelope, another revision, no clientInfo, no id)', () => {
    const o = options();
    expect(earlyOpeningAnswer(o, ABOUT, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} })).toBe(
      undefined,
    );
    const { clientInfo: _dropped, ...noInfo } = initialize(1, '2025-11-25', 'x').params;
    expect(earlyOpeningAnswer(o, ABOUT, { jsonrpc: '2.0', id: 1, method: 'initialize', params: noInfo })).toBe(
      undefined,
    );
    const older = discover(1, 'x');
    older.params._meta['io.modelcontextprotocol/protocolVersion'] = '2025-11-25';
    expect(earlyOpeningAnswer(o, ABOUT, older)).toBe(undefined);
    const { id: _id, ...notification } = initialize(1, '2025-11-25', 'x');
    expect(earlyOpeningAnswer(o, ABOUT, notification)).toBe(undefined);
    expect(earlyOpeningAnswer(o, ABOUT, 'initialize')).toBe(undefined);
  });
});

describe('serveStdio handed an opening that was answered', () => {
  it('sends no second answer, and the session goes on: initialized, tools/list', async () => {
    const session = await nodeSession();
    const o: McpServerOptions = { approvals: {}, createSession: async () => session, describeSession: () => ABOUT };
    const message = initialize(1, '2025-11-25', 'someone');
    const answered = earlyOpeningAnswer(o, ABOUT, message)!;
    const bytes = Buffer.from(`${JSON.stringify(message)}\n`);
    const c = await stdioPair(o, { bytes, ended: false, answered });
    try {
      c.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      c.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`);
      const first = (await c.next()) as { id: number; result: { tools: { name: string }[] } };
      // The first line out is the list: the SDK's answer to request 1 was not sent again.
      expect(first.id).toBe(2);
      expect(first.result.tools.map((t) => t.name)).toContain('read_file');
    } finally {
      await c.server.close();
    }
  });

  it('reports an early answer that differs from the SDK’s, and still sends only one', async () => {
    const o = options();
    const message = initialize(1, '2025-11-25', 'someone');
    const answered = { id: 1, result: { ...earlyOpeningAnswer(o, ABOUT, message)!.result, instructions: 'stale' } };
    const c = await stdioPair(o, { bytes: Buffer.from(`${JSON.stringify(message)}\n`), ended: false, answered });
    try {
      c.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`);
      expect(((await c.next()) as { id: number }).id).toBe(2);
      expect(o.errors.map(String).join('\n')).toMatch(/differs from the SDK's answer/);
    } finally {
      await c.server.close();
    }
  });

  it('a one-shot client whose stdin ended while the opening was read: no second answer, and the server closes', async () => {
    const o = options();
    const stdin = new PassThrough();
    const message = initialize(1, '2025-11-25', 'someone');
    stdin.end(`${JSON.stringify(message)}\n`);
    const read = await readOpeningLine(stdin, 1_000);
    // The line ends before stdin's end is seen, or with it: either way nothing is lost.
    expect(read.line).toBe(JSON.stringify(message));
    const stdout = new PassThrough();
    const out: string[] = [];
    stdout.on('data', (chunk) => out.push(String(chunk)));
    const answered = earlyOpeningAnswer(o, ABOUT, message)!;
    const server = await serveStdio(o, { stdin, stdout, opening: { bytes: read.bytes, ended: true, answered } });
    await server.closed;
    expect(out.join('')).toBe('');
  });
});

describe('answerOpening', () => {
  it('after a discover answer: done when stdin ends with nothing more; else what came next is kept for the SDK', async () => {
    const o = options();
    const probe = new PassThrough();
    const probeOut = new PassThrough();
    probe.write(`${JSON.stringify(discover(1, 'someone'))}\n`);
    probeOut.once('data', () => probe.end());
    const probed = await answerOpening(o, ABOUT, { stdin: probe, stdout: probeOut }, 5_000);
    expect(probed).toMatchObject({ done: true, ended: true, answered: { id: 1 } });

    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const list = `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`;
    stdin.write(`${JSON.stringify(discover(1, 'someone'))}\n`);
    stdout.once('data', () => stdin.write(list));
    const opened = await answerOpening(o, ABOUT, { stdin, stdout }, 5_000);
    expect(opened.done).toBe(false);
    expect(opened.bytes.toString()).toBe(`${JSON.stringify(discover(1, 'someone'))}\n${list}`);
  });

  it('an opening the SDK must answer is not answered, and its bytes are kept', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const written: string[] = [];
    stdout.on('data', (chunk) => written.push(String(chunk)));
    const ping = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`;
    stdin.end(ping);
    const opened = await answerOpening(options(), ABOUT, { stdin, stdout }, 5_000);
    expect(opened.done).toBe(false);
    expect(opened.answered).toBeUndefined();
    expect(opened.bytes.toString()).toBe(ping);
    expect(written).toEqual([]);
  });
});

describe('stdin after the server closed', () => {
  it('is let go after a close (a signal), not left piped into the closed server', async () => {
    const o = options();
    const c = await stdioPair(o);
    c.stdin.write(`${JSON.stringify(initialize(1, '2025-11-25', 'someone'))}\n`);
    await c.next();
    expect(c.stdin.listenerCount('data')).toBeGreaterThan(0);
    await c.server.close();
    await c.server.closed;
    await new Promise((resolve) => setImmediate(resolve));
    expect(c.stdin.listenerCount('data')).toBe(0);
    expect(c.stdin.readableFlowing).toBe(false);
  });
});
