// The first tools/list of a 2026-07-28 stdio connection answered before the MCP SDK loads (issue 33:
// start-up to the first list). That era's SDK client probes `server/discover` on a process of its own
// and then opens the real one with tools/list, so the real process's first line is the list: the host
// answers it as soon as the workspace session has started, with the list the SDK's handler would
// send (modernList.ts, one composition) plus what the SDK adds (its server info, `resultType`), in
// the SDK's key order. The SDK then loads and is handed the same line: its own answer is not sent
// again but compared (hello.ts; they differ only if the workspace changed in between, which is
// reported, and the list recorded as sent is then the SDK's: the client's refreshes at its TTL).
//
// Only a request the SDK is sure to answer with that list is answered here: exactly the members a
// 2026-07-28 tools/list carries, each of the type the SDK's envelope schema requires, a subset of
// what it accepts. Anything else (a cursor, an odd id, an unknown or ill-typed member) is left to the
// SDK, which answers it as it would have. Nothing here loads the SDK.
import { chooseSessionModel } from './clientFamilies';
import { modernList } from './modernList';
import { serverInfoOf, type OpeningAnswer } from './openingAnswer';
import { envelopeClient, META, plainRequest } from './openingShapes';
import type { McpServerOptions, McpSession } from './types';

/** A 2026-07-28 tools/list the SDK answers with the list: its id and the client's name; else undefined. */
export function earlyListRequest(message: unknown): { id: string | number; client: string } | undefined {
  if (!plainRequest(message, 'tools/list')) return undefined;
  const client = envelopeClient(message.params);
  return client ? { id: message.id, client: client.name } : undefined;
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
  const serverInfo = serverInfoOf(options);
  return {
    id: request.id,
    result: { ...result, _meta: { ...result._meta, [META.serverInfo]: serverInfo }, resultType: 'complete' },
  };
}

/** The answer's line as the SDK's stdio transport writes it (its key order: result, jsonrpc, id). */
export const answerLine = (answer: OpeningAnswer): string =>
  `${JSON.stringify({ result: answer.result, jsonrpc: '2.0', id: answer.id })}\n`;
