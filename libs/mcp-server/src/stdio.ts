// MCP over stdio: one connection for the process, in whichever era the client opens with
// (connection.ts). The caller (the CLI) handles SIGTERM by calling close(); stdin ending closes the
// server too. Either way the workspace session is disposed, so every debuggee and child process it
// started ends. Nothing but protocol is written to `stdout`. A host may have read the opening line
// and answered it before the SDK loaded (openingAnswer.ts): what it read is handed on first.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { CallLimitOptions } from './callLimiter';
import { serveConnection } from './connection';
import type { StdioOpening } from './openingAnswer';
import type { McpServerOptions, StdioServer } from './types';
import { UnansweredRequests } from './unansweredRequests';

/** What a stdio server reads and writes, and what it is told. */
export interface StdioServerIo {
  /** The client's messages, one JSON-RPC message per line. */
  readonly stdin: NodeJS.ReadableStream;
  /** Where the answers go; nothing but protocol is written to it. */
  readonly stdout: NodeJS.WritableStream;
  /** The opening a host read and answered before the SDK loaded (openingAnswer.ts). */
  readonly opening?: StdioOpening;
  /**
   * Called once, after the server's first message (the answer to the first request it was handed)
   * is written: the start is over. The CLI takes its memory-saving V8 flags then (serverV8Flags.ts).
   */
  readonly onFirstAnswer?: () => void;
}

export async function serveStdio(
  options: McpServerOptions & CallLimitOptions,
  io: StdioServerIo = { stdin: process.stdin, stdout: process.stdout },
): Promise<StdioServer> {
  // stdin is passed on through `input`, whose end waits for the opening answer: a one-shot client
  // writes its opening message and ends stdin at once, and the SDK's transport, closed by the end of
  // its input, could no longer send the answer.
  const input = new PassThrough();
  const stdin = io.stdin as Readable;
  if (io.opening?.bytes.length) input.write(io.opening.bytes);
  stdin.pipe(input, { end: false });
  const wire = new UnansweredRequests(
    new StdioServerTransport(input, io.stdout as Writable),
    io.opening?.answered?.id,
    io.onFirstAnswer,
  );
  const connection = serveConnection(wire, options, io.opening?.answered);
  let ending: Promise<void> | undefined;
  const endInput = (): Promise<void> => (ending ??= endInputOnce());
  const endInputOnce = async (): Promise<void> => {
    // The last message read is handed on first, and its instance is started, before the wait.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await connection.openingAnswered();
    // What the client asked before its input ended is answered first (or cancelled by it).
    await wire.allAnswered();
    input.end();
  };
  if (io.opening?.ended) void endInput();
  stdin.once('end', () => void endInput());
  stdin.once('close', () => void endInput());
  // Closed by a signal (or the client going) while stdin is open: stdin is let go, as the SDK's own
  // transport lets go of it on close, so nothing holds it or reads on into a closed server.
  void connection.closed.then(() => {
    stdin.unpipe(input);
    if (stdin.listenerCount('data') === 0) stdin.pause();
  });
  return { closed: connection.closed, close: connection.close };
}
