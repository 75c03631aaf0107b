// What both protocol eras share about approval: the policy's auto-approvals, the question a person
// is shown (the same text whether it arrives by elicitation or inside an input_required result), the
// form it is asked with, and how an elicitation's answer becomes the registry's.
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { ConfirmationAnswer, ConfirmationRequest, InvokeOptions } from '@toolpacks/registry/host';
import { inertConfirmation } from '@toolpacks/registry/host';
import type { McpApprovalPolicy } from './types';

/** The confirmation form: one optional field, what to do instead when declining. */
export const CONFIRMATION_SCHEMA = {
  type: 'object',
  properties: {
    reason: {
      type: 'string',
      title: 'Reason (optional)',
      description: 'If you decline: why, or what the model should do instead. It is passed to the model.',
    },
  },
} as const;

/** What the policy approves without asking, for a call of `name`. */
export function policyOptions(
  { yes, allow, alwaysAsk }: McpApprovalPolicy,
  name: string,
): Pick<InvokeOptions, 'autoApprove' | 'eligibleForAutoApproval'> {
  // A tool named in `allow` is approved by name, which also covers its calls that run code the
  // model wrote; `yes` is global auto-approve, which does not (the registry declines those).
  // Neither covers `alwaysConfirm` calls nor tools kept manual (`alwaysAsk`).
  const autoApprove = allow?.includes(name) ? { [name]: true } : yes ? true : undefined;
  const manual = alwaysAsk?.length ? Object.fromEntries(alwaysAsk.map((tool) => [tool, false])) : undefined;
  return {
    ...(autoApprove !== undefined ? { autoApprove } : {}),
    ...(manual ? { eligibleForAutoApproval: manual } : {}),
  };
}

/**
 * The question a person reads. The client shows it in a terminal or a web view: the model's and the
 * repository's text in it is inert, so it cannot erase, reorder or hide what runs.
 */
export function confirmationQuestion(request: ConfirmationRequest): string {
  const note = request.alwaysConfirm
    ? '\n\n(This call can make code run or changes a sensitive file: your answer counts for this call only.)'
    : '';
  const { title, message } = inertConfirmation(request.title, request.message);
  return `${title}\n\n${message}${note}`;
}

/** An elicitation's answer as the registry's: accept runs the call once; anything else declines it. */
export function confirmationAnswer(action: string, content: Record<string, unknown> | undefined): ConfirmationAnswer {
  if (action === 'accept') return 'once';
  const reason = typeof content?.reason === 'string' ? content.reason.trim() : '';
  return reason ? { decline: reason } : 'decline';
}

/** Whether the client can be asked with a form (an empty `elicitation` capability means form, as the spec says). */
export function canElicitForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (elicitation === undefined || elicitation === null) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}
