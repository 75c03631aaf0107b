// The confirmation rule, one place for invoke() (and the hosts that ask themselves):
// - a tool that is destructive or returns confirmation messages asks, unless a remembered approval
//   or auto-approve covers it; global auto-approve runs every tool (VS Code's
//   chat.tools.global.autoApprove), except tools not eligible for it (a pack annotation or the
//   host's per-tool setting, VS Code's chat.tools.eligibleForAutoApproval), which always ask;
// - a call marked `alwaysConfirm` (it can make code run) asks every time and is never remembered;
// - a call marked `runsCode` (it runs code the model wrote) is not covered by global auto-approve
//   nor by a host's dialog; a person's yes, a remembered approval or auto-approve naming the tool is;
// - approvals are remembered per pack + implementation (names collide across packs) and, where the
//   tool gives one, per approval key (one expression, not every expression); a `runsCode` call
//   without an approval key is never remembered (a yes covers that call only), so a pack that
//   forgets its key cannot have one program's approval run every other program;
// - a person may decline with a reason, which the model receives.
import type { ApprovalStore } from './approvals';
import { quoteBounded } from '@toolpacks/base';
import type { ToolEntry } from '../store/toolEntry';
import type { ConfirmationAnswer, InvokeOptions } from './invocationTypes';
import type { PreparedToolInvocation, ToolDefinition } from '../definitions';

export type Approval =
  /** Nothing needed approval. */
  | { readonly kind: 'not-needed' }
  /**
   * Approved: auto-approve, a remembered approval, or a person's yes to an ordinary prompt
   * (`answered`: a person said yes to this very call's question, so its receipt goes with it).
   */
  | { readonly kind: 'approved'; readonly answered?: true }
  /** A person said yes to this very call's always-ask prompt (what it showed is what runs). */
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'declined'; readonly reason?: string }
  | { readonly kind: 'no-confirm' }
  | { readonly kind: 'interrupted' };

export interface ApprovalRequest {
  readonly calledName: string;
  readonly implementation: ToolEntry;
  readonly prepared: PreparedToolInvocation | undefined;
  readonly input: unknown;
  readonly options: InvokeOptions;
  readonly approvals: ApprovalStore;
  /** Scopes `session` approvals when the host passes no chat session. */
  readonly registrySessionId: string;
  /** Runs the person's answer outside the tool's deadline; 'interrupted' when the call was cancelled. */
  readonly ask: <T>(work: () => PromiseLike<T> | T) => Promise<T | 'interrupted'>;
}

const REMEMBERED = ['session', 'workspace', 'always'] as const;

/** What a call must confirm before it runs; the one rule behind prepare() and invoke(). */
export interface RequiredConfirmation {
  readonly title: string;
  readonly message: string;
  /** The call can make code run: asked every time, never remembered or auto-approved. */
  readonly always: boolean;
}

/**
 * A call asks when its tool asks by default (destructive, unless it says `asksByDefault: false`), its preparation
 * returns confirmation messages, or it says `alwaysConfirm`; the tool's own messages are shown, else a default.
 * Undefined: no question.
 */
export function requiredConfirmation(
  calledName: string,
  definition: ToolDefinition,
  prepared: PreparedToolInvocation | undefined,
): RequiredConfirmation | undefined {
  const messages = prepared?.confirmationMessages;
  const always = prepared?.alwaysConfirm === true;
  const asks = definition.annotations?.asksByDefault ?? definition.annotations?.destructive === true;
  if (!asks && !messages && !always) return undefined;
  return {
    title: messages?.title ?? `Run ${calledName}?`,
    message: messages
      ? typeof messages.message === 'string'
        ? messages.message
        : messages.message.value
      : `\`${calledName}\` can change your files or repository.`,
    always,
  };
}

