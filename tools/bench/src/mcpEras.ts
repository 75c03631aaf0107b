// MCP in both protocol eras (issue #23): `toolpacks mcp` over stdio, as a whole process, from its
// spawn to the first `tools/list` answer, against a minimal SDK v2 server with one tool in the same
// run (interleaved), once with a 2025-era client (initialize) and once with a client pinned to
// 2026-07-28 (server/discover, no session); then one `tools/call` round trip in each era against
// the minimal server's echo. Both sides are spoken to by the official SDK v2 client.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ScenarioResult } from './scenarios';
import { interleaved, median, nowMs } from './measure';

const REPO = path.resolve(__dirname, '../../..');
const BIN = path.join(REPO, 'apps/cli/bin/toolpacks.js');

/** The baseline: the smallest stdio server SDK v2 makes, one tool, both eras from one factory. */
const MINIMAL_SERVER = `
const { Server } = require(${JSON.stringify(require.resolve('@modelcontextprotocol/server', { paths: [REPO] }))});
const { serveStdio } = require(${JSON.stringify(require.resolve('@modelcontextprotocol/server/stdio', { paths: [REPO] }))});
serveStdio(() => {
  const server = new Server({ name: 'minimal', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  }));
  server.setRequestHandler('tools/call', async (request) => ({
    content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }],
  }));
  return server;
});
`;

export type McpEra = '2025-11-25' | '2026-07-28';

interface Spawned {
  readonly command: string;
  readonly args: readonly string[];
}

/** A v2 client for `era`: the 2025 handshake, or pinned to the stateless revision. */
function clientFor(era: McpEra): Client {
  return new Client(
    { name: 'toolpacks-bench', version: '1.0.0' },
    era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
}

async function connect(server: Spawned, era: McpEra): Promise<Client> {
  const client = clientFor(era);
  await client.connect(
    new StdioClientTransport({ command: server.command, args: [...server.args], cwd: REPO, stderr: 'ignore' }),
  );
  return client;
}

/** Initialize answers, by spawn (issue 32 item 5: a client that does not wait must still get the tools). */
const initializeTimes = new Map<Spawned, number[]>();

/**
 * Milliseconds from spawn to the first tools/list answer (which must list `expected`); the time to
 * the handshake's answer (initialize, or server/discover when pinned to 2026-07-28) is kept in
 * initializeTimes.
 */
async function startUp(server: Spawned, era: McpEra, expected: string): Promise<number> {
  const start = nowMs();
  const client = await connect(server, era);
  const connected = nowMs() - start;
  try {
    const { tools } = await client.listTools();
    const ms = nowMs() - start;
    if (!tools.some((t) => t.name === expected)) throw new Error(`tools/list (${era}) did not list ${expected}`);
    initializeTimes.set(server, [...(initializeTimes.get(server) ?? []), connected]);
    return ms;
  } finally {
    await client.close();
  }
}

/** Median milliseconds of `rounds` tools/call round trips on one connection. */
async function roundTrip(
  server: Spawned,
  era: McpEra,
  call: { name: string; arguments: Record<string, unknown> },
  rounds: number,
): Promise<number> {
  const client = await connect(server, era);
  try {
    await client.callTool(call); // warm: first-call work (validators, file handles) is not the round trip
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = nowMs();
      const result = await client.callTool(call);
      times.push(nowMs() - start);
      if (result.isError) throw new Error(`tools/call ${call.name} (${era}) failed: ${JSON.stringify(result.content)}`);
    }
    return median(times);
  } finally {
    await client.close();
  }
}

export interface McpEraResults {
  readonly startUp: ScenarioResult;
  readonly roundTrip: ScenarioResult;
}

/** Start-up and one tools/call round trip of `toolpacks mcp` in `era`, each against the minimal SDK v2 server. */
export async function mcpEra(era: McpEra, quick: boolean): Promise<McpEraResults> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-bench-mcp-')));
  try {
    const root = path.join(dir, 'workspace');
    await fs.mkdir(root);
    await fs.writeFile(path.join(root, 'README.md'), '# bench\n');
    const minimalFile = path.join(dir, 'minimal.js');
    await fs.writeFile(minimalFile, MINIMAL_SERVER);
    const ours: Spawned = { command: process.execPath, args: [BIN, 'mcp', '--root', root] };
    const minimal: Spawned = { command: process.execPath, args: [minimalFile] };
    // Builds the CLI bundle and its code cache when they are stale: not start-up.
    await startUp(ours, era, 'read_file');
    initializeTimes.delete(ours);
    const t = await interleaved(
      quick ? 2 : 11,
      () => startUp(ours, era, 'read_file'),
      () => startUp(minimal, era, 'echo'),
    );
    const initialize = median(initializeTimes.get(ours) ?? [NaN]);
    initializeTimes.clear();
    const rounds = quick ? 3 : 30;
    const call = await interleaved(
      1,
      () => roundTrip(ours, era, { name: 'read_file', arguments: { filePath: 'README.md' } }, rounds),
      () => roundTrip(minimal, era, { name: 'echo', arguments: { text: 'bench' } }, rounds),
    );
    return {
      startUp: {
        name: `MCP start-up, ${era}: spawn to the first tools/list answer vs a minimal SDK v2 server`,
        unit: 'ms',
        ours: t.ours,
        baseline: t.baseline,
        ratio: t.ours / t.baseline,
        ratioLabel: 'ours ÷ minimal',
        goal: '≤ 1.2×, handshake answered ≤ 150 ms, tools/list ≤ 400 ms (issue 32)',
        met: t.ours / t.baseline <= 1.2 && initialize <= 150 && t.ours <= 400,
        notes: `stdio, the four packs on a one-file folder; ${(t.ours - t.baseline).toFixed(0)} ms over the minimal server; handshake answered after ${initialize.toFixed(0)} ms (median)`,
      },
      roundTrip: {
        name: `MCP tools/call round trip, ${era}: read_file vs the minimal server's echo`,
        unit: 'ms',
        ours: call.ours,
        baseline: call.baseline,
        ratio: call.ours / call.baseline,
        ratioLabel: 'ours ÷ minimal',
        goal: 'reported',
        met: true,
        notes: `median of ${rounds} calls on one connection`,
      },
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
