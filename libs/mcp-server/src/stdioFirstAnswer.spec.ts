// serveStdio's onFirstAnswer: called once, after the server's first message is written (the CLI takes
// its memory flags then, serverV8Flags.ts), never before, and never again.
import { PassThrough } from 'node:stream';
import { serveStdio } from './stdio';
import type { McpServerOptions } from './types';

jest.setTimeout(60_000);

const OPTIONS: McpServerOptions = {
  approvals: {},
  createSession: () => Promise.reject(new Error('no session in this spec')),
};

/** A stdio server over in-memory pipes; what it wrote so far and how often onFirstAnswer was called. */
async function serve() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk: Buffer) => (written += String(chunk)));
  const calls: string[] = [];
  const server = await serveStdio(OPTIONS, { stdin, stdout, onFirstAnswer: () => calls.push(written) });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  const lines = () => written.split('\n').filter(Boolean);
  return { server, send, lines, calls };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

it('is called once, after the first answer has been written, and not for later ones', async () => {
  const c = await serve();
  try {
    c.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'spec', version: '1' } },
    });
    await until(() => c.calls.length > 0);
    // What had been written when it was called: the answer to initialize, whole.
    expect(c.calls).toHaveLength(1);
    expect(JSON.parse(c.calls[0].trim())).toMatchObject({ id: 1, result: { serverInfo: {} } });
    c.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    c.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await until(() => c.lines().length === 2);
    expect(JSON.parse(c.lines()[1])).toMatchObject({ id: 2, result: {} });
    expect(c.calls).toHaveLength(1);
  } finally {
    await c.server.close();
  }
});

it('is not called while nothing has been answered', async () => {
  const c = await serve();
  try {
    c.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(c.lines()).toEqual([]);
    expect(c.calls).toEqual([]);
  } finally {
    await c.server.close();
  }
});
