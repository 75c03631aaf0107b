// MCP over stdio: one session for the process. The caller (the CLI) handles SIGTERM by calling
// close(); stdin ending closes the server too. Either way the session is disposed, so every
// debuggee and child process it started ends.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { SessionServer } from './sessionServer';
import type { McpServerOptions, StdioServer } from './types';

export async function serveStdio(
  options: McpServerOptions,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = {
    stdin: process.stdin,
    stdout: process.stdout,
  },
): Promise<StdioServer> {
  // The session (host, packs) starts while the client initializes; requests that need it wait.
  const session = new SessionServer(options);
  const transport = new StdioServerTransport(io.stdin as Readable, io.stdout as Writable);
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  let closing: Promise<void> | undefined;
  const onEnd = () => void close();
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      io.stdin.off('end', onEnd);
      io.stdin.off('close', onEnd);
      await session.dispose();
      markClosed();
    })());
  io.stdin.on('end', onEnd);
  io.stdin.on('close', onEnd);
  await session.connect(transport);
  session.server.onclose = onEnd;
  return { closed, close };
}
