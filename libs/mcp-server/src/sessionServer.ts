// One 2025-era MCP session: an SDK `Server` bound to one McpSession and one VirtualToolSession, so its
// resolution state (expanded groups, context keys, approvals) is its own. tools/list is the
// registry's resolution; tools/call goes through registry.invoke, whose every outcome (schema
// error, unknown tool, decline, timeout, cancellation, tool error) is an `isError` result the model
// can act on, never a protocol error; a change of the resolved list is announced with
// notifications/tools/list_changed; what needs a yes is asked through elicitation. The model it
// resolves for is the host's, unless the host says that model is only a default: then a known MCP
// client (clientFamilies.ts, by its initialize request's clientInfo.name) gets the tools of the model
// it runs; the initialize result's `instructions`, the tools/list result's `_meta` and `onInfo` say
// which family and why. The Server is built once the client's initialize is known (the serving
// entries read it first), so its instructions are its own from the start.
import { Server, type CallToolRequest, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import type { ServerNotification } from '@modelcontextprotocol/server';
import { CancellationTokenSource, DisposableStore } from '@toolpacks/base';
import type {
  ConfirmationAnswer,
  ConfirmationRequest,
  ResolvedToolSet,
  VirtualToolSession,
} from '@toolpacks/registry/host';
import {
  canElicitForm,
  CONFIRMATION_SCHEMA,
  confirmationAnswer,
  confirmationQuestion,
  policyOptions,
} from './approvals';
import { CallLimiter, type CallSlot } from './callLimiter';
import { chooseSessionModel, describeSessionModel } from './clientFamilies';
import { outputSchemaFor, toCallToolResult } from './content';
import { serverInstructions } from './instructions';
import { clientConfirms, clientProfile, resolveForClient, type ClientProfile } from './clientProfiles';
import { mcpProgress, progressTokenOf } from './progress';
import { MODEL_META_KEY, MODEL_REASON_META_KEY, toMcpTools } from './tools';
import type { ClientHello } from './hello';
import type { McpServerOptions, McpSession, McpSessionModel } from './types';

const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;
let sessionCount = 0;

export class SessionServer {
  readonly server: Server;
  private readonly tools: VirtualToolSession;
  private readonly subscriptions = new DisposableStore();
  /** The list the client last received or was told changed (JSON); undefined until it lists. */
  private announced: string | undefined;
  /** The resolution `announced` was made from: the registry hands back the same object while nothing changed. */
  private announcedFrom: ResolvedToolSet | undefined;
  private running = 0;
  private checkScheduled = false;
  private disposing: Promise<void> | undefined;
  /** Whether onInfo was told the session's model. */
  private toldModel = false;
  /** This session's name in the call bounds: its calls of one tool are one lane. */
  private readonly lane = `session-${++sessionCount}`;

  /**
   * A session over `session` for the client that said `hello` in its initialize request. `owned`:
   * disposing this disposes the McpSession too (an HTTP session's own); else its owner does (stdio).
   * `calls`: the bounds its tools/call requests run within (the server's, shared by its sessions).
   */
  static async open(
    options: McpServerOptions,
    session: Promise<McpSession> | McpSession,
    hello: ClientHello,
    owned: boolean,
    calls: CallLimiter = new CallLimiter(),
  ): Promise<SessionServer> {
    return new SessionServer(options, await session, hello, owned, calls);
  }

  private constructor(
    private readonly options: McpServerOptions,
    readonly session: McpSession,
    private readonly hello: ClientHello,
    private readonly owned: boolean,
    private readonly calls: CallLimiter,
  ) {
    this.server = new Server(
      { name: options.name ?? 'toolpacks', version: options.version ?? '0.1.0' },
      {
        capabilities: { tools: { listChanged: true } },
        instructions: serverInstructions({
          model: this.model,
          ...(session.root !== undefined ? { root: session.root } : {}),
          packs: session.registry.packs.map((p) => p.displayName),
          confirmation: canElicitForm(hello.capabilities) ? 'elicitation' : 'none',
          ...this.complement(clientProfile(hello.name)),
        }),
        // This era asks by elicitation itself: an input_required answer here would be a bug.
        inputRequired: { legacyShim: false },
      },
    );
    this.tools = session.registry.createVirtualToolSession();
    this.subscriptions.add(this.tools.onDidChange(() => this.changed()));
    this.subscriptions.add(session.onDidChangeContext(() => this.changed()));
    this.subscriptions.add(session.registry.onDidChange(() => this.changed()));
    this.server.setRequestHandler('tools/list', async () => {
      const resolved = this.resolve();
      const tools = toMcpTools(resolved, this.profile);
      this.announced = JSON.stringify(tools);
      this.announcedFrom = resolved;
      const chosen = this.model;
      return { tools, _meta: { [MODEL_META_KEY]: chosen.model, [MODEL_REASON_META_KEY]: chosen.because } };
    });
    this.server.setRequestHandler('tools/call', (request, ctx) => this.call(request, ctx));
  }

  /** The model this session's tools are resolved for and why (the client's, when the host's is only a default). */
  get model(): McpSessionModel {
    const client = this.server?.getClientVersion()?.name ?? this.hello.name;
    const chosen = chooseSessionModel(this.session.resolveRequest().model, this.options.model, client);
    if (!this.toldModel && client !== undefined) {
      this.toldModel = true;
      this.options.onInfo?.(`tools for model ${describeSessionModel(chosen)}.`);
    }
    return chosen;
  }

  private resolve(): ResolvedToolSet {
    const { threshold, mode, ...request } = this.session.resolveRequest();
    // The client talks to the model and adapts definitions for it (as VS Code's Copilot does): it is sent what the packs wrote.
    return resolveForClient(
      this.session.registry,
      {
        schemas: 'canonical',
        ...request,
        model: this.model.model,
        virtualTools: {
          session: this.tools,
          ...(threshold !== undefined ? { threshold } : {}),
          ...(mode !== undefined ? { mode } : {}),
        },
      },
      this.profile,
      this.options.servesEverything,
    );
  }

  /** What the client does itself (clientProfiles.ts): its jobs, how it shows results, whether it asks. */
  private get profile(): ClientProfile | undefined {
    return clientProfile(this.server?.getClientVersion()?.name ?? this.hello.name);
  }

  private complement(profile: ClientProfile | undefined) {
    return { ...(profile ? { profile } : {}), servesEverything: this.options.servesEverything === true };
  }

  private async call(request: CallToolRequest, ctx: ServerContext): Promise<CallToolResult> {
    // Waits its turn among the server's calls (callLimiter.ts), or is refused with what to do.
    const admission = await this.calls.admit(this.lane, request.params.name, ctx.mcpReq.signal);
    if ('refused' in admission) return { content: [{ type: 'text', text: admission.refused }], isError: true };
    try {
      return await this.run(request, ctx, admission.slot);
    } finally {
      admission.slot.release();
    }
  }

  private async run(request: CallToolRequest, ctx: ServerContext, slot: CallSlot): Promise<CallToolResult> {
    const source = new CancellationTokenSource();
    const signal = ctx.mcpReq.signal;
    const cancel = () => source.cancel();
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
    this.running++;
    const name = request.params.name;
    const progress = mcpProgress(progressTokenOf(ctx, request.params), ctx, source.token);
    let result: CallToolResult;
    let outputSchema: Record<string, unknown> | undefined;
    try {
      const resolved = this.resolve();
      outputSchema = outputSchemaFor(
        this.profile,
        resolved.entries.find((e) => e.name === name)?.definition.outputSchema,
      );
      // Without elicitation there is nobody to ask: no `confirm`, so what needs a yes is declined
      // with the registry's own words.
      const canAsk = canElicitForm(this.server.getClientCapabilities());
      const outcome = await this.session.registry.invoke(
        resolved,
        { callId: `mcp-${String(ctx.mcpReq.id)}`, name, input: request.params.arguments ?? {} },
        {
          token: source.token,
          ...(progress ? { progress } : {}),
          ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
          ...policyOptions(this.options.approvals, name),
          // One question per action: the client asked the person before this call (clientProfiles.ts).
          ...(clientConfirms(this.profile, name, request.params.arguments) ? { confirmedByHost: true } : {}),
          // A person may take minutes to answer: the call's place is given up meanwhile.
          ...(canAsk
            ? { confirm: (question: ConfirmationRequest) => slot.whileWaiting(() => this.ask(question, ctx)) }
            : {}),
        },
      );
      result = await toCallToolResult(outcome, this.profile);
    } finally {
      this.running--;
      signal.removeEventListener('abort', cancel);
      source.dispose();
    }
    // An activation, a breakpoint stop: the client learns of the new list before this result,
    // on this request's own stream (HTTP), where it is sure to be listening.
    await this.checkList((notification) => ctx.mcpReq.notify(notification));
    return this.server.projectCallToolResult(result, outputSchema);
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

  private changed(): void {
    // A running call announces the change itself when it ends.
    if (this.running > 0 || this.checkScheduled || this.disposing) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      if (this.running > 0 || this.disposing) return;
      void this.checkList(() => this.server.sendToolListChanged()).catch(() => undefined);
    });
  }

  private async checkList(send: (notification: ServerNotification) => Promise<void>): Promise<void> {
    if (this.announced === undefined || this.disposing) return;
    let now: string;
    try {
      // The same resolution as announced: the same list, without serialising it again (after every call).
      const resolved = this.resolve();
      if (resolved === this.announcedFrom) return;
      now = JSON.stringify(toMcpTools(resolved, this.profile));
      this.announcedFrom = resolved;
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (now === this.announced) return;
    this.announced = now;
    await send({ method: 'notifications/tools/list_changed' }).catch((error: unknown) => this.options.onError?.(error));
  }

  /** Closes the protocol side and, when it owns it, disposes the McpSession (its debuggees, child processes, registry). Idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.subscriptions.dispose();
      await this.server.close().catch(() => undefined);
      if (this.owned) await this.session.dispose().catch((error: unknown) => this.options.onError?.(error));
    })();
    return this.disposing;
  }
}
