// The 2026-07-28 era (stateless): one workspace session for the server (stdio: the connection's;
// HTTP: one shared by every modern request), like VS Code's one active debug session: it is
// workspace state, not protocol state. Each request says who the client is in its `_meta`, so the
// model (clientFamilies.ts) is chosen per request. Listing, calling and announcing a changed list
// are the one path of workspaceTools.ts, with no virtual-tool session: tools/list must not vary per
// connection or with other requests, so it lists every tool the client's model gets, with no virtual
// tools (activate_* groups and search_tools activations are per-session state) and with the context
// keys that calls change (`debugState`) held at their most permissive value, so the debug tools are
// always listed; tools/call resolves with the live context, so a debug tool called while nothing is
// stopped gets the registry's not-enabled answer, which says what to do. Environment keys stay live: a
// folder that becomes a repository changes the list, announced to `subscriptions/listen` streams.
// What needs a person's yes answers `input_required` (modernConfirmation.ts).
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  Server,
  type CallToolRequest,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
  type ListToolsResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { DisposableStore } from '@toolpacks/base';
import { SEARCH_TOOLS_NAME, type ModelInfo, type ResolvedToolSet } from '@toolpacks/registry/host';
import { canElicitForm } from './approvals';
import { CallLimiter } from './callLimiter';
import { helloOf, type ClientHello } from './hello';
import { CallConfirmation, ConfirmationStates, type ConfirmationState } from './modernConfirmation';
import { LIST_TTL_MS, openingInstructions, serverInfoOf } from './openingAnswer';
import { modernList, modernView } from './modernList';
import type { McpServerOptions, McpSession, SessionDescription } from './types';
import {
  admitted,
  ClientModels,
  describeSession,
  invokeTool,
  projected,
  ListChanges,
  startedSession,
} from './workspaceTools';
import { resolveView } from './toolViews';

/** How long a client may keep a tools/list or server/discover answer: the list changes only with the workspace, which listen streams hear of at once. */
export { LIST_TTL_MS };
const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;

/** The hello of a modern request, from the `_meta` envelope the SDK lifted out. */
function helloOfRequest(ctx: ServerContext): ClientHello {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  if (!envelope) return {};
  return (
    helloOf({
      params: {
        _meta: {
          [CLIENT_INFO_META_KEY]: envelope[CLIENT_INFO_META_KEY],
          [CLIENT_CAPABILITIES_META_KEY]: envelope[CLIENT_CAPABILITIES_META_KEY],
        },
      },
    }) ?? {}
  );
}

const modelKey = (m: ModelInfo) => JSON.stringify([m.vendor, m.id, m.family, m.version, m.maxTools ?? null]);

export class ModernWorkspace {
  private readonly states: ConfirmationStates;
  private readonly lists: ListChanges;
  private readonly subscriptions = new DisposableStore();
  private readonly models: ClientModels;
  /** What the instructions say of the session, known early when the host describes it. */
  private about: Promise<SessionDescription> | undefined;
  private disposing: Promise<void> | undefined;
  private calls = 0;

  /**
   * `notify` announces a changed list (to `subscriptions/listen` streams); `owned`: disposing this
   * disposes the session (HTTP's shared one); else its owner does (a stdio connection).
   */
  constructor(
    private readonly options: McpServerOptions,
    readonly session: Promise<McpSession>,
    notify: () => void,
    private readonly owned: boolean,
    /** The bounds its tools/call requests run within (the server's, shared with 2025-era sessions). */
    private readonly limiter: CallLimiter = new CallLimiter(),
  ) {
    this.states = new ConfirmationStates(options.confirmationTimeoutMs ?? DEFAULT_CONFIRMATION_TIMEOUT_MS);
    this.models = new ClientModels(options, ' (protocol 2026-07-28)');
    this.lists = new ListChanges(options, session, notify, () => this.disposing !== undefined);
    session.then(
      (s) => {
        if (this.disposing) return;
        this.subscriptions.add(s.onDidChangeContext(() => this.lists.changed()));
        this.subscriptions.add(s.registry.onDidChange(() => this.lists.changed()));
      },
      () => undefined,
    );
  }

