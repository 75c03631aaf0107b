// The 2026-07-28 era (stateless): one workspace session for the server (stdio: the connection's;
// HTTP: one shared by every modern request), like VS Code's one active debug session: it is
// workspace state, not protocol state. Each request says who the client is in its `_meta`, so the
// model (clientFamilies.ts) is chosen per request. tools/list must not vary per connection or with
// other requests: it lists every tool the client's model gets, with no virtual tools (activate_*
// groups and search_tools activations are per-session state) and with the context keys that calls
// change (`debugState`) held at their most permissive value, so the debug tools are always listed;
// tools/call resolves with the live context, so a debug tool called while nothing is stopped gets
// the registry's not-enabled answer, which says what to do. Environment keys stay live: a folder that
// becomes a repository changes the list, announced to `subscriptions/listen` streams. What needs a
// person's yes answers `input_required` (modernConfirmation.ts).
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
import { CancellationTokenSource, DisposableStore, type Event } from '@toolpacks/base';
import type { ModelInfo, ResolvedToolSet, VirtualToolSession } from '@toolpacks/registry/host';
import { ContextKeys } from '@toolpacks/services';
import { canElicitForm, policyOptions } from './approvals';
import { CallLimiter } from './callLimiter';
import { chooseSessionModel, describeSessionModel } from './clientFamilies';
import { outputSchemaFor, toCallToolResult } from './content';
import { clientConfirms, clientProfile, resolveForClient, type ClientProfile } from './clientProfiles';
import { helloOf, type ClientHello } from './hello';
import { serverInstructions } from './instructions';
import { CallConfirmation, ConfirmationStates, type ConfirmationState } from './modernConfirmation';
import { mcpProgress, progressTokenOf } from './progress';
import { isVirtualTool, MODEL_META_KEY, MODEL_REASON_META_KEY, toMcpTools } from './tools';
import type { McpServerOptions, McpSession, McpSessionModel } from './types';

/** How long a client may keep a tools/list or server/discover answer: the list changes only with the workspace, which listen streams hear of at once. */
export const LIST_TTL_MS = 60_000;
const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;
const MAX_TOLD = 32;

/** Context keys that calls change, held at their most permissive value while listing. */
const HELD_CONTEXT: Readonly<Record<string, unknown>> = { [ContextKeys.debugState]: 'stopped' };

const noEvent: Event<void> = () => ({ dispose: () => undefined });

