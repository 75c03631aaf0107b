// The one tools path of both protocol eras: what a client's model is listed (a resolution as MCP
// tools), how a tools/call runs (admission, cancellation, progress, the approval policy, the
// registry's invoke, the result as MCP content, projected on the tool's output schema) and when a
// changed list is announced. The eras differ only around it: their transport, their session (a
// 2025-era client has its own virtual-tool session; a stateless 2026-07-28 client has none, so every
// tool is listed and no call changes the list) and how a question reaches a person (elicitation in
// sessionServer.ts, input_required in modernServer.ts).
import type {
  CallToolRequest,
  CallToolResult,
  ServerContext,
  Server,
  Tool as McpTool,
} from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { CancellationTokenSource } from '@toolpacks/base';
import type { ConfirmationAnswer, ConfirmationRequest, ModelInfo, ResolvedToolSet } from '@toolpacks/registry/host';
import { policyOptions } from './approvals';
import type { CallLimiter, CallSlot } from './callLimiter';
import { chooseSessionModel, describeSessionModel } from './clientFamilies';
import { clientConfirms, type ClientProfile } from './clientProfiles';
import { outputSchemaFor, toCallToolResult } from './content';
import { serverInstructions, type ConfirmationChannel } from './instructions';
import { mcpProgress, progressTokenOf } from './progress';
import { listView, resolveView, type ToolView } from './toolViews';
import type { McpServerOptions, McpSession, McpSessionModel, SessionDescription } from './types';

/** The description of a started session. */
export function describeStarted(session: McpSession): SessionDescription {
  return {
    model: session.request().model,
    ...(session.root !== undefined ? { root: session.root } : {}),
    packs: session.registry.packs.map((pack) => pack.displayName),
  };
}

/** The host's cheap description when it gives one (the session starts meanwhile), else the started session's. */
export async function describeSession(
  options: McpServerOptions,
  session: Promise<McpSession>,
): Promise<SessionDescription> {
  return (await options.describeSession?.()) ?? describeStarted(await session);
}

