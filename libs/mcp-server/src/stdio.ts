// MCP over stdio: one connection for the process, in whichever era the client opens with
// (connection.ts). The caller (the CLI) handles SIGTERM by calling close(); stdin ending closes the
// server too. Either way the workspace session is disposed, so every debuggee and child process it
// started ends. Nothing but protocol is written to `stdout`.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { CallLimitOptions } from './callLimiter';
import { serveConnection } from './connection';
import type { McpServerOptions, StdioServer } from './types';

export async function serveStdio(
  options: McpServerOptions & CallLimitOptions,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = {
    stdin: process.stdin,
    stdout: process.stdout,
  },
): Promise<StdioServer> {
  const { closed, close } = serveConnection(
    new StdioServerTransport(io.stdin as Readable, io.stdout as Writable),
    options,
  );
  return { closed, close };
}
