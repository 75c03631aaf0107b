// MCP over Streamable HTTP: stateful sessions (Mcp-Session-Id), each with its own McpSession.
// Bound to 127.0.0.1 unless told otherwise; every request passes Host and Origin checks (DNS
// rebinding) and, when a token is set, the bearer token check, before the SDK sees it. DELETE of a
// session disposes it; so does idleness (no request and no open stream for `sessionIdleMs`), and
// an initialize beyond `maxSessions` evicts the least recently used idle session; close() disposes
// them all. A request whose connection closes before its answer is cancelled: nobody can read the
// answer (no event store, so no resumption), and its tool call must not go on running children.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  isInitializeRequest,
  isJSONRPCRequest,
  type CancelledNotification,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { SessionServer } from './sessionServer';
import type { HttpServeOptions, HttpServer } from './types';

const MAX_INITIALIZE_BYTES = 1024 * 1024;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** setTimeout's longest delay; a longer idle time is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The response of the HTTP request being handled: the transport delivers its messages within it. */
const arrivedOn = new AsyncLocalStorage<http.ServerResponse>();

/**
 * Makes every JSON-RPC request that arrives on an HTTP response which then closes unfinished (the
 * client dropped the connection) cancelled, through the SDK's own path: a notifications/cancelled
 * for its id, as a stdio client would send, which aborts the handler's `extra.signal` and so the
 * tool call's CancellationToken. A request already answered is unknown to the SDK by then: no-op.
 * Call after `session.connect(transport)`, which installs the handler this wraps.
 */
function cancelOnDisconnect(transport: StreamableHTTPServerTransport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  const cancel = (requestId: RequestId) => {
    const cancelled: CancelledNotification = {
      method: 'notifications/cancelled',
      params: { requestId, reason: 'The HTTP connection closed before the answer.' },
    };
    deliver({ jsonrpc: '2.0', ...cancelled } as JSONRPCMessage);
  };
  /** The requests each open response carries (a batch has several): one 'close' listener per response. */
  const carried = new WeakMap<http.ServerResponse, RequestId[]>();
  transport.onmessage = (message, extra) => {
    deliver(message, extra);
    const res = arrivedOn.getStore();
    if (!res || !isJSONRPCRequest(message) || res.writableFinished) return;
    if (res.closed) return cancel(message.id);
    let ids = carried.get(res);
    if (!ids) {
      const list: RequestId[] = [];
      carried.set(res, (ids = list));
      res.once('close', () => {
        if (!res.writableFinished) for (const id of list) cancel(id);
      });
    }
    ids.push(message.id);
  };
}

interface Entry {
  readonly session: SessionServer;
  readonly transport: StreamableHTTPServerTransport;
  /** Requests of this session whose response is still open (a call, the standalone GET stream). */
  open: number;
  /** When the session last had no open response (its idle time counts from here). */
  lastActive: number;
  idleTimer?: NodeJS.Timeout;
}

