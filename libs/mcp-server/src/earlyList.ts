// The first tools/list of a 2026-07-28 stdio connection answered before the MCP SDK loads (issue 33:
// start-up to the first list). That era's SDK client probes `server/discover` on a process of its own
// and then opens the real one with tools/list, so the real process's first line is the list: the host
// answers it as soon as the workspace session has started, with the list the SDK's handler would
// send (modernList.ts, one composition) plus what the SDK adds (its server info, `resultType`), in
// the SDK's key order. The SDK then loads and is handed the same line: its own answer is not sent
// again but compared (hello.ts), and what it records as sent is what the client has.
//
// Only a request the SDK is sure to answer with that list is answered here: exactly the members a
// 2026-07-28 tools/list carries, each of the type the SDK's envelope schema requires, a subset of
// what it accepts. Anything else (a cursor, an odd id, an unknown or ill-typed member) is left to the
// SDK, which answers it as it would have. Nothing here loads the SDK.
import { chooseSessionModel } from './clientFamilies';
import { modernList } from './modernList';
import type { OpeningAnswer } from './openingAnswer';
import type { McpServerOptions, McpSession } from './types';

const MODERN_VERSION = '2026-07-28';
const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` is an object whose keys are among `allowed` (all of `required` present). */
function hasOnly(value: unknown, allowed: readonly string[], required: readonly string[] = []): value is Json {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.every((key) => allowed.includes(key)) && required.every((key) => keys.includes(key));
}

const objectOfObjects = (value: unknown): boolean => isObject(value) && Object.values(value).every(isObject);
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

/** The client's implementation info, members the SDK types as strings only (icons are left to the SDK). */
function clientName(info: unknown): string | undefined {
  if (!hasOnly(info, ['name', 'version', 'title', 'description', 'websiteUrl'], ['name', 'version'])) return undefined;
  return Object.values(info).every((member) => typeof member === 'string') ? (info.name as string) : undefined;
}

/** Capabilities of the shapes the SDK's ClientCapabilities schema accepts (a subset: `tasks` and unknown keys are left to it). */
function wellFormedCapabilities(capabilities: unknown): boolean {
  if (!hasOnly(capabilities, ['elicitation', 'roots', 'sampling', 'experimental', 'extensions'])) return false;
  const { elicitation, roots, sampling, experimental, extensions } = capabilities;
  return (
    optional(
      elicitation,
      (value) =>
        hasOnly(value, ['form', 'url']) &&
        optional(value.form, (form) => isObject(form) && optional(form.applyDefaults, (b) => typeof b === 'boolean')) &&
        optional(value.url, isObject),
    ) &&
    optional(
      roots,
      (value) => hasOnly(value, ['listChanged']) && optional(value.listChanged, (b) => typeof b === 'boolean'),
    ) &&
    optional(
      sampling,
      (value) =>
        hasOnly(value, ['context', 'tools']) && optional(value.context, isObject) && optional(value.tools, isObject),
    ) &&
    optional(experimental, objectOfObjects) &&
    optional(extensions, objectOfObjects)
  );
}

/** A 2026-07-28 tools/list the SDK answers with the list: its id and the client's name; else undefined. */
export function earlyListRequest(message: unknown): { id: string | number; client: string } | undefined {
  if (!hasOnly(message, ['jsonrpc', 'id', 'method', 'params'], ['jsonrpc', 'id', 'method', 'params'])) return undefined;
  const { id, params } = message;
  if (message.jsonrpc !== '2.0' || message.method !== 'tools/list') return undefined;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  if (!hasOnly(params, ['_meta'], ['_meta'])) return undefined;
  const meta = params._meta;
  const keys = [META.protocolVersion, META.clientInfo, META.clientCapabilities];
  if (!hasOnly(meta, keys, keys) || meta[META.protocolVersion] !== MODERN_VERSION) return undefined;
  const client = clientName(meta[META.clientInfo]);
  if (client === undefined || !wellFormedCapabilities(meta[META.clientCapabilities])) return undefined;
  return { id: id as string | number, client };
}

/**
 * The SDK's answer to `message` when it is a well-formed 2026-07-28 tools/list (earlyListRequest),
 * listed from the started `session`; else undefined (the SDK answers).
 */
export function earlyListAnswer(
  options: McpServerOptions,
  session: McpSession,
  message: unknown,
): OpeningAnswer | undefined {
  const request = earlyListRequest(message);
  if (!request) return undefined;
  // Chosen as the handler chooses it; the handler tells onInfo when it runs.
  const chosen = chooseSessionModel(session.request().model, options.model, request.client);
  const { result } = modernList(options, session, chosen, request.client);
  const serverInfo = { name: options.name ?? 'toolpacks', version: options.version ?? '0.1.0' };
  return {
    id: request.id,
    result: { ...result, _meta: { ...result._meta, [META.serverInfo]: serverInfo }, resultType: 'complete' },
  };
}

/** The answer's line as the SDK's stdio transport writes it (its key order: result, jsonrpc, id). */
export const answerLine = (answer: OpeningAnswer): string =>
  `${JSON.stringify({ result: answer.result, jsonrpc: '2.0', id: answer.id })}\n`;