/** The session, or the protocol error that says why it did not start. */
export async function startedSession(session: Promise<McpSession>): Promise<McpSession> {
  try {
    return await session;
  } catch (error) {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `The workspace session did not start: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}

/** The server's instructions for a client that said `hello`, in an era that asks through `channel`. */
export function instructionsFor(
  options: McpServerOptions,
  about: SessionDescription,
  model: McpSessionModel,
  channel: ConfirmationChannel,
  profile: ClientProfile | undefined,
): string {
  return serverInstructions({
    model,
    ...(about.root !== undefined ? { root: about.root } : {}),
    packs: about.packs,
    confirmation: channel,
    ...(profile ? { profile } : {}),
    servesEverything: options.servesEverything === true,
  });
}

/** Chooses each client's model and tells onInfo once per client (a bounded few: the names are the clients' text). */
export class ClientModels {
  private readonly told = new Set<string>();

  constructor(
    private readonly options: McpServerOptions,
    /** Added to what onInfo is told (the era, where it is not the usual one). */
    private readonly note = '',
    private readonly maxTold = 32,
  ) {}

  choose(hostModel: ModelInfo, client: string | undefined): McpSessionModel {
    const chosen = chooseSessionModel(hostModel, this.options.model, client);
    if (chosen.client !== undefined && !this.told.has(chosen.client) && this.told.size < this.maxTold) {
      this.told.add(chosen.client);
      this.options.onInfo?.(`tools for model ${describeSessionModel(chosen)}${this.note}.`);
    }
    return chosen;
  }
}

/** The lists sent so far, by client: what a workspace change is compared with. */
export class SentLists {
  private readonly sent = new Map<string, { view: ToolView; tools: string; from: ResolvedToolSet }>();

  /** Records the list `tools` sent for `view` (resolved as `from`). */
  record(key: string, view: ToolView, from: ResolvedToolSet, tools: readonly McpTool[]): void {
    this.sent.set(key, { view, from, tools: JSON.stringify(tools) });
  }

  get isEmpty(): boolean {
    return this.sent.size === 0;
  }

  /** Resolves every list sent again; whether one differs from what its client has (it is then recorded as sent). */
  changed(resolve: (view: ToolView) => ResolvedToolSet): boolean {
    let differs = false;
    for (const [key, sent] of this.sent) {
      const resolved = resolve(sent.view);
      // The registry hands back the same resolution while nothing changed: the same list, not serialised again.
      if (resolved === sent.from) continue;
      const now = JSON.stringify(listView(resolved, sent.view));
      this.sent.set(key, { ...sent, from: resolved, tools: now });
      if (now !== sent.tools) differs = true;
    }
    return differs;
  }
}

/**
 * Announcing a changed list, in both eras: what was sent to each client, and after each change of
 * what a list depends on (the registry, the context keys, a virtual-tool session) one check on the
 * next turn of the event loop, unless `held()` (a 2025-era call is running: it checks when it ends
 * and announces on its own stream). Nothing changed since the last check: nothing is resolved.
 */
export class ListChanges {
  readonly sent = new SentLists();
  private dirty = false;
  private scheduled = false;

  constructor(
    private readonly options: McpServerOptions,
    private readonly session: Promise<McpSession>,
    private readonly announce: () => Promise<void> | void,
    private readonly held: () => boolean,
  ) {}

  /** Something a list depends on changed. */
  changed(): void {
    this.dirty = true;
    if (this.held() || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.held()) return;
      void this.check()
        .then((differs) => (differs ? this.announce() : undefined))
        .catch((error: unknown) => this.options.onError?.(error));
    });
  }

  /** Whether a list sent differs from the workspace now (it is then recorded as sent). */
  async check(): Promise<boolean> {
    if (!this.dirty || this.sent.isEmpty) return false;
    this.dirty = false;
    const session = await this.session;
    return this.sent.changed((view) => resolveView(this.options, session, view));
  }
}

/** One tools/call as both eras run it. */
export interface ToolCall {
  readonly request: CallToolRequest;
  readonly ctx: ServerContext;
  readonly callId: string;
  /** Asks a person (elicitation, or the input_required round); absent: nobody can be asked. */
  readonly confirm?: (question: ConfirmationRequest, slot: CallSlot) => Promise<ConfirmationAnswer>;
}

/** Runs `fn` once the call is admitted among the server's calls (callLimiter.ts), or answers why not. */
export async function admitted<T>(
  limiter: CallLimiter,
  lane: string,
  ctx: ServerContext,
  name: string,
  fn: (slot: CallSlot) => Promise<T>,
): Promise<T | CallToolResult> {
  const admission = await limiter.admit(lane, name, ctx.mcpReq.signal);
  if ('refused' in admission) return { content: [{ type: 'text', text: admission.refused }], isError: true };
  try {
    return await fn(admission.slot);
  } finally {
    admission.slot.release();
  }
}

/**
 * Invokes the call through the registry on `resolved`: every outcome (schema error, unknown tool,
 * decline, timeout, cancellation, tool error) is an `isError` result the model can act on.
 */
export async function invokeTool(
  options: McpServerOptions,
  session: McpSession,
  resolved: ResolvedToolSet,
  view: ToolView,
  call: ToolCall,
  slot: CallSlot,
): Promise<CallToolResult> {
  const { name } = call.request.params;
  const args = call.request.params.arguments ?? {};
  const source = new CancellationTokenSource();
  const signal = call.ctx.mcpReq.signal;
  const cancel = () => source.cancel();
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  const progress = mcpProgress(progressTokenOf(call.ctx, call.request.params), call.ctx, source.token);
  const confirm = call.confirm;
  try {
    const outcome = await session.registry.invoke(
      resolved,
      { callId: call.callId, name, input: args },
      {
        token: source.token,
        ...(progress ? { progress } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...policyOptions(options.approvals, name),
        // One question per action: the client asked the person before this call (clientProfiles.ts).
        ...(clientConfirms(view.profile, name, args) ? { confirmedByHost: true } : {}),
        // Without a way to ask there is no `confirm`: what needs a yes is declined with the registry's words.
        ...(confirm ? { confirm: (question: ConfirmationRequest) => confirm(question, slot) } : {}),
      },
    );
    return await toCallToolResult(outcome, view.profile);
  } finally {
    signal.removeEventListener('abort', cancel);
    source.dispose();
  }
}

/** The result as the SDK sends it: its structuredContent checked against the tool's output schema (when listed with one). */
export function projected(
  server: Server,
  resolved: ResolvedToolSet,
  view: ToolView,
  name: string,
  result: CallToolResult,
): CallToolResult {
  const definition = resolved.entries.find((entry) => entry.name === name)?.definition;
  return server.projectCallToolResult(result, outputSchemaFor(view.profile, definition?.outputSchema));
}
