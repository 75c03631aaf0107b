// `toolpacks mcp` over stdio: a 2026-07-28 client's first tools/list answered before the MCP SDK loads
// (@toolpacks/mcp-server/earlyList says when and why), as soon as the workspace session has started.
// The answer is written here and handed to the server with the rest of what was read: the SDK is
// given the same line, and its own answer is compared, not sent again.
import type { McpServerOptions, StdioOpening } from '@toolpacks/mcp-server';
import type { WorkspaceSession } from './session';

type EarlyListModule = typeof import('@toolpacks/mcp-server/earlyList');

/** The first line read, parsed; undefined when there is no whole line or it is not JSON. */
function firstMessage(bytes: Buffer): unknown {
  const newline = bytes.indexOf(10);
  if (newline < 0) return undefined;
  try {
    return JSON.parse(bytes.subarray(0, newline).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `opening` with its first line answered when it is a 2026-07-28 tools/list the SDK would answer with
 * the list; else `opening` as it was (the SDK answers, also when the session failed to start: it says why).
 */
export async function answerFirstListEarly(
  options: McpServerOptions,
  opening: StdioOpening,
  session: Promise<WorkspaceSession>,
  stdout: NodeJS.WritableStream,
): Promise<StdioOpening> {
  if (opening.answered) return opening;
  const message = firstMessage(opening.bytes);
  const early = require('@toolpacks/mcp-server/earlyList') as EarlyListModule;
  if (!early.earlyListRequest(message)) return opening;
  const started = await session.catch(() => undefined);
  if (!started) return opening;
  let answered;
  try {
    answered = early.earlyListAnswer(options, started, message);
  } catch {
    return opening; // the SDK's handler meets the same error and answers it
  }
  if (!answered) return opening;
  stdout.write(early.answerLine(answered));
  return { ...opening, answered };
}
