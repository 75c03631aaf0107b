// The opening of a stdio connection answered before the MCP SDK loads (issue 32 item 5: `initialize`
// within 150 ms of spawn; the SDK's zod schemas and Ajv alone take longer than that to load). The
// host reads the client's first line, and when it is a 2025-era `initialize` the answer the SDK would
// give is written at once (the same version negotiation, capabilities, server info and instructions);
// the SDK then loads and is handed the same bytes, so its session is initialized as usual, and its own
// answer to that request is not sent again but compared (hello.ts: a difference goes to onError).
// Nothing here loads the SDK: only the modules that compose the instructions.
import { canElicitForm } from './approvals';
import { chooseSessionModel } from './clientFamilies';
import { clientProfile } from './clientProfiles';
import { serverInstructions } from './instructions';
import type { McpServerOptions, SessionDescription } from './types';

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

export interface OpeningAnswer {
  readonly id: string | number;
  readonly result: Record<string, unknown>;
}

/** Who the client said it is in `initialize`, as the SDK's Server reads it. */
interface InitializeParams {
  readonly protocolVersion: string;
  readonly capabilities: Record<string, unknown>;
  readonly clientInfo: { readonly name: string; readonly version: string };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The params of a well-formed `initialize` request; undefined for anything the SDK might answer otherwise. */
function initializeParams(message: unknown): InitializeParams | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'initialize') return undefined;
  if (typeof message.id !== 'string' && !Number.isInteger(message.id)) return undefined;
  const params = message.params;
  if (!isObject(params) || typeof params.protocolVersion !== 'string' || !isObject(params.capabilities))
    return undefined;
  const info = params.clientInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') return undefined;
  return params as unknown as InitializeParams;
}

/**
 * A 2025-era session's instructions for the client that said `name` and `capabilities` (SessionServer's
 * and the early answer's: one composition).
 */
export function legacyInstructions(
  options: McpServerOptions,
  about: SessionDescription,
  client: { readonly name?: string; readonly capabilities?: Record<string, unknown> },
): string {
  const profile = clientProfile(client.name);
  return serverInstructions({
    model: chooseSessionModel(about.model, options.model, client.name),
    ...(about.root !== undefined ? { root: about.root } : {}),
    packs: about.packs,
    confirmation: canElicitForm(client.capabilities) ? 'elicitation' : 'none',
    ...(profile ? { profile } : {}),
    servesEverything: options.servesEverything === true,
  });
}

/** The SDK Server's answer to `message` when it is a well-formed `initialize`; else undefined (the SDK answers). */
export function earlyInitializeAnswer(
  options: McpServerOptions,
  about: SessionDescription,
  message: unknown,
): OpeningAnswer | undefined {
  const params = initializeParams(message);
  if (!params) return undefined;
  const requested = params.protocolVersion;
  const instructions = legacyInstructions(options, about, {
    name: params.clientInfo.name,
    capabilities: params.capabilities,
  });
  return {
    id: (message as { id: string | number }).id,
    result: {
      protocolVersion: LEGACY_PROTOCOL_VERSIONS.includes(requested) ? requested : LEGACY_PROTOCOL_VERSIONS[0],
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: options.name ?? 'toolpacks', version: options.version ?? '0.1.0' },
      ...(instructions ? { instructions } : {}),
    },
  };
}

/**
 * Reads stdin up to its first line (or its end, or `waitMs` without a byte: a client that does not
 * write first is answered by the SDK once it has loaded). stdin is left paused, its data kept.
 */
export function readOpeningLine(
  stdin: NodeJS.ReadableStream,
  waitMs: number,
): Promise<{ bytes: Buffer; ended: boolean; line?: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let ended = false;
    const finish = () => {
      clearTimeout(timer);
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.pause();
      const bytes = Buffer.concat(chunks);
      const newline = bytes.indexOf(10);
      resolve({ bytes, ended, ...(newline >= 0 ? { line: bytes.subarray(0, newline).toString('utf8') } : {}) });
    };
    const onData = (chunk: Buffer | string) => {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (chunks[chunks.length - 1].includes(10)) finish();
    };
    const onEnd = () => {
      ended = true;
      finish();
    };
    // Only while nothing has come: once a byte is in, the line is waited for.
    const timer = setTimeout(() => chunks.length === 0 && finish(), waitMs);
    stdin.on('data', onData);
    stdin.once('end', onEnd);
  });
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
 * Reads the opening line from `stdin` and, when it is a well-formed `initialize`, writes the answer to
 * `stdout` at once. What was read, and what was answered, go on to serveStdio.
 */
export async function answerOpening(
  options: McpServerOptions,
  about: SessionDescription,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  waitMs: number,
): Promise<StdioOpening> {
  const read = await readOpeningLine(io.stdin, waitMs);
  const answered = earlyInitializeAnswer(options, about, parseLine(read.line));
  if (answered) io.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: answered.id, result: answered.result })}\n`);
  return { bytes: read.bytes, ended: read.ended, ...(answered ? { answered } : {}) };
}
