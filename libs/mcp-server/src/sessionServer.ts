// One 2025-era MCP session: an SDK `Server` bound to one McpSession and one VirtualToolSession, so its
// resolution state (expanded groups, context keys, approvals) is its own. Listing, calling and
// announcing a changed list are the one path of workspaceTools.ts, with this session's virtual tools;
// what needs a yes is asked through elicitation. The model it resolves for is the host's, unless the
// host says that model is only a default: then a known MCP client (clientFamilies.ts, by its
// initialize request's clientInfo.name) gets the tools of the model it runs; the initialize result's
// `instructions`, the tools/list result's `_meta` and `onInfo` say which family and why. The Server
// is built once the client's initialize is known (the serving entries read it first), so its
// instructions are its own from the start; it answers initialize without waiting for the workspace
// session when the host describes it (McpServerOptions.describeSession), and its tools requests wait.
import { Server, type CallToolRequest, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { DisposableStore } from '@toolpacks/base';
import type { ConfirmationAnswer, ConfirmationRequest, VirtualToolSession } from '@toolpacks/registry/host';
import { canElicitForm, CONFIRMATION_SCHEMA, confirmationAnswer, confirmationQuestion } from './approvals';
import { CallLimiter } from './callLimiter';
import { clientProfile } from './clientProfiles';
import { openingInstructions, serverInfoOf } from './openingAnswer';
import { MODEL_META_KEY, MODEL_REASON_META_KEY } from './tools';
import type { ClientHello } from './hello';
import type { McpServerOptions, McpSession, McpSessionModel, SessionDescription } from './types';
import {
  admitted,
  ClientModels,
  describeStarted,
  invokeTool,
  projected,
  ListChanges,
  startedSession,
} from './workspaceTools';
import { listView, resolveView, type ToolView } from './toolViews';

const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;
let sessionCount = 0;

export class SessionServer {
  readonly server: Server;
  /** The workspace session, once started (rejects with the protocol error that says why it did not). */
  readonly session: Promise<McpSession>;
  private tools: VirtualToolSession | undefined;
  private readonly subscriptions = new DisposableStore();
  private readonly lists: ListChanges;
  private readonly models: ClientModels;
  private running = 0;
  private disposing: Promise<void> | undefined;
  /** This session's name in the call bounds: its calls of one tool are one lane. */
  private readonly lane = `session-${++sessionCount}`;

  /**
   * A session over the started `session` for the client that said `hello` in its initialize request
   * (a session that fails to start rejects). `owned`: disposing this disposes the McpSession too (an
   * HTTP session's own); else its owner does (stdio). `calls`: the bounds its tools/call requests run
   * within (the server's, shared by its sessions).
   */
  static async open(
    options: McpServerOptions,
    session: Promise<McpSession> | McpSession,
    hello: ClientHello,
    owned: boolean,
    calls: CallLimiter = new CallLimiter(),
  ): Promise<SessionServer> {
    const started = await session;
    return new SessionServer(options, Promise.resolve(started), describeStarted(started), hello, owned, calls);
  }

  /** A session that answers at once (`about` says what the instructions need) while `session` starts. */
  constructor(
    private readonly options: McpServerOptions,
    session: Promise<McpSession>,
    private readonly about: SessionDescription,
    private readonly hello: ClientHello,
    private readonly owned: boolean,
    private readonly calls: CallLimiter,
  ) {
    this.models = new ClientModels(options);
    // Tells onInfo at once which model this client's tools are listed for.
    void this.model;
    this.server = new Server(serverInfoOf(options), {
      capabilities: { tools: { listChanged: true } },
      // The early answer's composition (openingAnswer.ts), which this must equal.
      instructions: openingInstructions(options, about, hello, 'legacy'),
      // This era asks by elicitation itself: an input_required answer here would be a bug.
      inputRequired: { legacyShim: false },
    });
    this.session = startedSession(session).then((started) => {
      this.tools = started.registry.createVirtualToolSession();
      if (!this.disposing) {
        this.subscriptions.add(this.tools.onDidChange(() => this.lists.changed()));
        this.subscriptions.add(started.onDidChangeContext(() => this.lists.changed()));
        this.subscriptions.add(started.registry.onDidChange(() => this.lists.changed()));
      }
      return started;
    });
    // Reported by the requests that wait for it (and by the connection).
    this.session.catch(() => undefined);
    this.lists = new ListChanges(
      options,
      this.session,
      () => this.server.sendToolListChanged(),
      // A running call announces the change itself when it ends.
      () => this.running > 0 || this.disposing !== undefined,
    );
    this.server.setRequestHandler('tools/list', async () => {
      const session = await this.session;
      const view = this.view();
      const resolved = resolveView(this.options, session, view);
      const tools = listView(resolved, view);
      this.lists.sent.record('session', view, resolved, tools);
      const chosen = this.model;
      return { tools, _meta: { [MODEL_META_KEY]: chosen.model, [MODEL_REASON_META_KEY]: chosen.because } };
    });
    this.server.setRequestHandler('tools/call', (request, ctx) => this.call(request, ctx));
  }

  /** The model this session's tools are resolved for and why (the client's, when the host's is only a default). */
  get model(): McpSessionModel {
    return this.models.choose(this.about.model, this.client);
  }

  private get client(): string | undefined {
    return this.server?.getClientVersion()?.name ?? this.hello.name;
  }

  /** What the client does itself (clientProfiles.ts): its jobs, how it shows results, whether it asks. */
  private get profile() {
    return clientProfile(this.client);
  }

  private view(): ToolView {
    const profile = this.profile;
    return { model: this.model.model, ...(profile ? { profile } : {}), ...(this.tools ? { virtual: this.tools } : {}) };
  }

  private async call(request: CallToolRequest, ctx: ServerContext): Promise<CallToolResult> {
    const session = await this.session;
    const name = request.params.name;
    return admitted(this.calls, this.lane, ctx, name, async (slot) => {
      this.running++;
      let result: CallToolResult;
      const view = this.view();
      const resolved = resolveView(this.options, session, view);
      try {
        // Without elicitation there is nobody to ask: what needs a yes is declined.
        const canAsk = canElicitForm(this.server.getClientCapabilities());
        result = await invokeTool(
          this.options,
          session,
          resolved,
          view,
          {
            request,
            ctx,
            callId: `mcp-${String(ctx.mcpReq.id)}`,
            // A person may take minutes to answer: the call's place is given up meanwhile.
            ...(canAsk ? { confirm: (question, held) => held.whileWaiting(() => this.ask(question, ctx)) } : {}),
          },
          slot,
        );
      } finally {
        this.running--;
      }
      // An activation, a breakpoint stop: the client learns of the new list before this result,
      // on this request's own stream (HTTP), where it is sure to be listening.
      await this.announceAfterCall(ctx);
      return projected(this.server, resolved, view, name, result);
    });
  }

  private async ask(request: ConfirmationRequest, ctx: ServerContext): Promise<ConfirmationAnswer> {
    try {
      const answer = await this.server.elicitInput(
        { mode: 'form', message: confirmationQuestion(request), requestedSchema: CONFIRMATION_SCHEMA as never },
        {
          // On the call's own stream (HTTP): the client that made the call is the one listening there.
          relatedRequestId: ctx.mcpReq.id,
          signal: ctx.mcpReq.signal,
          timeout: this.options.confirmationTimeoutMs ?? DEFAULT_CONFIRMATION_TIMEOUT_MS,
        },
      );
      return confirmationAnswer(answer.action, answer.content);
    } catch {
      // No answer (the client failed, the wait timed out, the call was cancelled): nothing runs without a yes.
      return 'decline';
    }
  }

  /** A list changed by the call: said before its result (HTTP: on the call's own stream, where the client listens). */
  private async announceAfterCall(ctx: ServerContext): Promise<void> {
    if (this.disposing) return;
    try {
      if (await this.lists.check()) await ctx.mcpReq.notify({ method: 'notifications/tools/list_changed' });
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Closes the protocol side and, when it owns it, disposes the McpSession (its debuggees, child processes, registry). Idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.subscriptions.dispose();
      await this.server.close().catch(() => undefined);
      if (!this.owned) return;
      const session = await this.session.catch(() => undefined);
      await session?.dispose().catch((error: unknown) => this.options.onError?.(error));
    })();
    return this.disposing;
  }
}
