// The 2026-07-28 era's tools/list (modernServer.ts says why it is what it is): every tool the client's
// model gets, no virtual tools, the context keys that calls change held at their most permissive
// value. One composition for the SDK's handler (ModernWorkspace) and for the answer given before the
// SDK loads (earlyList.ts), which must be byte for byte the SDK's. Nothing here loads the SDK.
import type { Tool as McpTool } from '@modelcontextprotocol/server';
import type { ModelInfo, ResolvedToolSet } from '@toolpacks/registry/host';
import { ContextKeys } from '@toolpacks/services';
import { clientProfile } from './clientProfiles';
import { LIST_TTL_MS } from './openingAnswer';
import { MODEL_META_KEY, MODEL_REASON_META_KEY } from './tools';
import { listView, resolveView, type ToolView } from './toolViews';
import type { McpServerOptions, McpSession, McpSessionModel } from './types';

/** Context keys that calls change, held at their most permissive value while listing. */
const HELD_CONTEXT: Readonly<Record<string, unknown>> = { [ContextKeys.debugState]: 'stopped' };

/** A 2026-07-28 client's view: its model (`chosen`) and profile, no virtual tools; context held while `listing`. */
export function modernView(chosen: McpSessionModel, client: string | undefined, listing: boolean): ToolView {
  const profile = clientProfile(client);
  return {
    model: chosen.model,
    ...(profile ? { profile } : {}),
    ...(listing ? { held: HELD_CONTEXT } : {}),
  };
}

/** What the tools/list handler returns (the SDK adds its server info to `_meta`, and `resultType`). */
export interface ModernListResult {
  [key: string]: unknown;
  tools: McpTool[];
  ttlMs: number;
  cacheScope: 'public' | 'private';
  _meta: Record<string, unknown> & { [MODEL_META_KEY]: ModelInfo; [MODEL_REASON_META_KEY]: string };
}

/** The list for the client named `client`, listed for `chosen`: the result, and the view and resolution it came from. */
export function modernList(
  options: McpServerOptions,
  session: McpSession,
  chosen: McpSessionModel,
  client: string | undefined,
): { result: ModernListResult; view: ToolView; resolved: ResolvedToolSet } {
  const view = modernView(chosen, client, true);
  const resolved = resolveView(options, session, view);
  const result: ModernListResult = {
    tools: listView(resolved, view),
    ttlMs: LIST_TTL_MS,
    // The list depends on the client unless the host chose the model.
    cacheScope: chosen.source === 'explicit' ? 'public' : 'private',
    _meta: { [MODEL_META_KEY]: chosen.model, [MODEL_REASON_META_KEY]: chosen.because },
  };
  return { result, view, resolved };
}
