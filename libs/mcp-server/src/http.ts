// MCP over Streamable HTTP: stateful sessions (Mcp-Session-Id), each with its own McpSession.
// Bound to 127.0.0.1 unless told otherwise; every request passes Host and Origin checks (DNS
// rebinding) and, when a token is set, the bearer token check, before the SDK sees it. DELETE of a
// session disposes it; close() disposes them all.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { SessionServer } from './sessionServer';
import type { HttpServeOptions, HttpServer } from './types';

const MAX_INITIALIZE_BYTES = 1024 * 1024;

interface Entry {
  readonly session: SessionServer;
  readonly transport: StreamableHTTPServerTransport;
}

export async function serveHttp(options: HttpServeOptions): Promise<HttpServer> {
  const bindHost = options.host ?? '127.0.0.1';
  const maxSessions = options.maxSessions ?? 32;
  const sessions = new Map<string, Entry>();
  /** Sessions created for an initialize that has not finished yet. */
  const starting = new Set<SessionServer>();
  const tokenDigest = options.token !== undefined ? digest(options.token) : undefined;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let closing: Promise<void> | undefined;

  const remove = async (id: string) => {
    const entry = sessions.get(id);
    if (!entry) return;
    sessions.delete(id);
    await entry.session.dispose();
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return reply(res, 403, 'Forbidden: invalid Host header.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) return reply(res, 403, 'Forbidden: invalid Origin header.');
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
      return entry.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'Bad Request: no valid session ID provided.');
    const body = await readJson(req);
    if (body === undefined) return reply(res, 400, 'Parse error: the body is not JSON.', -32700);
    const isInit = Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
    if (!isInit) return reply(res, 400, 'Bad Request: no valid session ID provided.');
    if (sessions.size + starting.size >= maxSessions) return reply(res, 503, `Too many sessions (${maxSessions}); close one (DELETE) first.`);

    const session = new SessionServer(options);
    starting.add(session);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { session, transport }),
      onsessionclosed: (id) => remove(id),
    });
    try {
      await session.server.connect(transport);
      session.server.onclose = () => {
        if (transport.sessionId) void remove(transport.sessionId);
        else void session.dispose();
      };
      await transport.handleRequest(req, res, body);
    } finally {
      starting.delete(session);
      // An initialize that did not make a session (refused, failed) leaves nothing behind.
      if (!transport.sessionId || !sessions.has(transport.sessionId)) await session.dispose();
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
  allowedHosts = new Set([...loopback, ...(wildcard ? [] : [hostPart(bindHost)])].map((h) => `${h}:${port}`).concat((options.allowedHosts ?? []).map((h) => h.toLowerCase())));
  allowedOrigins = new Set([...loopback, ...(wildcard ? [] : [hostPart(bindHost)])].flatMap((h) => [`http://${h}:${port}`]).concat((options.allowedOrigins ?? []).map((o) => o.toLowerCase())));

  return {
    url: `http://${hostPart(wildcard ? '127.0.0.1' : bindHost)}:${port}/mcp`,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...[...sessions.keys()].map(remove), ...[...starting].map((s) => s.dispose())]);
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function reply(res: http.ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
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
