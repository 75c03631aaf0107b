// A fresh request while the server is saturated (issue 30 finding 8): `toolpacks mcp --http` (a real
// process, loopback, no token) on a generated repository; one 2026-07-28 client sends 300
// grep_search calls at once, and while they are under way a new client connects every 100 ms and
// asks for tools/list and then read_file of a small file. Ours: the slowest of those fresh requests
// (server/discover on connecting, tools/list, read_file); the baseline: the same on the idle server
// just before. Goal: every
// fresh answer within a second. Before the call bounds one waited 43–78 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { median, nowMs, percentile } from './measure';
import { makeWorkspace } from './peers';
import type { ScenarioResult } from './scenarios';

const REPO = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO, 'apps/cli/bin/toolpacks.js');
const GOAL_MS = 1_000;

/** `toolpacks mcp --http 127.0.0.1:0 --no-token` on `root`; its URL, read from what it prints. */
async function serve(root: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [BIN, 'mcp', '--http', '127.0.0.1:0', '--no-token', '--root', root], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /serving (http:\/\/\S+\/mcp)/.exec(said);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`toolpacks mcp --http exited (${code}): ${said.slice(0, 500)}`)));
  });
  return { url, child };
}

async function client(url: string, name: string): Promise<Client> {
  const made = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await made.connect(new StreamableHTTPClientTransport(new URL(url)));
  return made;
}

type Result = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: Result) => (result.content ?? []).map((part) => part.text ?? '').join('\n');

/** A new client: connect (server/discover), tools/list, read_file of a small file; the slowest of the three, in ms. */
async function freshRequest(url: string): Promise<number> {
  let start = nowMs();
  const fresh = await client(url, 'fresh-client');
  const connected = nowMs() - start;
  try {
    start = nowMs();
    const { tools } = await fresh.listTools(undefined, { cacheMode: 'refresh' });
    const listed = nowMs() - start;
    if (!tools.some((tool) => tool.name === 'read_file')) throw new Error('tools/list lacks read_file');
    start = nowMs();
    const read = (await fresh.callTool({ name: 'read_file', arguments: { filePath: 'README.md' } })) as Result;
    const readMs = nowMs() - start;
    if (!textOf(read).includes('one paragraph')) throw new Error(`read_file answered: ${textOf(read).slice(0, 200)}`);
    return Math.max(connected, listed, readMs);
  } finally {
    await fresh.close();
  }
}

export async function freshRequestWhileSaturated(quick: boolean): Promise<ScenarioResult> {
  const calls = quick ? 30 : 300;
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-bench-saturation-')));
  let child: ChildProcess | undefined;
  try {
    const root = await makeWorkspace(dir, quick ? 60 : 3_000);
    const served = await serve(root);
    child = served.child;
    const idle: number[] = [];
    for (let i = 0; i < (quick ? 2 : 9); i++) idle.push(await freshRequest(served.url));

    const busy = await client(served.url, 'flooding-client');
    let answered = 0;
    const flood = Array.from({ length: calls }, (_, i) =>
      (
        busy.callTool(
          { name: 'grep_search', arguments: { query: i % 2 ? 'import' : `dep${i % 40}` } },
          {
            timeout: 600_000,
          },
        ) as Promise<Result>
      ).then((result) => {
        answered++;
        return result;
      }),
    );
    // Fresh requests one after another, each started while the flood is still unanswered.
    const saturated: number[] = [];
    while (answered < calls) {
      saturated.push(await freshRequest(served.url));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const results = await Promise.all(flood);
    const failed = results.filter((result) => result.isError);
    await busy.close();
    const slowest = Math.max(...saturated);
    return {
      name: 'MCP, a fresh request while grep_search calls saturate the server (2026-07-28, HTTP)',
      unit: 'ms',
      ours: slowest,
      baseline: median(idle),
      ratio: slowest / median(idle),
      ratioLabel: 'slowest saturated ÷ idle median',
      goal: `≤ ${GOAL_MS} ms`,
      met: slowest <= GOAL_MS && failed.length === 0,
      notes: `${calls} calls at once; a new client's slowest request (discover, tools/list, read_file), ${saturated.length} clients while the calls ran: median ${median(saturated).toFixed(0)} ms, p90 ${percentile(saturated, 90).toFixed(0)} ms; ${failed.length} of the ${calls} calls answered with an error${failed.length ? ` (${textOf(failed[0]).slice(0, 120)})` : ''}`,
    };
  } finally {
    child?.kill('SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  }
}
