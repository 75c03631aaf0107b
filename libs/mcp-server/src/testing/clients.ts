// Spec helpers: an old client (the SDK v1 Client, 2025 era) over an in-memory pair or real
// Streamable HTTP, recording tools/list_changed notifications and answering elicitation requests the
// way a test says. The in-memory server side is the same connection code stdio runs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { serveConnection, type McpConnection } from '../connection';
import type { McpServerOptions } from '../types';

export interface TestClient {
  readonly client: Client;
  /** How many notifications/tools/list_changed arrived. */
  readonly listChanges: () => number;
  /** Elicitation requests the client received. */
  readonly elicitations: ElicitRequest['params'][];
  /** Resolves on the next list_changed notification (rejects after `ms`). */
  nextListChange(ms?: number): Promise<void>;
  /** Text of a tools/call result, parts joined. */
  text(result: unknown): string;
  close(): Promise<void>;
}

export interface TestClientOptions {
  /** Declares the elicitation capability and answers each request with this. */
  readonly elicit?: (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;
}

function makeClient(options: TestClientOptions): Omit<TestClient, 'close'> {
  const client = new Client(
    { name: 'toolpacks-spec', version: '1.0.0' },
    { capabilities: options.elicit ? { elicitation: {} } : {} },
  );
  let changes = 0;
  let waiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
    const now = waiters;
    waiters = [];
    for (const w of now) w();
  });
  const elicitations: ElicitRequest['params'][] = [];
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicitations.push(request.params);
      return answer(request.params);
    });
  }
  return {
    client,
    listChanges: () => changes,
    elicitations,
    nextListChange: (ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no tools/list_changed notification arrived')), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    text: (result) =>
      ((result as { content?: { type: string; text?: string }[] }).content ?? [])
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join('\n'),
  };
}

/** A client connected in memory to a fresh connection of the server (as over stdio). */
export async function connectInMemory(
  server: McpServerOptions,
  options: TestClientOptions = {},
): Promise<TestClient & { server: McpConnection }> {
  const made = makeClient(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connection = serveConnection(serverSide, server);
  // The v1 client takes any transport of the same shape.
  await made.client.connect(clientSide as never);
  return {
    ...made,
    server: connection,
    async close() {
      await made.client.close();
      await connection.close();
    },
  };
}

/** A client over real Streamable HTTP. */
export async function connectHttp(
  url: string,
  options: TestClientOptions & { token?: string } = {},
): Promise<TestClient & { transport: StreamableHTTPClientTransport }> {
  const made = makeClient(options);
  const transport = new StreamableHTTPClientTransport(
    new URL(url),
    options.token ? { requestInit: { headers: { Authorization: `Bearer ${options.token}` } } } : undefined,
  );
  await made.client.connect(transport);
  return {
    ...made,
    transport,
    async close() {
      await made.client.close();
    },
  };
}

/** Polls until `check` holds (bounded). */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
