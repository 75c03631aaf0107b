// The 2025 era over Streamable HTTP: stateful sessions (Mcp-Session-Id), each a SessionServer with
// its own McpSession, on the SDK's web-standard transport. DELETE of a session disposes it; so does
// idleness (no request and no open stream for `sessionIdleMs`), and an initialize beyond
// `maxSessions` evicts the least recently used idle session; closeAll() disposes them all. A request
// whose connection closes before its answer is cancelled: nobody can read the answer (no event store,
// so no resumption), and its tool call must not go on running children.
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import {
  isJSONRPCRequest,
  WebStandardStreamableHTTPServerTransport,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import type { CallLimiter } from './callLimiter';
import { helloOfBody } from './hello';
import { reply, sendWebResponse, toWebRequest } from './nodeWeb';
import { SessionServer } from './sessionServer';
import type { HttpServeOptions } from './types';

const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** setTimeout's longest delay; a longer idle time is checked again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Entry {
  readonly session: SessionServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Delivers a message to the session's server as if it had arrived (a cancellation). */
  readonly deliver: (message: JSONRPCMessage) => void;
  /** Requests of this session whose response is still open (a call, the standalone GET stream). */
  open: number;
  /** When the session last had no open response (its idle time counts from here). */
  lastActive: number;
  idleTimer?: NodeJS.Timeout;
}

/** The ids of the requests in a body (one message or a batch). */
const requestIds = (body: unknown): RequestId[] =>
  (Array.isArray(body) ? body : [body]).filter((m) => isJSONRPCRequest(m)).map((m) => (m as { id: RequestId }).id);

export class LegacySessions {
  private readonly sessions = new Map<string, Entry>();
  /** Sessions created for an initialize that has not finished yet. */
  private starting = 0;
  private readonly startingSessions = new Set<SessionServer>();
  /** Sessions removed (expired, evicted) whose disposal has not finished; closeAll() waits for them. */
  private readonly disposals = new Set<Promise<void>>();
  private readonly idleMs: number;
  private readonly expires: boolean;
  private closing = false;

  /** `calls`: the server's call bounds, shared by every session (and the 2026-07-28 exchanges). */
  constructor(
    private readonly options: HttpServeOptions,
    private readonly calls: CallLimiter,
  ) {
    this.idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.expires = Number.isFinite(this.idleMs) && this.idleMs > 0;
  }

