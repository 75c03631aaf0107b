// Spec helpers: the SDK v2 Client, pinned to 2026-07-28 (or in legacy mode, the 2025 handshake),
// over an in-memory pair (the same connection code stdio runs), a real stdio child or real
// Streamable HTTP. It answers elicitations the way a test says (in 2026-07-28 they arrive inside
// input_required results and the client retries the call itself) and, pinned, listens for
// tools/list_changed on a subscriptions/listen stream.
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ElicitRequest, ElicitResult, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import { serveConnection, type McpConnection } from '../connection';
import type { McpServerOptions } from '../types';

export const MODERN = '2026-07-28';

export interface ModernClientOptions {
  /** `clientInfo.name` (default `toolpacks-spec-v2`). */
  readonly name?: string;
  /** `legacy`: the 2025 initialize handshake; default: pinned to 2026-07-28. */
  readonly era?: 'modern' | 'legacy';
  /** Declares form elicitation and answers each question with this. */
  readonly elicit?: (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;
  /** Pinned: opens a subscriptions/listen stream for tools/list_changed (default true). */
  readonly listen?: boolean;
}

export interface ModernClient {
  readonly client: Client;
  /** The questions the client was asked. */
  readonly elicitations: ElicitRequest['params'][];
  /** How many notifications/tools/list_changed arrived. */
  listChanges(): number;
  /** Resolves on the next list_changed notification (rejects after `ms`). */
  nextListChange(ms?: number): Promise<void>;
  /** The tool names of a fresh tools/list (the client's cache bypassed). */
  names(): Promise<string[]>;
  /** Text of a tools/call result, parts joined. */
  text(result: unknown): string;
  close(): Promise<void>;
}

export async function connectModern(transport: Transport, options: ModernClientOptions = {}): Promise<ModernClient> {
  const pinned = options.era !== 'legacy';
  const client = new Client(
    { name: options.name ?? 'toolpacks-spec-v2', version: '2.0.0' },
    {
      capabilities: options.elicit ? { elicitation: { form: {} } } : {},
      ...(pinned ? { versionNegotiation: { mode: { pin: MODERN } } } : {}),
    },
  );
  const elicitations: ElicitRequest['params'][] = [];
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler('elicitation/create', async (request) => {
      elicitations.push(request.params);
      return answer(request.params);
    });
  }
  let changes = 0;
  let waiters: (() => void)[] = [];
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changes++;
    const now = waiters;
    waiters = [];
    for (const w of now) w();
  });
  await client.connect(transport);
  const subscription = pinned && options.listen !== false ? await client.listen({ toolsListChanged: true }) : undefined;
  return {
    client,
    elicitations,
    listChanges: () => changes,
    nextListChange: (ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no tools/list_changed notification arrived')), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    names: async () => (await client.listTools(undefined, { cacheMode: 'refresh' })).tools.map((t) => t.name),
    text: (result) =>
      ((result as { content?: { type: string; text?: string }[] }).content ?? [])
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join('\n'),
    async close() {
      await subscription?.close().catch(() => undefined);
      await client.close();
    },
  };
}

/** A v2 client connected in memory to a fresh connection of the server (as over stdio). */
export async function connectModernInMemory(
  server: McpServerOptions,
  options: ModernClientOptions = {},
): Promise<ModernClient & { server: McpConnection }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // The server's InMemoryTransport and the client's are the same shape.
  const connection = serveConnection(serverSide as never, server);
  const made = await connectModern(clientSide, options);
  return {
    ...made,
    server: connection,
    async close() {
      await made.close();
      await connection.close();
    },
  };
}

/** A v2 client over real Streamable HTTP. */
export function connectModernHttp(url: string, options: ModernClientOptions & { token?: string } = {}) {
  return connectModern(
    new StreamableHTTPClientTransport(
      new URL(url),
      options.token ? { requestInit: { headers: { Authorization: `Bearer ${options.token}` } } } : undefined,
    ),
    options,
  );
}

/** A v2 client over stdio to a child process (pinned: the SDK probes on a sibling process first). */
export function connectModernStdio(server: StdioServerParameters, options: ModernClientOptions = {}) {
  return connectModern(new StdioClientTransport({ stderr: 'pipe', ...server }), options);
}
