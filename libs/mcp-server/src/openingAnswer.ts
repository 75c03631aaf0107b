// The opening of a stdio connection answered before the MCP SDK loads (issue 32 item 5: `initialize`
// within 150 ms of spawn; the SDK's zod schemas and Ajv alone take longer than that to load). The
// host reads the client's first line, and when it is a 2025-era `initialize` or a 2026-07-28
// `server/discover` the answer the SDK would give is written at once (the same version negotiation,
// capabilities, server info, cache hints and instructions);
// the SDK then loads and is handed the same bytes, so its session is initialized as usual, and its own
// answer to that request is not sent again but compared (hello.ts: a difference goes to onError).
// Nothing here loads the SDK: only the modules that compose the instructions.
import { canElicitForm } from './approvals';
import { chooseSessionModel } from './clientFamilies';
import { clientProfile } from './clientProfiles';
import { serverInstructions } from './instructions';
import {
  envelopeClient,
  hasOnly,
  implementationName,
  META,
  MODERN_VERSION,
  plainRequest,
  wellFormedCapabilities,
} from './openingShapes';
import type { McpServerOptions, SessionDescription } from './types';

/** What an opening answer depends on of the server's options (the bin's opening stage has only these). */
export type OpeningServerOptions = Pick<McpServerOptions, 'name' | 'version' | 'model' | 'servesEverything'>;

/** The 2025-era revisions the SDK's Server negotiates in `initialize`, newest first (a spec compares them with the SDK's). */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** What was read from stdin before the SDK loaded: handed on to the SDK's transport as it was read. */
export interface StdioOpening {
  /** Every byte read, the first line and anything after it. */
  readonly bytes: Buffer;
  /** stdin ended while it was read. */
  readonly ended: boolean;
  /** The request already answered: its id and the result sent. */
  readonly answered?: OpeningAnswer;
}

/** An opening request answered before the SDK loaded. */
export interface OpeningAnswer {
  /** The request's JSON-RPC id. */
  readonly id: string | number;
  /** The result sent (what the SDK's Server would send). */
  readonly result: Record<string, unknown>;
}

/** Who the client says it is: `initialize`'s params (2025 era) or the `_meta` envelope (2026-07-28). */
interface OpeningClient {
  readonly name: string;
  readonly capabilities: Record<string, unknown>;
}

/** The server's name and version as every server instance and early answer gives them. */
export const serverInfoOf = (options: Pick<McpServerOptions, 'name' | 'version'>) => ({
  name: options.name ?? 'toolpacks',
  version: options.version ?? '0.1.0',
});

/** How long a client may keep a tools/list or server/discover answer (modernServer.ts). */
export const LIST_TTL_MS = 60_000;

const INITIALIZE_PARAMS = ['protocolVersion', 'capabilities', 'clientInfo'];

/**
 * A well-formed opening request: its id, era, params and client; undefined for anything the SDK
 * might answer otherwise (openingShapes.ts: exactly the members, each of the type the SDK requires).
 */
function openingRequest(
  message: unknown,
):
  | { id: string | number; era: 'legacy' | 'modern'; params: Record<string, unknown>; client: OpeningClient }
  | undefined {
  if (plainRequest(message, 'initialize')) {
    const params = message.params;
    const name = implementationName(params.clientInfo);
    if (
      !hasOnly(params, INITIALIZE_PARAMS, INITIALIZE_PARAMS) ||
      typeof params.protocolVersion !== 'string' ||
      !wellFormedCapabilities(params.capabilities) ||
      name === undefined
    )
      return undefined;
    return { id: message.id, era: 'legacy', params, client: { name, capabilities: params.capabilities } };
  }
  if (plainRequest(message, 'server/discover')) {
    const client = envelopeClient(message.params);
    return client ? { id: message.id, era: 'modern', params: message.params, client } : undefined;
  }
  return undefined;
}

/**
 * The instructions for the client that said `name` and `capabilities` in `era`: SessionServer's,
 * ModernWorkspace's and the early answer's (one composition).
 */
export function openingInstructions(
  options: OpeningServerOptions,
  about: SessionDescription,
  client: { readonly name?: string; readonly capabilities?: Record<string, unknown> },
  era: 'legacy' | 'modern',
): string {
  const profile = clientProfile(client.name);
  return serverInstructions({
    model: chooseSessionModel(about.model, options.model, client.name),
    ...(about.root !== undefined ? { root: about.root } : {}),
    packs: about.packs,
    confirmation: !canElicitForm(client.capabilities) ? 'none' : era === 'legacy' ? 'elicitation' : 'input_required',
    ...(profile ? { profile } : {}),
    servesEverything: options.servesEverything === true,
  });
}

