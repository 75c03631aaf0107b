// A local stand-in for a vendor's model API: an HTTP server on 127.0.0.1 (loopback only) that records
// every request a client sends and answers through a protocol adapter (anthropic.js, gemini.js,
// openai.js), which turns the request into the scripted agent's view (the tools it was given, the
// tool results so far) and its next move into the vendor's wire format.
const http = require('node:http');

/**
 * Starts the stand-in. `handle(request)` gets {method, url, headers, body (parsed JSON or text)} and
 * returns {status, headers, body} or {sse: [chunks]} (each chunk written as is).
 * Resolves to {url, port, requests, close()}.
 */
async function startStandIn(handle) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // Not JSON: kept as text (the record says what arrived).
      }
      const request = { method: req.method, url: req.url, headers: req.headers, body, at: Date.now() };
      requests.push(request);
      try {
        const reply = (await handle(request)) ?? {
          status: 404,
          body: { error: { message: `no stand-in for ${req.url}` } },
        };
        request.reply = reply;
        if (reply.sse) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
          for (const chunk of reply.sse) res.write(chunk);
          res.end();
          return;
        }
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(text);
      } catch (error) {
        request.error = error.stack;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `stand-in failed: ${error.message}` } }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** One server-sent event: `event:` (when named) and `data:` lines. */
function sseEvent(data, event) {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

module.exports = { startStandIn, sseEvent };

/**
 * A proxy that lets nothing out: every client runs with HTTP(S)_PROXY pointing here (NO_PROXY for
 * loopback, where its stand-in is), so a request for any other host is refused, and recorded
 * ({method, target}) for the check that only the stand-in was reached.
 */
async function startRefusingProxy() {
  const attempts = [];
  const server = http.createServer((req, res) => {
    attempts.push({ method: req.method, target: req.url });
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('the real-client tests reach nothing but loopback');
  });
  server.on('connect', (req, socket) => {
    attempts.push({ method: 'CONNECT', target: req.url });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    attempts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

module.exports.startRefusingProxy = startRefusingProxy;
