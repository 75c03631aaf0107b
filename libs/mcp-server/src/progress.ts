// A tool's progress as MCP progress notifications, for a client that asked with a progressToken:
// each report raises `progress` (by its increment, else by one), and nothing is sent once the call
// has ended or was cancelled.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { CancellationToken } from '@toolpacks/base';
import type { ToolProgress } from '@toolpacks/registry/host';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Undefined when the client sent no progressToken. */
export function mcpProgress(
  progressToken: string | number | undefined,
  extra: Pick<Extra, 'sendNotification' | 'signal'>,
  token: CancellationToken,
): ToolProgress | undefined {
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return {
    report({ message, increment }) {
      if (token.isCancellationRequested || extra.signal.aborted) return;
      progress += increment !== undefined && increment > 0 ? increment : 1;
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress, ...(message !== undefined ? { message } : {}) },
        })
        .catch(() => undefined);
    },
  };
}
