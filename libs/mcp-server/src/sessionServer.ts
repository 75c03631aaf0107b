// One MCP session: an SDK `Server` bound to one McpSession and one VirtualToolSession, so its
// resolution state (expanded groups, context keys, approvals) is its own. tools/list is the
// registry's resolution; tools/call goes through registry.invoke, whose every outcome (schema
// error, unknown tool, decline, timeout, cancellation, tool error) is an `isError` result the model
// can act on, never a protocol error; a change of the resolved list is announced with
// notifications/tools/list_changed. The model it resolves for is the host's, unless the host says
// that model is only a default: then a known MCP client (clientFamilies.ts, by the initialize
// request's clientInfo.name) gets the tools of the model it runs; the initialize result's
// `instructions`, the tools/list result's `_meta` and `onInfo` say which family and why.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  ListToolsRequestSchema,
  type JSONRPCResultResponse,
  type RequestId,
  type CallToolRequest,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { CancellationTokenSource, DisposableStore } from '@toolpacks/base';
import type {
  ConfirmationAnswer,
  ConfirmationRequest,
  InvokeOptions,
  ResolvedToolSet,
  VirtualToolSession,
} from '@toolpacks/registry/host';
import { ACTIVATE_PREFIX, inertConfirmation, SEARCH_TOOLS_NAME } from '@toolpacks/registry/host';
import { chooseSessionModel, describeSessionModel } from './clientFamilies';
import { toMcpContent } from './content';
import { mcpProgress } from './progress';
import type { McpServerOptions, McpSession, McpSessionModel } from './types';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const DEFAULT_CONFIRMATION_TIMEOUT_MS = 10 * 60_000;

/** The tools/list result's `_meta` key of the model the list was resolved for. */
export const MODEL_META_KEY = 'toolpacks/model';
/** The tools/list result's `_meta` key of why that model was chosen (`because the client is claude-code`). */
export const MODEL_REASON_META_KEY = 'toolpacks/modelReason';

/** The schema of the confirmation form: one optional field, what to do instead when declining. */
const CONFIRMATION_SCHEMA = {
  type: 'object',
  properties: {
    reason: {
      type: 'string',
      title: 'Reason (optional)',
      description: 'If you decline: why, or what the model should do instead. It is passed to the model.',
    },
  },
} as const;

/** MCP tool descriptions from a resolution: names, descriptions and schemas as resolved, with annotations set explicitly. */
export function toMcpTools(resolved: ResolvedToolSet): McpTool[] {
  const entries = new Map(resolved.entries.filter((e) => e.sent).map((e) => [e.name, e]));
  return resolved.tools.map((tool) => {
    const entry = entries.get(tool.name);
    const inputSchema = (tool.inputSchema ?? { type: 'object', properties: {} }) as McpTool['inputSchema'];
    if (entry) {
      const a = entry.definition.annotations ?? {};
      const title = entry.definition.displayName ?? tool.name;
      return {
        name: tool.name,
        title,
        description: tool.description,
        inputSchema,
        annotations: {
          title,
          readOnlyHint: a.readOnly === true,
          destructiveHint: a.readOnly !== true && a.destructive === true,
          idempotentHint: a.idempotent === true,
          openWorldHint: a.openWorld === true,
        },
      };
    }
    // The registry's own tools (activate_<group>, search_tools): they change which tools are offered,
    // nothing else. A second search with the same query finds the next tools: not idempotent.
    const isSearch = tool.name === SEARCH_TOOLS_NAME;
    const title = isSearch
      ? 'Search tools'
      : tool.name.startsWith(ACTIVATE_PREFIX)
        ? `Activate ${tool.name.slice(ACTIVATE_PREFIX.length).replace(/_/g, ' ')} tools`
        : tool.name;
    return {
      name: tool.name,
      title,
      description: tool.description,
      inputSchema,
      annotations: {
        title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: !isSearch,
        openWorldHint: false,
      },
    };
  });
}

interface Ready {
  readonly session: McpSession;
  readonly tools: VirtualToolSession;
}

export class SessionServer {
  readonly server: Server;
  private readonly ready: Promise<Ready>;
  private readonly subscriptions = new DisposableStore();
  /** The list the client last received or was told changed (JSON); undefined until it lists. */
  private announced: string | undefined;
  private running = 0;
  private checkScheduled = false;
  private disposing: Promise<void> | undefined;
  /** The initialize request's clientInfo.name, seen on the transport (see connect). */
  private clientName: string | undefined;
  /** Whether onInfo was told the session's model. */
  private toldModel = false;

