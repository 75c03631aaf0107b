// The MCP servers a user would otherwise install for the same jobs, and ours, each started as its
// README says (stdio, a child process; nothing listens on a port), spoken to by the same official
// SDK v2 client. The peers are pinned devDependencies, run with the Node running the bench.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { nowMs } from './measure';

const REPO = path.resolve(__dirname, '../../..');

export type McpEra = '2025-11-25' | '2026-07-28';

export interface ServerSpec {
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The era the client asks for; the peers (SDK v1) speak 2025-11-25. */
  readonly era: McpEra;
  /** A tool its first tools/list must name. */
  readonly expects: string;
}

/** A package's `bin` entry in the repository's node_modules (an `exports` map may hide package.json from require). */
function binOf(pkg: string, bin: string): string {
  const manifest = path.join(REPO, 'node_modules', pkg, 'package.json');
  const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bins[bin]);
}

/** `toolpacks mcp --root <root>`, as its README starts it. */
export function ours(root: string, era: McpEra): ServerSpec {
  return {
    label: `Tool Packs (${era})`,
    command: process.execPath,
    args: [path.join(REPO, 'apps/cli/bin/toolpacks.js'), 'mcp', '--root', root],
    era,
    expects: 'read_file',
  };
}

/** `npx -y @modelcontextprotocol/server-filesystem <allowed dir>`: the installed bin, without npx. */
export function serverFilesystem(root: string): ServerSpec {
  return {
    label: '@modelcontextprotocol/server-filesystem',
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-filesystem', 'mcp-server-filesystem'), root],
    era: '2025-11-25',
    expects: 'read_text_file',
  };
}

/**
 * `npx @cyanheads/git-mcp-server` with its README's environment: stdio transport, info logging,
 * operations confined to GIT_BASE_DIR; signing off (the README's example turns it on for commits,
 * which the bench never makes, and no key exists here).
 */
export function gitMcpServer(baseDir: string): ServerSpec {
  return {
    label: '@cyanheads/git-mcp-server',
    command: process.execPath,
    args: [binOf('@cyanheads/git-mcp-server', 'git-mcp-server')],
    env: { MCP_TRANSPORT_TYPE: 'stdio', MCP_LOG_LEVEL: 'info', GIT_BASE_DIR: baseDir, GIT_SIGN_COMMITS: 'false' },
    era: '2025-11-25',
    expects: 'git_status',
  };
}

export interface Connection {
  readonly client: Client;
  readonly pid: number;
  close(): Promise<void>;
}

export async function connect(spec: ServerSpec): Promise<Connection> {
  const client = new Client(
    { name: 'toolpacks-bench', version: '1.0.0' },
    spec.era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  const transport = new StdioClientTransport({
    command: spec.command,
    args: [...spec.args],
    env: { ...env, ...spec.env },
    cwd: REPO,
    stderr: 'ignore',
  });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error(`${spec.label} has no process id after connecting`);
  return { client, pid, close: () => client.close() };
}

/** Milliseconds from spawn to the first tools/list answer, and that list's characters as JSON. */
export async function startUp(spec: ServerSpec): Promise<{ ms: number; listChars: number }> {
  const start = nowMs();
  const connection = await connect(spec);
  try {
    const { tools } = await connection.client.listTools();
    const ms = nowMs() - start;
    if (!tools.some((t) => t.name === spec.expects)) throw new Error(`${spec.label}: tools/list lacks ${spec.expects}`);
    return { ms, listChars: JSON.stringify(tools).length };
  } finally {
    await connection.close();
  }
}

export interface Call {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** Throws when the answer is not the expected one (so a fast error never counts as a fast answer). */
  readonly check: (result: CallResult) => void;
}

export interface CallResult {
  readonly text: string;
  readonly structuredContent?: Record<string, unknown>;
}

export async function call(connection: Connection, request: Call): Promise<CallResult> {
  const result = await connection.client.callTool({ name: request.name, arguments: request.arguments });
  const content = (result.content ?? []) as { type: string; text?: string }[];
  const text = content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');
  if (result.isError) throw new Error(`${request.name} failed: ${text.slice(0, 500)}`);
  const answer = { text, structuredContent: result.structuredContent as Record<string, unknown> | undefined };
  request.check(answer);
  return answer;
}

/** Milliseconds of each of `rounds` round trips of `request` on one connection (after one warm call). */
export async function roundTrips(spec: ServerSpec, request: Call, rounds: number): Promise<number[]> {
  const connection = await connect(spec);
  try {
    await call(connection, request); // first-call work (lazy modules, validators) is not the round trip
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = nowMs();
      await call(connection, request);
      times.push(nowMs() - start);
    }
    return times;
  } finally {
    await connection.close();
  }
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) / 1024;
}

/** RSS after the first tools/list and after `calls` calls cycling through `requests`, on one connection. */
export async function memoryAfterCalls(
  spec: ServerSpec,
  requests: readonly Call[],
  calls: number,
): Promise<{ startMb: number; endMb: number }> {
  const connection = await connect(spec);
  try {
    await connection.client.listTools();
    const startMb = rssMb(connection.pid);
    for (let i = 0; i < calls; i++) await call(connection, requests[i % requests.length]);
    return { startMb, endMb: rssMb(connection.pid) };
  } finally {
    await connection.close();
  }
}
