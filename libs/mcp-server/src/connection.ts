// One MCP connection over a long-lived transport (stdio; an in-memory pair in specs), in whichever
// era its client opens with: the SDK's serveStdio entry reads the opening message and pins one
// instance from our factory, a 2025-era SessionServer (initialize, elicitation, list_changed) or a
// 2026-07-28 server (server/discover, input_required, subscriptions/listen). The workspace session
// starts at once, while the client opens, and is the connection's, whichever era it speaks; it is
// disposed when the connection closes, so every debuggee and child process it started ends. When the
// host describes the session (McpServerOptions.describeSession) the opening message is answered
// without waiting for it; tools requests wait for it.
import { ProtocolError, ProtocolErrorCode, Server, type Transport } from '@modelcontextprotocol/server';
import { serveStdio as serveSdkConnection } from '@modelcontextprotocol/server/stdio';
import { CallLimiter, type CallLimitOptions } from './callLimiter';
import { HelloTransport } from './hello';
import { ModernWorkspace } from './modernServer';
import { serverInfoOf, type OpeningAnswer } from './openingAnswer';
import { SessionServer } from './sessionServer';
import type { McpServerOptions, McpSession, StdioServer } from './types';
import { describeSession } from './workspaceTools';

export interface McpConnection extends StdioServer {
  /** The connection's workspace session (rejects when createSession failed). */
  readonly session: Promise<McpSession>;
  /** The 2025-era session, once the client opened with initialize. */
  readonly legacy: Promise<SessionServer>;
  /** Settles once the opening message (if one came) is answered, or failed; bounded, never holds a wire open. */
  openingAnswered(): Promise<void>;
}

/** How long the end of the wire waits for the opening answer once its instance is built. */
const OPENING_ANSWER_WAIT_MS = 5_000;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** `answered`: the opening request the host answered before the SDK loaded (openingAnswer.ts). */
export function serveConnection(
  wire: Transport,
  options: McpServerOptions & CallLimitOptions,
  answered?: OpeningAnswer,
): McpConnection {
  // Started on the next turn of the event loop: an opening message already waiting on the wire is
  // read and answered first (when the host describes the session), not after the session's own start-up work.
  const session = new Promise<McpSession>((resolve, reject) =>
    setImmediate(() => options.createSession().then(resolve, reject)),
  );
  // The connection's calls run within one set of bounds, whichever era it speaks.
  const calls = new CallLimiter(options.callLimits);
  // Reported here once; requests that wait for it fail with their own answer.
  session.catch((error: unknown) => options.onError?.(error));
  const hello = new HelloTransport(wire, answered, (error) => options.onError?.(error));
  let opened!: (legacy: SessionServer) => void;
  const legacy = new Promise<SessionServer>((resolve) => (opened = resolve));
  let legacySession: SessionServer | undefined;
  let pinned: Server | undefined;
  const modern = new ModernWorkspace(
    options,
    session,
    // On a modern connection the entry routes the instance's list_changed onto its listen streams.
    () => void pinned?.sendToolListChanged().catch(() => undefined),
    false,
    calls,
  );
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  let closing: Promise<void> | undefined;

  // The instructions' facts: the host's description (the session starts meanwhile), else the started session's.
  const about = describeSession(options, session);
  about.catch(() => undefined);
  let opening: Promise<void> = Promise.resolve();
  const handle = serveSdkConnection(
    ({ era }) => {
      const instance = openInstance(era);
      opening = instance.then(
        () => Promise.race([hello.firstSent, delay(OPENING_ANSWER_WAIT_MS)]),
        () => undefined,
      );
      return instance;
    },
    { transport: hello, onerror: (error) => options.onError?.(error) },
  );
  async function openInstance(era: 'legacy' | 'modern'): Promise<Server> {
    {
      const described = await about.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if ('error' in described) return unavailable(options, described.error);
      if (era === 'legacy') {
        legacySession = new SessionServer(options, session, described.value, hello.hello, false, calls);
        opened(legacySession);
        return legacySession.server;
      }
      const server = await modern.createServer(hello.hello);
      pinned = server;
      return server;
    }
  }

  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await handle.close().catch(() => undefined);
      await legacySession?.dispose();
      await modern.dispose();
      const started = await session.catch(() => undefined);
      await started?.dispose().catch((error: unknown) => options.onError?.(error));
      markClosed();
    })());
  // The wire closing (stdin ended, the peer went) ends the connection.
  const previous = hello.onclose;
  hello.onclose = () => {
    previous?.();
    void close();
  };
  return { session, legacy, closed, close, openingAnswered: () => opening };
}

/**
 * A server for a connection whose workspace session failed to start: it opens, and every tools
 * request is answered with why (the reason also went to onError), rather than a bare internal error.
 */
function unavailable(options: McpServerOptions, error: unknown): Server {
  const server = new Server(serverInfoOf(options), { capabilities: { tools: { listChanged: true } } });
  const refuse = async (): Promise<never> => {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `The workspace session did not start: ${(error as Error)?.message ?? String(error)}`,
    );
  };
  server.setRequestHandler('tools/list', refuse);
  server.setRequestHandler('tools/call', refuse);
  return server;
}