/**
 * The SDK Server's answer to `message` when it is a well-formed `initialize` or 2026-07-28
 * `server/discover`; else undefined (the SDK answers).
 */
export function earlyOpeningAnswer(
  options: OpeningServerOptions,
  about: SessionDescription,
  message: unknown,
): OpeningAnswer | undefined {
  const request = openingRequest(message);
  if (!request) return undefined;
  const instructions = openingInstructions(options, about, request.client, request.era);
  const serverInfo = serverInfoOf(options);
  const capabilities = { tools: { listChanged: true } };
  if (request.era === 'modern')
    return {
      id: request.id,
      result: {
        supportedVersions: [MODERN_VERSION],
        capabilities,
        ...(instructions ? { instructions } : {}),
        resultType: 'complete',
        ttlMs: LIST_TTL_MS,
        cacheScope: 'private',
        _meta: { [META.serverInfo]: serverInfo },
      },
    };
  const requested = request.params.protocolVersion as string;
  return {
    id: request.id,
    result: {
      protocolVersion: LEGACY_PROTOCOL_VERSIONS.includes(requested) ? requested : LEGACY_PROTOCOL_VERSIONS[0],
      capabilities,
      serverInfo,
      ...(instructions ? { instructions } : {}),
    },
  };
}

/**
 * Reads `stdin` into `chunks` until a chunk makes `enough` true, or stdin ends (resolves true), or
 * `waitMs` pass with nothing read. stdin is left paused, its data kept.
 */
function readMore(
  stdin: NodeJS.ReadableStream,
  chunks: Buffer[],
  enough: (chunk: Buffer) => boolean,
  waitMs: number,
): Promise<boolean> {
  const before = chunks.length;
  return new Promise((resolve) => {
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      if (enough(bytes)) finish(false);
    };
    const onEnd = () => finish(true);
    // Only while nothing has come: once a byte is in, what is enough is waited for.
    const timer = setTimeout(() => chunks.length === before && finish(false), waitMs);
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.resume();
  });
}

/**
 * Reads stdin up to its first line (or its end, or `waitMs` without a byte: a client that does not
 * write first is answered by the SDK once it has loaded). stdin is left paused, its data kept.
 */
export async function readOpeningLine(
  stdin: NodeJS.ReadableStream,
  waitMs: number,
): Promise<{ bytes: Buffer; ended: boolean; line?: string }> {
  const chunks: Buffer[] = [];
  const ended = await readMore(stdin, chunks, (chunk) => chunk.includes(10), waitMs);
  const bytes = Buffer.concat(chunks);
  const newline = bytes.indexOf(10);
  return { bytes, ended, ...(newline >= 0 ? { line: bytes.subarray(0, newline).toString('utf8') } : {}) };
}

/** The first line parsed, or undefined when it is not JSON. */
export function parseLine(line: string | undefined): unknown {
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the opening line from `stdin` and, when it is a well-formed opening (`initialize`,
 * `server/discover`), writes the answer to `stdout` at once. What was read, and what was answered,
 * go on to serveStdio. After a discover answer the next input is waited for, briefly: the SDK's
 * stdio client probes on a sibling process and ends its stdin right after the answer, and a
 * process that knows it has nothing left to answer (`done`) exits without loading the rest.
 */
export async function answerOpening(
  options: OpeningServerOptions,
  about: SessionDescription,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  waitMs: number,
): Promise<StdioOpening & { readonly done: boolean }> {
  const read = await readOpeningLine(io.stdin, waitMs);
  const answered = earlyOpeningAnswer(options, about, parseLine(read.line));
  if (!answered) return { bytes: read.bytes, ended: read.ended, done: false };
  io.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: answered.id, result: answered.result })}\n`);
  const chunks = [read.bytes];
  let ended = read.ended;
  if (!ended && 'supportedVersions' in answered.result) ended = await readMore(io.stdin, chunks, () => true, waitMs);
  const bytes = Buffer.concat(chunks);
  // Nothing after the opening line, and no more to come.
  const done =
    ended &&
    bytes
      .subarray(bytes.indexOf(10) + 1)
      .toString('utf8')
      .trim() === '';
  return { bytes, ended, answered, done };
}
