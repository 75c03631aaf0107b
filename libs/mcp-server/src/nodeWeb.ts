// node:http in front of the SDK's web-standard HTTP pieces (SDK v2 ships no Node transport): the
// request read once (bounded) and handed on as a `Request`, and a `Response` written back as it
// streams (SSE frames reach the client as they are produced). A response whose connection closes
// before its end aborts the request's signal and cancels the body, so the SDK sees the client go.
import type * as http from 'node:http';

/** The largest request body read (the SDK's own default bound). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The body, or `too-large` once it passes `limit` bytes (the rest is not read). */
export async function readBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A web `Request` for `req`, with `body` (already read), aborted when `res` closes before it ends. */
export function toWebRequest(req: http.IncomingMessage, res: http.ServerResponse, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The HTTP connection closed before the answer.'));
  });
  const method = (req.method ?? 'GET').toUpperCase();
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    signal: controller.signal,
    ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes `response` to `res` as it streams; resolves when it ended or the connection closed. */
export async function sendWebResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  // SSE: the client learns the stream is open before the first event.
  res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) break;
    }
    res.end();
  } catch {
    // The stream failed or was cancelled (the client went): nothing more can be sent.
    res.destroy();
  } finally {
    res.off('close', stop);
  }
}

/** Resolves when `res` can take more, or has closed. */
function drained(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** A JSON-RPC error answer written directly. */
export function reply(
  res: http.ServerResponse,
  status: number,
  message: string,
  code = -32000,
  id: string | number | null = null,
): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}
