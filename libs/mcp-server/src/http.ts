// MCP over Streamable HTTP, both protocol eras on one endpoint. Bound to 127.0.0.1 unless told
// otherwise; every request passes the Host and Origin checks (DNS rebinding) and, when a token is
// set, the bearer token check, before any SDK code sees it. Then the SDK's own classification routes
// it: 2025-era traffic (initialize, or a request naming its Mcp-Session-Id) to the stateful sessions
// of httpSessions.ts; 2026-07-28 traffic (the per-request `_meta` envelope) to the SDK's
// createMcpHandler, whose per-request server instances share one workspace (modernServer.ts) and
// which checks the Mcp-Method / Mcp-Name headers against the body. A modern request whose
// connection closes before its answer is aborted, and its tool call with it.
import { createHash, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  classifyInboundRequest,
  createMcpHandler,
  isInitializeRequest,
  isJsonContentType,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { CallLimiter, type CallLimitOptions } from './callLimiter';
import { helloOfBody } from './hello';
import { LegacySessions } from './httpSessions';
import { ModernWorkspace } from './modernServer';
import { readBody, reply, sendWebResponse, toWebRequest } from './nodeWeb';
import type { HttpServeOptions, HttpServer } from './types';

const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The POST body as JSON, or the answer already written when it is not. */
async function readJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<{ body: unknown; raw: Buffer } | undefined> {
  if (!isJsonContentType(header(req, 'content-type'))) {
    reply(res, 415, 'Unsupported Media Type: Content-Type must be application/json.');
    return undefined;
  }
  const raw = await readBody(req);
  if (raw === 'too-large') {
    reply(res, 413, 'Payload Too Large: the request body is over 4 MiB.');
    return undefined;
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) as unknown, raw };
  } catch {
    reply(res, 400, 'Parse error: the body is not JSON.', -32700);
    return undefined;
  }
}

export async function serveHttp(options: HttpServeOptions & CallLimitOptions): Promise<HttpServer> {
  const bindHost = options.host ?? '127.0.0.1';
  const tokenDigest = options.token !== undefined ? digest(options.token) : undefined;
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let closing: Promise<void> | undefined;
  // One set of call bounds for the server: its 2025 sessions and its 2026-07-28 exchanges alike.
  const calls = new CallLimiter(options.callLimits);
  const legacy = new LegacySessions(options, calls);

  // The modern era's one workspace, started by the first modern request (a failed start is retried by the next).
  let workspace: ModernWorkspace | undefined;
  const modernWorkspace = (): ModernWorkspace => {
    if (workspace) return workspace;
    const session = options.createSession();
    const created = new ModernWorkspace(options, session, () => handler.notify.toolsChanged(), true, calls);
    session.catch((error: unknown) => {
      options.onError?.(error);
      if (workspace === created) workspace = undefined;
    });
    return (workspace = created);
  };
  /** The parsed body of each modern request, for the factory (which is handed the Request, its body read). */
  const bodies = new WeakMap<Request, unknown>();
  const handler: McpHttpHandler = createMcpHandler(
    ({ requestInfo }) => modernWorkspace().createServer(helloOfBody(requestInfo ? bodies.get(requestInfo) : undefined)),
    { legacy: 'reject', onerror: () => undefined },
  );

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

    const post = req.method?.toUpperCase() === 'POST';
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId !== undefined) {
      const read = post ? await readJson(req, res) : undefined;
      if (post && !read) return;
      return legacy.handle(req, res, sessionId, read?.body);
    }
    if (!post) return reply(res, 400, 'Bad Request: no valid session ID provided.');
    const read = await readJson(req, res);
    if (!read) return;
    if (closing) return reply(res, 503, 'The server is shutting down.');
    const route = classifyInboundRequest({
      httpMethod: 'POST',
      body: read.body,
      protocolVersionHeader: header(req, 'mcp-protocol-version'),
      mcpMethodHeader: header(req, 'mcp-method'),
      mcpNameHeader: header(req, 'mcp-name'),
    });
    if (route.kind === 'legacy') {
      const isInit = Array.isArray(read.body)
        ? read.body.some((m) => isInitializeRequest(m))
        : isInitializeRequest(read.body);
      if (!isInit) return reply(res, 400, 'Bad Request: no valid session ID provided.');
      return legacy.initialize(req, res, read.body);
    }
    // Modern, or a modern request the SDK refuses (a bad envelope, mismatched headers): its answer.
    // The shared workspace first: a start that failed is answered with its reason.
    const failed = await modernWorkspace().session.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (failed !== undefined) {
      const id = (read.body as { id?: unknown } | null)?.id;
      return reply(
        res,
        500,
        `The workspace session did not start: ${(failed as Error)?.message ?? String(failed)}`,
        -32603,
        typeof id === 'string' || typeof id === 'number' ? id : null,
      );
    }
    const request = toWebRequest(req, res, read.raw);
    bodies.set(request, read.body);
    await sendWebResponse(res, await handler.fetch(request, { parsedBody: read.body }));
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
        // In-flight modern exchanges end first (their calls are cancelled), then the workspaces.
        await handler.close();
        await Promise.all([legacy.closeAll(), workspace?.dispose()]);
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
