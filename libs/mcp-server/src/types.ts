// The library's API: what a host (the CLI's `toolpacks mcp`) gives the server. In the 2025 era there
// is one McpSession per MCP session, so sessions never share resolution state, debuggees or
// approvals; in the stateless 2026-07-28 era there is one per server process (stdio: the
// connection's; HTTP: one for all its modern requests), workspace state like VS Code's one debug session.
import type { Event } from '@toolpacks/base';
import type { ModelInfo, ResolveRequest, ToolRegistry } from '@toolpacks/registry/host';

export interface McpSession {
  readonly registry: ToolRegistry;
  /** The workspace folder the tools work in, named in the server's instructions (when known). */
  readonly root?: string;
  /**
   * The request to resolve for this session now: model, selection, context (the host's live context
   * keys), virtual-tool threshold and mode. The server puts in the client's own VirtualToolSession.
   */
  request(): ResolveRequest;
  /** Fires when the session's context keys change (debugState after a breakpoint stop, …): the server re-resolves and sends notifications/tools/list_changed when the list differs. */
  readonly onDidChangeContext: Event<void>;
  /** Ends the session's debuggees, child processes, registry. */
  dispose(): Promise<void>;
}

/** What the instructions say about a workspace session, known before it has started (see McpServerOptions.describeSession). */
export interface SessionDescription {
  /** The host's model: the sessions' model, unless a known client's model replaces a default. */
  readonly model: ModelInfo;
  /** The workspace folder the session serves, when the host knows it before the session starts. */
  readonly root?: string;
  /** The packs the session loads, by display name. */
  readonly packs: readonly string[];
}

/**
 * What runs without a person's yes. With the client's `elicitation` capability, what `yes` and
 * `allow` do not approve (below) is asked through a form instead of declined. Without it, nobody
 * can be asked:
 * - `yes` approves every call that asks, except
 *   - calls that must always ask (sensitive writes such as `.vscode/tasks.json` or `.git/config`,
 *     commits that run hooks, signing or filters): declined;
 *   - calls that run code the model wrote (`start_debugging`, `evaluate_expression`, a breakpoint
 *     with a condition): declined unless the tool is named in `allow`;
 *   - tools in `alwaysAsk`: declined;
 * - `allow` approves the named tools (names as the model sees them), including calls that run code,
 *   but still never the calls that must always ask, nor tools in `alwaysAsk`;
 * - anything else that asks is declined, with the registry's "the user declined" result.
 */
export interface McpApprovalPolicy {
  readonly yes?: boolean;
  readonly allow?: readonly string[];
  /**
   * Tools kept manual (VS Code's `chat.tools.eligibleForAutoApproval: false`): neither `yes` nor
   * `allow` approves them, and no answer is remembered; they are asked through elicitation every
   * time, or declined when the client cannot be asked.
   */
  readonly alwaysAsk?: readonly string[];
}

/**
 * How the sessions' model was chosen: explicitly (a flag, a config file), so it is used whatever
 * the client, or as a default, which the model of a known MCP client (clientFamilies.ts, by the
 * `clientInfo.name` of its initialize request) replaces.
 */
export interface McpModelChoice {
  /**
   * What chose the model (`--family`, `--model`, a config file): the session's model is used
   * whatever the client. Absent: the session's model is a default; a known client's model wins.
   */
  readonly chosenBy?: string;
}

/** The model a session's tools are resolved for, and why (the initialize result's `instructions` say it too). */
export interface McpSessionModel {
  /** The model the session's tools are resolved for. */
  readonly model: ModelInfo;
  /** `explicit`: the host chose it; `client`: the known client's model; `default`: the host's default. */
  readonly source: 'explicit' | 'client' | 'default';
  /** Why, in words: `because --family`, `because the client is claude-code`, `the default, because …`. */
  readonly because: string;
  /** The client's `clientInfo.name`, once its initialize request arrived. */
  readonly client?: string;
}

export interface McpServerOptions {
  /**
   * A workspace session. 2025 era: one per MCP session (stdio: the connection's; HTTP: one per
   * Mcp-Session-Id), so sessions never share state. 2026-07-28 era (stateless): one per server
   * process (stdio: the connection's; HTTP: one shared by every modern request), disposed on close.
   */
  createSession(): Promise<McpSession>;
  /**
   * What the instructions say of a session (the host's model, the folder, the packs), when the host
   * knows it before the session has started: the client is then answered at once (initialize,
   * server/discover) while the session starts. Absent or undefined: the started session says it.
   */
  describeSession?(): SessionDescription | undefined | Promise<SessionDescription | undefined>;
  /**
   * Whether the sessions' model was chosen explicitly or is a default that the MCP client's known
   * model may replace (see {@link McpModelChoice}). Absent: explicit (the host's model, always).
   */
  readonly model?: McpModelChoice;
  readonly approvals: McpApprovalPolicy;
  /**
   * Serve every tool, also those whose job a known client's own tools already do (clientProfiles.ts).
   * Default false: such tools are left out for that client, and the instructions say which and why.
   */
  readonly servesEverything?: boolean;
  readonly name?: string;
  readonly version?: string;
  /** How long a tool may run before the registry stops it (the registry's default, 120 s, when absent). */
  readonly timeoutMs?: number;
  /**
   * How long a confirmation may wait for its answer (default 10 min): in the 2025 era, the
   * elicitation, after which the call is declined; in 2026-07-28, the life of the `requestState` of
   * an `input_required` answer, after which the retry is refused and must ask again.
   */
  readonly confirmationTimeoutMs?: number;
  /** Called with errors that have no request to report them to (a session that failed to start or to dispose). */
  readonly onError?: (error: unknown) => void;
  /** Called with what a person may want to know: the model family a client's tools are listed for, and why (once per 2025-era session; once per client name in 2026-07-28). */
  readonly onInfo?: (message: string) => void;
}

export interface HttpServeOptions extends McpServerOptions {
  /** Interface to bind; 127.0.0.1 unless given. */
  readonly host?: string;
  /** 0 picks a free port (read it from `url`). */
  readonly port: number;
  /** When set, every request needs `Authorization: Bearer <token>` (401 otherwise). */
  readonly token?: string;
  /** Browser origins allowed besides the server's own loopback origins; any other Origin is refused (403). */
  readonly allowedOrigins?: readonly string[];
  /** Host header values allowed besides the loopback names and the bound host with the port. */
  readonly allowedHosts?: readonly string[];
  /**
   * 2025-era sessions open at once (default 32). An initialize beyond it evicts (disposes) the least
   * recently used idle session; it is answered 503 only when every session is busy (a request or a
   * stream open). The 2026-07-28 era has no sessions (one shared workspace).
   */
  readonly maxSessions?: number;
  /**
   * A 2025-era session with no request and no open stream for this long is disposed (its debuggees
   * and processes end) and its id answers 404 (default 30 minutes; `Infinity` or 0: never).
   */
  readonly sessionIdleMs?: number;
}

export interface StdioServer {
  /** Resolves once the server has closed (stdin ended, or close()) and the session is disposed. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

export interface HttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:PORT/mcp. */
  readonly url: string;
  close(): Promise<void>;
}