export async function serveHttp(options: HttpServeOptions): Promise<HttpServer> {
  const bindHost = options.host ?? '127.0.0.1';
  const maxSessions = options.maxSessions ?? 32;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const expires = Number.isFinite(idleMs) && idleMs > 0;
  const sessions = new Map<string, Entry>();
  /** Sessions created for an initialize that has not finished yet. */
  const starting = new Set<SessionServer>();
  /** Sessions removed (expired, evicted) whose disposal has not finished; close() waits for them. */
  const disposals = new Set<Promise<void>>();
  const tokenDigest = options.token !== undefined ? digest(options.token) : undefined;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let closing: Promise<void> | undefined;

  const remove = (id: string): Promise<void> => {
    const entry = sessions.get(id);
    if (!entry) return Promise.resolve();
    sessions.delete(id);
    clearTimeout(entry.idleTimer);
    const disposal = entry.session.dispose().finally(() => disposals.delete(disposal));
    disposals.add(disposal);
    return disposal;
  };

  /** Removes the session in the background (idle expiry, eviction); errors go to onError. */
  const expire = (id: string) => void remove(id).catch((error: unknown) => options.onError?.(error));

  const scheduleIdleCheck = (id: string, entry: Entry, delay = idleMs) => {
    clearTimeout(entry.idleTimer);
    if (!expires) return;
    entry.idleTimer = setTimeout(
      () => {
        entry.idleTimer = undefined;
        if (sessions.get(id) !== entry || entry.open > 0) return;
        const left = entry.lastActive + idleMs - Date.now();
        if (left > 0) scheduleIdleCheck(id, entry, left);
        else expire(id);
      },
      Math.min(Math.max(delay, 1), MAX_TIMER_MS),
    );
    // An idle session never keeps the process alive.
    entry.idleTimer.unref();
  };

  /** Counts the response as open until it closes (ended or the connection dropped). */
  const track = (entry: Entry, res: http.ServerResponse) => {
    entry.open++;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    res.once('close', () => {
      entry.open--;
      entry.lastActive = Date.now();
      if (entry.open === 0 && entry.transport.sessionId && sessions.get(entry.transport.sessionId) === entry)
        scheduleIdleCheck(entry.transport.sessionId, entry);
    });
  };

  /** The least recently used session with no open request or stream, if any. */
  const leastRecentlyUsedIdle = (): string | undefined => {
    let found: [string, Entry] | undefined;
    for (const [id, entry] of sessions)
      if (entry.open === 0 && (!found || entry.lastActive < found[1].lastActive)) found = [id, entry];
    return found?.[0];
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase()))
      return reply(res, 403, 'Forbidden: invalid Host header.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase()))
      return reply(res, 403, 'Forbidden: invalid Origin header.');
    if (tokenDigest) {
      const [scheme, value] = (req.headers.authorization ?? '').split(' ', 2);
      if (scheme?.toLowerCase() !== 'bearer' || !value || !timingSafeEqual(digest(value), tokenDigest)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="toolpacks"');
        return reply(res, 401, 'Unauthorized: a valid bearer token is required.');
      }
    }
    if (url.pathname !== '/mcp') return reply(res, 404, 'Not found: the MCP endpoint is /mcp.');
    if (closing) return reply(res, 503, 'The server is shutting down.');

    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = sessions.get(sessionId);
      if (!entry) return reply(res, 404, 'Session not found: initialize a new session.', -32001);
      track(entry, res);
      return arrivedOn.run(res, () => entry.transport.handleRequest(req, res));
    }
    if (req.method !== 'POST') return reply(res, 400, 'Bad Request: no valid session ID provided.');
    const body = await readJson(req);
    if (body === undefined) return reply(res, 400, 'Parse error: the body is not JSON.', -32700);
    const isInit = Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
    if (!isInit) return reply(res, 400, 'Bad Request: no valid session ID provided.');
    if (closing) return reply(res, 503, 'The server is shutting down.');
    if (sessions.size + starting.size >= maxSessions) {
      // Full: the least recently used idle session makes room (its client gets 404 and may
      // initialize again); only when every session is busy is the initialize refused.
      const idle = leastRecentlyUsedIdle();
      if (idle === undefined)
        return reply(res, 503, `Too many sessions (${maxSessions}), all of them busy; close one (DELETE) first.`);
      expire(idle);
    }

    const session = new SessionServer(options);
    starting.add(session);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, entry),
      onsessionclosed: (id) => remove(id),
    });
    const entry: Entry = { session, transport, open: 0, lastActive: Date.now() };
    track(entry, res);
    try {
      await session.connect(transport);
      cancelOnDisconnect(transport);
      session.server.onclose = () => {
        if (transport.sessionId) void remove(transport.sessionId);
        else void session.dispose();
      };
      await arrivedOn.run(res, () => transport.handleRequest(req, res, body));
    } finally {
      starting.delete(session);
      // An initialize that did not make a session (refused, failed) leaves nothing behind.
      if (!transport.sessionId || !sessions.has(transport.sessionId)) await session.dispose();
      // Its response may have closed before the session was registered: start its idle time now.
      else if (entry.open === 0) scheduleIdleCheck(transport.sessionId, entry);
    }
    if (closing && transport.sessionId) await remove(transport.sessionId);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.onError?.(error);
      if (!res.headersSent) reply(res, 500, 'Internal server error.', -32603);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostPart = (h: string) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h).toLowerCase();
  const loopback = ['127.0.0.1', 'localhost', '[::1]'];
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::';
  allowedHosts = new Set(
    [...loopback, ...(wildcard ? [] : [hostPart(bindHost)])]
      .map((h) => `${h}:${port}`)
      .concat((options.allowedHosts ?? []).map((h) => h.toLowerCase())),
  );
  allowedOrigins = new Set(
    [...loopback, ...(wildcard ? [] : [hostPart(bindHost)])]
      .flatMap((h) => [`http://${h}:${port}`])
      .concat((options.allowedOrigins ?? []).map((o) => o.toLowerCase())),
  );

  return {
    url: `http://${hostPart(wildcard ? '127.0.0.1' : bindHost)}:${port}/mcp`,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([
          ...[...sessions.keys()].map(remove),
          ...[...starting].map((s) => s.dispose()),
          ...disposals,
        ]);
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function reply(res: http.ServerResponse, status: number, message: string, code = -32000): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_INITIALIZE_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
