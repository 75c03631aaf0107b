// Whom a list is resolved for (a ToolView: the model, the client's profile, its virtual-tool session,
// context keys held while listing) and the MCP tools it resolves to, in both eras. Nothing here loads
// the MCP SDK: the 2026-07-28 era's first tools/list is answered from this before it loads (earlyList.ts).
import type { Tool as McpTool } from '@modelcontextprotocol/server';
import type { ModelInfo, ResolvedToolSet, VirtualToolSession } from '@toolpacks/registry/host';
import { resolveForClient, type ClientProfile } from './clientProfiles';
import { toMcpTools } from './tools';
import type { McpServerOptions, McpSession } from './types';

/** Whom a list is resolved for, and with which session state. */
export interface ToolView {
  readonly model: ModelInfo;
  /** What the client does itself (clientProfiles.ts): its jobs, how it shows results, whether it asks. */
  readonly profile?: ClientProfile;
  /** The client's virtual-tool session (2025 era). Absent: every tool listed, none grouped (2026-07-28). */
  readonly virtual?: VirtualToolSession;
  /** Context keys held at a fixed value while listing (a stateless list must not vary with calls). */
  readonly held?: Readonly<Record<string, unknown>>;
}

const noChange = () => ({ dispose: () => undefined });

/** A virtual-tool session that never opens a group: nothing a call does changes what is listed. */
const FROZEN: VirtualToolSession = {
  id: 'mcp-2026-07-28',
  version: 0,
  expandedGroups: [],
  expand: () => undefined,
  expandAll: () => undefined,
  collapse: () => undefined,
  reset: () => undefined,
  onDidChange: noChange,
};

/** The resolution for `view` now: the session's request, the view's model, virtual tools and held keys. */
export function resolveView(options: McpServerOptions, session: McpSession, view: ToolView): ResolvedToolSet {
  const request = session.request();
  const context = view.held ? { ...request.context, ...view.held } : request.context;
  // The client talks to the model and adapts definitions for it (as VS Code's Copilot does): it is sent what the packs wrote.
  return resolveForClient(
    session.registry,
    {
      schemas: 'canonical',
      ...request,
      ...(context ? { context } : {}),
      model: view.model,
      virtualTools: view.virtual
        ? { ...request.virtualTools, session: view.virtual }
        : // No grouping below the model's limit; above it, what the registry leaves unsent stays unsent.
          { session: FROZEN, threshold: Number.POSITIVE_INFINITY, mode: 'groups' },
    },
    view.profile,
    options.servesEverything,
  );
}

/** The MCP tools of a resolution for `view`: without a virtual-tool session, the packs' tools only. */
export function listView(resolved: ResolvedToolSet, view: ToolView): McpTool[] {
  const tools = toMcpTools(resolved, view.profile);
  return view.virtual ? tools : tools.filter((tool) => resolved.toolKinds[tool.name] === 'tool');
}