  constructor(private readonly options: McpServerOptions) {
    this.server = new Server(
      { name: options.name ?? 'toolpacks', version: options.version ?? '0.1.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    this.ready = this.start();
    // Reported here once; requests that await it report it to their caller too.
    this.ready.catch((error) => options.onError?.(error));
    this.server.setRequestHandler(ListToolsRequestSchema, async () => {
      const ready = await this.ready;
      const tools = toMcpTools(this.resolve(ready));
      this.announced = JSON.stringify(tools);
      const chosen = this.sessionModel(ready);
      return { tools, _meta: { [MODEL_META_KEY]: chosen.model, [MODEL_REASON_META_KEY]: chosen.because } };
    });
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.call(request, extra));
  }

  /** The McpSession, once created (rejects when createSession failed). */
  get session(): Promise<McpSession> {
    return this.ready.then((r) => r.session);
  }

  /** The model this session's tools are resolved for and why (the client's, once its initialize request arrived). */
  get model(): Promise<McpSessionModel> {
    return this.ready.then((r) => this.sessionModel(r));
  }

  /**
   * Connects the server to `transport` (use this, not `server.connect`): the initialize request's
   * clientInfo.name is read as it arrives, and the initialize result gets `instructions` naming the
   * model family the tools are listed for and why. SDK v1 takes a Server's instructions only in its
   * constructor, before any client is known; the result is amended on its way out instead, once the
   * session has started (tools/list waits for that anyway).
   */
  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
    const deliver = transport.onmessage;
    const send = transport.send.bind(transport);
    const initializing = new Set<RequestId>();
    transport.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message) && message.method === 'initialize') {
        const name = (message.params as { clientInfo?: { name?: unknown } } | undefined)?.clientInfo?.name;
        if (typeof name === 'string') this.clientName = name;
        initializing.add(message.id);
      }
      deliver?.(message, extra);
    };
    transport.send = async (message, options) => {
      if (isJSONRPCResultResponse(message) && initializing.delete(message.id))
        message = await this.withInstructions(message);
      return send(message, options);
    };
  }

  private async withInstructions(message: JSONRPCResultResponse): Promise<JSONRPCResultResponse> {
    const ready = await this.ready.catch(() => undefined);
    if (!ready) return message;
    let instructions: string;
    try {
      instructions = `The tools of this server are listed for model ${describeSessionModel(this.sessionModel(ready))}.`;
    } catch (error) {
      this.options.onError?.(error);
      return message;
    }
    const already = typeof message.result.instructions === 'string' ? `${message.result.instructions}\n\n` : '';
    return { ...message, result: { ...message.result, instructions: `${already}${instructions}` } };
  }

  /** The model to resolve for: the session's, or the known client's when the session's is only a default. */
  private sessionModel({ session }: Ready): McpSessionModel {
    const client = this.clientName ?? this.server.getClientVersion()?.name;
    const chosen = chooseSessionModel(session.resolveRequest().model, this.options.model, client);
    if (!this.toldModel && client !== undefined) {
      this.toldModel = true;
      this.options.onInfo?.(`tools for model ${describeSessionModel(chosen)}.`);
    }
    return chosen;
  }

  private async start(): Promise<Ready> {
    const session = await this.options.createSession();
    if (this.disposing) {
      await session.dispose();
      throw new Error('The MCP session closed before it started.');
    }
    const tools = session.registry.createVirtualToolSession();
    this.subscriptions.add(tools.onDidChange(() => this.changed()));
    this.subscriptions.add(session.onDidChangeContext(() => this.changed()));
    this.subscriptions.add(session.registry.onDidChange(() => this.changed()));
    return { session, tools };
  }

  private resolve(ready: Ready): ResolvedToolSet {
    const { session, tools } = ready;
    const { threshold, mode, ...request } = session.resolveRequest();
    // The client talks to the model and adapts definitions for it (as VS Code's Copilot does): it is sent what the packs wrote.
    return session.registry.resolve({
      schemas: 'canonical',
      ...request,
      model: this.sessionModel(ready).model,
      virtualTools: {
        session: tools,
        ...(threshold !== undefined ? { threshold } : {}),
        ...(mode !== undefined ? { mode } : {}),
      },
    });
  }

  private async call(request: CallToolRequest, extra: Extra): Promise<CallToolResult> {
    const ready = await this.ready;
    const source = new CancellationTokenSource();
    const cancel = () => source.cancel();
    if (extra.signal.aborted) cancel();
    else extra.signal.addEventListener('abort', cancel, { once: true });
    this.running++;
    const progress = mcpProgress(request.params._meta?.progressToken, extra, source.token);
    let result: CallToolResult;
    try {
      const resolved = this.resolve(ready);
      const outcome = await ready.session.registry.invoke(
        resolved,
        { callId: `mcp-${String(extra.requestId)}`, name: request.params.name, input: request.params.arguments ?? {} },
        {
          token: source.token,
          ...(progress ? { progress } : {}),
          ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
          ...this.approvalOptions(request.params.name, extra),
        },
      );
      result = { content: await toMcpContent(outcome), isError: outcome.isError };
    } finally {
      this.running--;
      extra.signal.removeEventListener('abort', cancel);
      source.dispose();
    }
    // An activation, a breakpoint stop: the client learns of the new list before this result,
    // on this request's own stream (HTTP), where it is sure to be listening.
    await this.checkList(ready, (notification) => extra.sendNotification(notification));
    return result;
  }

  private approvalOptions(
    name: string,
    extra: Extra,
  ): Pick<InvokeOptions, 'autoApprove' | 'eligibleForAutoApproval' | 'confirm'> {
    const { yes, allow, alwaysAsk } = this.options.approvals;
    // A tool named in `allow` is approved by name, which also covers its calls that run code the
    // model wrote; `yes` is global auto-approve, which does not (the registry declines those).
    // Neither covers `alwaysConfirm` calls nor tools kept manual (`alwaysAsk`).
    const autoApprove = allow?.includes(name) ? { [name]: true } : yes ? true : undefined;
    const manual = alwaysAsk?.length ? Object.fromEntries(alwaysAsk.map((tool) => [tool, false])) : undefined;
    // Without elicitation there is nobody to ask: no `confirm`, so what needs a yes is declined
    // with the registry's own words.
    const canAsk = this.server.getClientCapabilities()?.elicitation?.form !== undefined;
    return {
      ...(autoApprove !== undefined ? { autoApprove } : {}),
      ...(manual ? { eligibleForAutoApproval: manual } : {}),
      ...(canAsk ? { confirm: (request: ConfirmationRequest) => this.ask(request, extra) } : {}),
    };
  }

  private async ask(request: ConfirmationRequest, extra: Extra): Promise<ConfirmationAnswer> {
    const note = request.alwaysConfirm
      ? '\n\n(This call can make code run or changes a sensitive file: your answer counts for this call only.)'
      : '';
    // The client shows this text to a person (a terminal, a web view): the model's and the
    // repository's text in it is inert, so it cannot erase, reorder or hide what runs.
    const { title, message } = inertConfirmation(request.title, request.message);
    try {
      const answer = await this.server.elicitInput(
        { mode: 'form', message: `${title}\n\n${message}${note}`, requestedSchema: CONFIRMATION_SCHEMA as never },
        {
          relatedRequestId: extra.requestId,
          signal: extra.signal,
          timeout: this.options.confirmationTimeoutMs ?? DEFAULT_CONFIRMATION_TIMEOUT_MS,
        },
      );
      if (answer.action === 'accept') return 'once';
      const reason = typeof answer.content?.reason === 'string' ? answer.content.reason.trim() : '';
      return reason ? { decline: reason } : 'decline';
    } catch {
      // No answer (the client failed, the wait timed out): nothing runs without a yes.
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
      void this.ready
        .then((ready) => this.checkList(ready, () => this.server.sendToolListChanged()))
        .catch(() => undefined);
    });
  }

  private async checkList(ready: Ready, send: (notification: ServerNotification) => Promise<void>): Promise<void> {
    if (this.announced === undefined || this.disposing) return;
    let now: string;
    try {
      now = JSON.stringify(toMcpTools(this.resolve(ready)));
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (now === this.announced) return;
    this.announced = now;
    await send({ method: 'notifications/tools/list_changed' }).catch((error: unknown) => this.options.onError?.(error));
  }

  /** Closes the protocol side and disposes the McpSession (its debuggees, child processes, registry). Idempotent. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.subscriptions.dispose();
      await this.server.close().catch(() => undefined);
      const ready = await this.ready.catch(() => undefined);
      if (ready) await ready.session.dispose().catch((error: unknown) => this.options.onError?.(error));
    })();
    return this.disposing;
  }
}
