// Spec helper: what a real stdio server (the SDK answering, nothing answered before it) writes first
// for one line of input.
import { PassThrough } from 'node:stream';
import { serveStdio } from '../stdio';
import type { McpServerOptions } from '../types';

/** The server's first line for `line`; '' when it writes nothing within `waitMs` (a message it takes for no request). */
export async function sdkAnswer(options: McpServerOptions, line: string, waitMs = 20_000): Promise<string> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let written = '';
  stdout.on('data', (chunk) => (written += String(chunk)));
  const server = await serveStdio(options, { stdin, stdout });
  try {
    stdin.write(`${line}\n`);
    for (const start = Date.now(); !written.includes('\n') && Date.now() - start < waitMs;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    return written.slice(0, written.indexOf('\n') + 1);
  } finally {
    await server.close();
  }
}