  /** A server instance for a request (HTTP) or a connection (stdio) of the client that said `hello`. */
  async createServer(hello: ClientHello): Promise<Server> {
    const about = await (this.about ??= describeSession(this.options, this.session));
    // Tells onInfo at once which model this client's tools are listed for.
    this.models.choose(about.model, hello.name);
    const server = new Server(serverInfoOf(this.options), {
      capabilities: { tools: { listChanged: true } },
      // The early answer's composition (openingAnswer.ts), which this must equal.
      instructions: openingInstructions(this.options, about, hello, 'modern'),
      // The instructions name the client's model and how it is asked: never shared between clients.
      cacheHints: { 'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'private' } },
      requestState: { verify: this.states.verify },
      inputRequired: { legacyShim: false },
    });
    server.setRequestHandler('tools/list', (_request, ctx) => this.list(ctx));
    server.setRequestHandler('tools/call', (request, ctx) => this.call(server, request, ctx));
    return server;
  }

  /** The client's view: its model and profile, no virtual tools. */
  private view(session: McpSession, hello: ClientHello, listing: boolean) {
    const chosen = this.models.choose(session.request().model, hello.name);
    return { chosen, view: modernView(chosen, hello.name, listing) };
  }

  private async list(ctx: ServerContext): Promise<ListToolsResult> {
    const session = await startedSession(this.session);
    const hello = helloOfRequest(ctx);
    const chosen = this.models.choose(session.request().model, hello.name);
    const { result, view, resolved } = modernList(this.options, session, chosen, hello.name);
    // The list depends on the client's profile too (what it does itself, how it shows results).
    this.lists.sent.record(modelKey(view.model) + JSON.stringify(view.profile ?? null), view, resolved, result.tools);
    return result;
  }

  private async call(
    server: Server,
    request: CallToolRequest,
    ctx: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    const session = await startedSession(this.session);
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const hello = helloOfRequest(ctx);
    if (isRegistryTool(resolveView(this.options, session, this.view(session, hello, false).view), name))
      return {
        content: [
          {
            type: 'text',
            text: `There is no tool named \`${name}\` in protocol revision 2026-07-28: every tool is listed (no activate_* groups, no search_tools); nothing was run. Call the listed tools directly.`,
          },
        ],
        isError: true,
      };
    const state = ctx.mcpReq.requestState<ConfirmationState>();
    CallConfirmation.check(state, name, args);
    // A stateless client is known by the name it gives: its calls of one tool are one lane.
    return admitted(this.limiter, `client ${hello.name ?? ''}`, ctx, name, async (slot) => {
      // Resolved once it runs: the context (debugState) may have changed while it waited.
      const { view } = this.view(session, hello, false);
      const resolved = resolveView(this.options, session, view);
      const confirmation = new CallConfirmation(state, ctx.mcpReq.inputResponses);
      // Never an elicitation the client did not declare: without one, the registry declines what asks.
      const canAsk = canElicitForm(hello.capabilities as ClientCapabilities | undefined);
      const result = await invokeTool(
        this.options,
        session,
        resolved,
        view,
        { request, ctx, callId: `mcp-${++this.calls}`, ...(canAsk ? { confirm: confirmation.confirm } : {}) },
        slot,
      );
      // It asked a question this round has no answer to: nothing ran; ask it, bound to this call.
      if (confirmation.pending !== undefined)
        return await this.states.ask(name, args, confirmation.pending, confirmation.acceptedSoFar);
      return projected(server, resolved, view, name, result);
    });
  }

  /** Stops announcing; disposes the session when this owns it. Idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.subscriptions.dispose();
      if (!this.owned) return;
      const session = await this.session.catch(() => undefined);
      await session?.dispose().catch((error: unknown) => this.options.onError?.(error));
    })();
    return this.disposing;
  }
}

/**
 * Whether `name` is one of the registry's own tools (an `activate_<group>`, `search_tools`) rather
 * than a pack's: a stateless client has no session for them to act on.
 */
function isRegistryTool(resolved: ResolvedToolSet, name: string): boolean {
  const kind = resolved.toolKinds[name];
  if (kind !== undefined) return kind !== 'tool';
  // Not sent (nothing is grouped here): a group's activator, or the registry's search, by what the resolution says.
  if (resolved.groups.some((group) => group.name === name)) return true;
  return name === SEARCH_TOOLS_NAME && !resolved.entries.some((entry) => (entry.sentName ?? entry.name) === name);
}