/** A virtual-tool session that never opens a group: nothing a call does changes what is listed. */
const FROZEN: VirtualToolSession = {
  id: 'mcp-2026-07-28',
  version: 0,
  expandedGroups: [],
  expand: () => undefined,
  expandAll: () => undefined,
  collapse: () => undefined,
  reset: () => undefined,
  onDidChange: noEvent,
};

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
  /** The lists sent so far, per model: what a workspace change is compared with. */
  private readonly listed = new Map<string, { model: ModelInfo; profile?: ClientProfile; tools: string }>();
  private readonly subscriptions = new DisposableStore();
  /** Clients onInfo was told of. */
  private readonly told = new Set<string>();
  private checkScheduled = false;
  private disposing: Promise<void> | undefined;
  private calls = 0;

  /**
   * `notify` announces a changed list (to `subscriptions/listen` streams); `owned`: disposing this
   * disposes the session (HTTP's shared one); else its owner does (a stdio connection).
   */
  constructor(
    private readonly options: McpServerOptions,
    readonly session: Promise<McpSession>,
    private readonly notify: () => void,
    private readonly owned: boolean,
    /** The bounds its tools/call requests run within (the server's, shared with 2025-era sessions). */
    private readonly limiter: CallLimiter = new CallLimiter(),
  ) {
    this.states = new ConfirmationStates(options.confirmationTimeoutMs ?? DEFAULT_CONFIRMATION_TIMEOUT_MS);
    session.then(
      (s) => {
        if (this.disposing) return;
        this.subscriptions.add(s.onDidChangeContext(() => this.changed()));
        this.subscriptions.add(s.registry.onDidChange(() => this.changed()));
      },
      () => undefined,
    );
  }

  /** A server instance for a request (HTTP) or a connection (stdio) of the client that said `hello`. */
  async createServer(hello: ClientHello): Promise<Server> {
    const session = await this.session;
    const chosen = this.choose(session, hello.name);
    const server = new Server(
      { name: this.options.name ?? 'toolpacks', version: this.options.version ?? '0.1.0' },
      {
        capabilities: { tools: { listChanged: true } },
        instructions: serverInstructions({
          model: chosen,
          ...(session.root !== undefined ? { root: session.root } : {}),
          packs: session.registry.packs.map((p) => p.displayName),
          confirmation: canElicitForm(hello.capabilities) ? 'input_required' : 'none',
          ...(clientProfile(hello.name) ? { profile: clientProfile(hello.name)! } : {}),
          servesEverything: this.options.servesEverything === true,
        }),
        // The instructions name the client's model and how it is asked: never shared between clients.
        cacheHints: { 'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'private' } },
        requestState: { verify: this.states.verify },
        inputRequired: { legacyShim: false },
      },
    );
    server.setRequestHandler('tools/list', (_request, ctx) => this.list(session, ctx));
    server.setRequestHandler('tools/call', (request, ctx) => this.call(server, session, request, ctx));
    return server;
  }

  private choose(session: McpSession, client: string | undefined): McpSessionModel {
    const chosen = chooseSessionModel(session.resolveRequest().model, this.options.model, client);
    // Names are the clients' own text: a bounded few are told of, so a stream of made-up names cannot flood stderr.
    if (chosen.client !== undefined && !this.told.has(chosen.client) && this.told.size < MAX_TOLD) {
      this.told.add(chosen.client);
      this.options.onInfo?.(`tools for model ${describeSessionModel(chosen)} (protocol 2026-07-28).`);
    }
    return chosen;
  }

  private resolve(
    session: McpSession,
    model: ModelInfo,
    listing: boolean,
    profile: ClientProfile | undefined,
  ): ResolvedToolSet {
    const { threshold: _threshold, mode: _mode, ...request } = session.resolveRequest();
    const context = listing ? { ...request.context, ...HELD_CONTEXT } : request.context;
    return resolveForClient(
      session.registry,
      {
        schemas: 'canonical',
        ...request,
        ...(context ? { context } : {}),
        model,
        // No grouping below the model's limit; above it, what the registry leaves unsent stays unsent.
        virtualTools: { session: FROZEN, threshold: Number.POSITIVE_INFINITY, mode: 'groups' },
      },
      profile,
      this.options.servesEverything,
    );
  }

  /** The stable list for `model`, remembered for change detection. */
  private listFor(session: McpSession, model: ModelInfo, profile: ClientProfile | undefined): ListToolsResult['tools'] {
    const resolved = this.resolve(session, model, true, profile);
    const tools = toMcpTools(resolved, profile).filter((tool) => !isVirtualTool(resolved, tool.name));
    // The list depends on the client's profile too (what it does itself, how it shows results).
    this.listed.set(modelKey(model) + JSON.stringify(profile ?? null), {
      model,
      ...(profile ? { profile } : {}),
      tools: JSON.stringify(tools),
    });
    return tools;
  }

  private async list(session: McpSession, ctx: ServerContext): Promise<ListToolsResult> {
    const client = helloOfRequest(ctx).name;
    const chosen = this.choose(session, client);
    const result: ListToolsResult & { ttlMs: number; cacheScope: 'public' | 'private' } = {
      tools: this.listFor(session, chosen.model, clientProfile(client)),
      ttlMs: LIST_TTL_MS,
      // The list depends on the client unless the host chose the model.
      cacheScope: chosen.source === 'explicit' ? 'public' : 'private',
      _meta: { [MODEL_META_KEY]: chosen.model, [MODEL_REASON_META_KEY]: chosen.because },
    };
    return result;
  }

  private async call(
    server: Server,
    session: McpSession,
    request: CallToolRequest,
    ctx: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const hello = helloOfRequest(ctx);
    const chosen = this.choose(session, hello.name);
    const profile = clientProfile(hello.name);
    const resolved = this.resolve(session, chosen.model, false, profile);
    if (isVirtualTool(resolved, name))
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
    // Waits its turn among the server's calls (callLimiter.ts), or is refused with what to do. A
    // stateless client is known by the name it gives: its calls of one tool are one lane.
    const admission = await this.limiter.admit(`client ${hello.name ?? ''}`, name, ctx.mcpReq.signal);
    if ('refused' in admission) return { content: [{ type: 'text', text: admission.refused }], isError: true };
    try {
      // Resolved again once it runs: the context (debugState) may have changed while it waited.
      return await this.run(
        server,
        session,
        request,
        ctx,
        this.resolve(session, chosen.model, false, profile),
        state,
        hello,
      );
    } finally {
      admission.slot.release();
    }
  }

  private async run(
    server: Server,
    session: McpSession,
    request: CallToolRequest,
    ctx: ServerContext,
    resolved: ResolvedToolSet,
    state: ConfirmationState | undefined,
    hello: ClientHello,
  ): Promise<CallToolResult | InputRequiredResult> {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const confirmation = new CallConfirmation(state, ctx.mcpReq.inputResponses);
    const profile = clientProfile(hello.name);
    // Never an elicitation the client did not declare: without one, the registry declines what asks.
    const canAsk = canElicitForm(hello.capabilities as ClientCapabilities | undefined);
    const source = new CancellationTokenSource();
    const signal = ctx.mcpReq.signal;
    const cancel = () => source.cancel();
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
    const progress = mcpProgress(progressTokenOf(ctx, request.params), ctx, source.token);
    let result: CallToolResult;
    try {
      const outcome = await session.registry.invoke(
        resolved,
        { callId: `mcp-${++this.calls}`, name, input: args },
        {
          token: source.token,
          ...(progress ? { progress } : {}),
          ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
          ...policyOptions(this.options.approvals, name),
          ...(canAsk ? { confirm: confirmation.confirm } : {}),
          // One question per action: the client asked the person before this call (clientProfiles.ts).
          ...(clientConfirms(profile, name, args) ? { confirmedByHost: true } : {}),
        },
      );
      // It asked a question this round has no answer to: nothing ran; ask it, bound to this call.
      if (confirmation.pending !== undefined)
        return await this.states.ask(name, args, confirmation.pending, confirmation.acceptedSoFar);
      result = await toCallToolResult(outcome, profile);
    } finally {
      signal.removeEventListener('abort', cancel);
      source.dispose();
    }
    const outputSchema = outputSchemaFor(
      profile,
      resolved.entries.find((e) => e.name === name)?.definition.outputSchema,
    );
    return server.projectCallToolResult(result, outputSchema);
  }

  /** Compares every list sent with the workspace now; announces once when one differs. */
  private changed(): void {
    if (this.checkScheduled || this.disposing) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      if (this.disposing) return;
      void this.session
        .then((session) => {
          let differs = false;
          for (const [key, { model, profile, tools }] of this.listed) {
            const resolved = this.resolve(session, model, true, profile);
            const now = JSON.stringify(
              toMcpTools(resolved, profile).filter((tool) => !isVirtualTool(resolved, tool.name)),
            );
            if (now === tools) continue;
            this.listed.set(key, { model, ...(profile ? { profile } : {}), tools: now });
            differs = true;
          }
          if (differs) this.notify();
        })
        .catch((error: unknown) => this.options.onError?.(error));
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