export async function decideApproval(request: ApprovalRequest): Promise<Approval> {
  const { calledName, implementation, prepared, options } = request;
  const definition = implementation.definition;
  const confirmation = requiredConfirmation(calledName, definition, prepared);
  if (!confirmation) return { kind: 'not-needed' };
  const { title, message, always } = confirmation;
  const eligible =
    definition.annotations?.eligibleForAutoApproval !== false &&
    options.eligibleForAutoApproval?.[calledName] !== false;
  const manual = always || !eligible;
  const runsCode = prepared?.runsCode === true;
  // What a remembered approval would cover must be named: code with no key is never remembered.
  const rememberable = !manual && !(runsCode && prepared?.approvalKey === undefined);
  // A host's own dialog (VS Code's) may be skipped by the host's auto-approve, so it never stands
  // in for a prompt that auto-approve must not answer: those are asked here, through `confirm`.
  if (options.confirmedByHost && !manual && !runsCode) return { kind: 'approved' };
  const sessionId = options.chatSessionId ?? request.registrySessionId;
  const key = approvalKey(implementation, prepared);
  if (!manual) {
    if (rememberable && REMEMBERED.some((scope) => request.approvals.isApproved(scope, key, sessionId)))
      return { kind: 'approved' };
    const auto = options.autoApprove;
    if ((auto === true && !runsCode) || (typeof auto === 'object' && auto[calledName] === true))
      return { kind: 'approved' };
  }
  if (!options.confirm) return { kind: 'no-confirm' };
  const answer: ConfirmationAnswer | 'interrupted' = await request.ask(() =>
    options.confirm!({
      toolName: calledName,
      title,
      message,
      input: request.input,
      ...(always ? { alwaysConfirm: true } : {}),
      ...(rememberable ? {} : { rememberable: false }),
    }),
  );
  if (answer === 'interrupted') return { kind: 'interrupted' };
  if (typeof answer === 'object' && answer !== null && typeof answer.decline === 'string')
    return { kind: 'declined', reason: answer.decline };
  if (answer !== 'once' && answer !== 'session' && answer !== 'workspace' && answer !== 'always')
    return { kind: 'declined' };
  // Calls that can make code run, tools kept manual, and code without a key count for this call only.
  if (answer !== 'once' && rememberable) request.approvals.approve(answer, key, sessionId);
  // Only a yes to an always-ask prompt (one that showed the sensitive change) lets the tool write
  // sensitive paths; a yes to an ordinary prompt (a write-protected file, a commit) does not.
  // Either way the tool gets the receipt of what this question showed: its write checks the world against it.
  return always ? { kind: 'confirmed' } : { kind: 'approved', answered: true };
}

/** What the model reads when a call was not approved. */
export function declinedText(
  name: string,
  approval: Approval & { kind: 'declined' | 'no-confirm' },
  prepared: PreparedToolInvocation | undefined,
): string {
  if (approval.kind === 'declined') {
    const said = approval.reason?.trim() ? ` and said: ${quoteBounded(approval.reason.trim(), 1000)}` : '';
    return (
      `The user declined to run \`${name}\` for this call${said}. Do not retry the same call; ` +
      `${said ? 'follow what the user said' : 'continue without its result, or ask the user how to proceed'}.`
    );
  }
  const why = prepared?.alwaysConfirm
    ? " (it can make code run or changes a sensitive file, so it needs a person's yes for this very call, and none " +
      'could be asked; auto-approve never covers it)'
    : prepared?.runsCode
      ? " (it runs code, so it needs a person's yes or approval that names this tool, and none could be asked; " +
        'global auto-approve does not cover it)'
      : ' (it needs confirmation and none could be asked)';
  return (
    `The user declined to run \`${name}\` for this call${why}. Do not retry the same call; continue without its ` +
    `result, or ask the user how to proceed.`
  );
}

/** Remembered approvals: per pack and implementation, and per approval key where the tool gives one. */
function approvalKey(implementation: ToolEntry, prepared: PreparedToolInvocation | undefined): string {
  const tool = `${implementation.packId ?? ''}/${implementation.definition.name}`;
  return prepared?.approvalKey !== undefined ? `${tool}\u0000${prepared.approvalKey}` : tool;
}