  /** A request that names a session (GET stream, POST, DELETE); `body` is the POST's parsed JSON. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse, id: string, body?: unknown): Promise<void> {
    const entry = this.sessions.get(id);
    if (!entry) return reply(res, 404, 'Session not found: initialize a new session.', -32001);
    this.track(id, entry, res);
    await this.serve(entry, req, res, body);
  }

  /** An initialize without a session: a new session, unless every one of `maxSessions` is busy. */
  async initialize(req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<void> {
    const maxSessions = this.options.maxSessions ?? 32;
    if (this.sessions.size + this.starting >= maxSessions) {
      // Full: the least recently used idle session makes room (its client gets 404 and may
      // initialize again); only when every session is busy is the initialize refused.
      const idle = this.leastRecentlyUsedIdle();
      if (idle === undefined)
        return reply(res, 503, `Too many sessions (${maxSessions}), all of them busy; close one (DELETE) first.`);
      this.expire(idle);
    }
    this.starting++;
    let session: SessionServer | undefined;
    let transport: WebStandardStreamableHTTPServerTransport | undefined;
    try {
      try {
        session = await SessionServer.open(
          this.options,
          this.options.createSession(),
          helloOfBody(body),
          true,
          this.calls,
        );
      } catch (error) {
        this.options.onError?.(error);
        const first = requestIds(body)[0] ?? null;
        return reply(res, 500, `The MCP session did not start: ${(error as Error)?.message ?? error}`, -32603, first);
      }
      this.startingSessions.add(session);
      const created = session;
      const ended = (transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        // Called while the initialize is handled, once `entry` below exists.
        onsessioninitialized: (id) => void this.sessions.set(id, entry),
        onsessionclosed: (id) => this.remove(id),
      }));
      await session.server.connect(transport);
      const deliver = transport.onmessage;
      const entry: Entry = {
        session,
        transport,
        deliver: (message) => deliver?.(message),
        open: 0,
        lastActive: Date.now(),
      };
      session.server.onclose = () => {
        if (ended.sessionId) void this.remove(ended.sessionId);
        else void created.dispose();
      };
      this.track(undefined, entry, res);
      await this.serve(entry, req, res, body);
      // Its response may have closed before the session was registered: start its idle time now.
      if (transport.sessionId && this.sessions.get(transport.sessionId) === entry && entry.open === 0)
        this.scheduleIdleCheck(transport.sessionId, entry);
    } finally {
      this.starting--;
      if (session) this.startingSessions.delete(session);
      // An initialize that did not make a session (refused, failed) leaves nothing behind.
      if (session && (!transport?.sessionId || !this.sessions.has(transport.sessionId))) await session.dispose();
    }
    if (this.closing && transport?.sessionId) await this.remove(transport.sessionId);
  }

  /** Disposes every session (and waits for those being removed). */
  async closeAll(): Promise<void> {
    this.closing = true;
    await Promise.all([
      ...[...this.sessions.keys()].map((id) => this.remove(id)),
      ...[...this.startingSessions].map((s) => s.dispose()),
      ...this.disposals,
    ]);
  }

  /**
   * Hands the request to the session's transport and streams its answer. A request whose
   * connection closes unanswered is cancelled through the SDK's own path, a notifications/cancelled
   * for its id as a stdio client would send, which aborts the handler's signal and so the tool
   * call's CancellationToken (a request already answered is unknown to the SDK by then: no-op).
   */
  private async serve(entry: Entry, req: http.IncomingMessage, res: http.ServerResponse, body?: unknown) {
    const answered = entry.transport.handleRequest(
      toWebRequest(req, res),
      body !== undefined ? { parsedBody: body } : undefined,
    );
    res.once('close', () => {
      if (res.writableFinished) return;
      void answered.then(
        () => {
          for (const requestId of requestIds(body))
            entry.deliver({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId, reason: 'The HTTP connection closed before the answer.' },
            });
        },
        () => undefined,
      );
    });
    await sendWebResponse(res, await answered);
  }

  private remove(id: string): Promise<void> {
    const entry = this.sessions.get(id);
    if (!entry) return Promise.resolve();
    this.sessions.delete(id);
    clearTimeout(entry.idleTimer);
    const disposal = entry.session.dispose().finally(() => this.disposals.delete(disposal));
    this.disposals.add(disposal);
    return disposal;
  }

  /** Removes the session in the background (idle expiry, eviction); errors go to onError. */
  private expire(id: string): void {
    void this.remove(id).catch((error: unknown) => this.options.onError?.(error));
  }

  private scheduleIdleCheck(id: string, entry: Entry, delay = this.idleMs): void {
    clearTimeout(entry.idleTimer);
    if (!this.expires) return;
    entry.idleTimer = setTimeout(
      () => {
        entry.idleTimer = undefined;
        if (this.sessions.get(id) !== entry || entry.open > 0) return;
        const left = entry.lastActive + this.idleMs - Date.now();
        if (left > 0) this.scheduleIdleCheck(id, entry, left);
        else this.expire(id);
      },
      Math.min(Math.max(delay, 1), MAX_TIMER_MS),
    );
    // An idle session never keeps the process alive.
    entry.idleTimer.unref();
  }

  /** Counts the response as open until it closes (ended or the connection dropped). */
  private track(id: string | undefined, entry: Entry, res: http.ServerResponse): void {
    entry.open++;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    res.once('close', () => {
      entry.open--;
      entry.lastActive = Date.now();
      const sessionId = id ?? entry.transport.sessionId;
      if (entry.open === 0 && sessionId && this.sessions.get(sessionId) === entry)
        this.scheduleIdleCheck(sessionId, entry);
    });
  }

  /** The least recently used session with no open request or stream, if any. */
  private leastRecentlyUsedIdle(): string | undefined {
    let found: [string, Entry] | undefined;
    for (const [id, entry] of this.sessions)
      if (entry.open === 0 && (!found || entry.lastActive < found[1].lastActive)) found = [id, entry];
    return found?.[0];
  }
}
