// Public types of invocation: a call, its options (approval, confirmation) and its result.
import type { CancellationToken } from '@toolpacks/base';
import type { ToolProgress } from '../definitions';

export type ApprovalScope = 'session' | 'workspace' | 'always';
/** A yes (for this call, or remembered at a scope), a no, or a no with what to do instead. */
export type ConfirmationAnswer = 'once' | ApprovalScope | 'decline' | { readonly decline: string };

export interface ConfirmationRequest {
  readonly toolName: string;
  readonly title: string;
  readonly message: string;
  readonly input: unknown;
  /** The call can make code run: the answer counts for this call only, whatever scope is chosen. */
  readonly alwaysConfirm?: boolean;
  /**
   * False when no answer is remembered (alwaysConfirm, a tool kept manual, or code that runs without an approvalKey):
   * offer no scopes.
   */
  readonly rememberable?: boolean;
}

export interface InvokeOptions {
  readonly token?: CancellationToken;
  readonly timeoutMs?: number;
  readonly tokenBudget?: number;
  readonly confirm?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
  /**
   * `true`: every tool that asks is approved (VS Code's global auto-approve), except tools not
   * eligible for it; a record approves per tool. Never covers calls whose preparation says
   * `alwaysConfirm` (sensitive writes, code that runs).
   */
  readonly autoApprove?: boolean | Readonly<Record<string, boolean>>;
  /** The host's per-tool setting (VS Code's chat.tools.eligibleForAutoApproval): `false` keeps a tool manual. */
  readonly eligibleForAutoApproval?: Readonly<Record<string, boolean>>;
  /**
   * The host already showed this call's confirmation (from `prepare()`) and the person accepted it,
   * as VS Code does before it invokes a tool: the call is approved. Never enough for an
   * `alwaysConfirm` call (a host's auto-approve may skip its dialog): those ask through `confirm`.
   */
  readonly confirmedByHost?: boolean;
  /** The host's chat session; approvals at `session` scope are remembered per chat session. */
  readonly chatSessionId?: string;
  /** Where the tool's progress goes (see `ToolInvocationOptions.progress`). */
  readonly progress?: ToolProgress;
  readonly toolInvocationToken?: unknown;
}
