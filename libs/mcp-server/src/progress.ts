// A tool's progress as MCP progress notifications, for a client that asked with a progressToken (both
// protocol eras: related to the call, so over HTTP they travel on the call's own stream): each report
// raises `progress` (by its increment, else by one), and nothing is sent once the call has ended or
// was cancelled.
import type { ServerContext } from '@modelcontextprotocol/server';
import type { CancellationToken } from '@toolpacks/base';
import type { ToolProgress } from '@toolpacks/registry/host';

/** The progressToken of a request: in its `_meta` as the handler sees it, else in its params. */
export function progressTokenOf(ctx: ServerContext, params: { _meta?: { progressToken?: unknown } } | undefined) {
  const token = ctx.mcpReq._meta?.progressToken ?? params?._meta?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/** Undefined when the client sent no progressToken. */
export function mcpProgress(
  progressToken: string | number | undefined,
  ctx: Pick<ServerContext, 'mcpReq'>,
  token: CancellationToken,
): ToolProgress | undefined {
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return {
    report({ message, increment }) {
      if (token.isCancellationRequested || ctx.mcpReq.signal.aborted) return;
      progress += increment !== undefined && increment > 0 ? increment : 1;
      void ctx.mcpReq
        .notify({
          method: 'notifications/progress',
          params: { progressToken, progress, ...(message !== undefined ? { message } : {}) },
        })
        .catch(() => undefined);
    },
  };
}
