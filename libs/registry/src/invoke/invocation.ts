// Invocation: never throws for anything the model caused. Each failure becomes a result whose text
// tells the model what happened and what to do next; a declined call never ends the chat.
import type { ApprovalStore } from './approvals';
import { decideApproval, declinedText, requiredConfirmation } from './approvalPolicy';
import { quoteBounded, safeString } from '@toolpacks/base';
import type { InputValidator } from '../schema/inputValidation';
import { CallDeadline } from './callDeadline';
import type { ToolEntry } from '../store/toolEntry';
import type { ResolvedToolSetImpl } from '../resolve/resolvedToolSet';
import { textCallResult } from './callResult';
import { defaultTokenization } from '../toolResult';
import { CHARS_PER_TOKEN, DEFAULT_RESULT_TOKEN_BUDGET, jsonChars } from '../fit';
import { capTextToBudget } from '../fit/capText';
import { toCallContent } from './callContent';
import type { CancellationToken } from '@toolpacks/base';
import type { InvokeOptions } from './invocationTypes';
import { errorHintFor } from './errorHints';
import type { ErrorHintLookup } from '../store/packErrorHints';
import type { StructuredContent, ToolCall, ToolCallResult, ToolResultLike } from '../definitions';
import type { PreparedToolInvocation } from '../definitions';

export interface InvocationServices {
  readonly validator: InputValidator;
  readonly approvals: ApprovalStore;
  readonly defaultTimeoutMs: number;
  isRegistered(name: string): boolean;
  /** Scopes `session` approvals when the host passes no chat session. */
  readonly registrySessionId: string;
  /** Told when a tool's structured result is missing or does not match its output schema (it is then left out). */
  readonly onStructuredContentProblem?: (tool: string, problems: readonly string[]) => void;
  /** The errorHints of the pack with this id (the sentence to add to an error its services threw). */
  readonly packErrorHint?: (packId: string) => ErrorHintLookup | undefined;
}

/**
 * What a host shows before it runs a call itself: the tool's preparation, completed with the
 * confirmation the call needs by the same rule invoke() asks by. Undefined for a tool not in the set.
 */
export async function prepareCall(
  resolved: ResolvedToolSetImpl,
  call: Omit<ToolCall, 'callId'>,
  token: CancellationToken,
): Promise<PreparedToolInvocation | undefined> {
  const binding = resolved.binding(call.name);
  if (!binding || binding.implementation.disposed) return undefined;
  const { instance, definition } = binding.implementation;
  const input = binding.restoreInput ? binding.restoreInput(call.input) : call.input;
  const prepared = (await instance.prepareInvocation?.({ input: input ?? {} }, token)) ?? undefined;
  const confirmation = requiredConfirmation(call.name, definition, prepared);
  if (!confirmation || prepared?.confirmationMessages) return prepared;
  return { ...prepared, confirmationMessages: { title: confirmation.title, message: confirmation.message } };
}

/** The answer to a call made after the registry was disposed: nothing runs. */
export function registryDisposedResult(call: ToolCall): ToolCallResult {
  const tool = quoteBounded(call.name, 80);
  return textCallResult(
    call,
    'error',
    `Tool \`${tool}\` was not run: the tool registry has shut down. Continue without tools.`,
  );
}

/**
 * Runs one call of a real tool of the set (the registry's own activate_* and search_tools calls are
 * answered in virtualCalls.ts). `onWillRun` is told once the input is valid, before the tool
 * runs.
 */
export async function invokeTool(
  services: InvocationServices,
  resolved: ResolvedToolSetImpl,
  call: ToolCall,
  options: InvokeOptions,
  onWillRun?: () => void,
): Promise<ToolCallResult> {
  const checked = checkCall(services, resolved, call);
  if ('status' in checked) return checked;
  // The tool will run: if it sits in a collapsed group, the group opens for the next round.
  onWillRun?.();
  const { implementation, input, enabledJobs } = checked;
  const deadline = new CallDeadline(call.name, options.token, options.timeoutMs ?? services.defaultTimeoutMs);
  const stopped = () => textCallResult(call, ...deadline.stoppedAnswer());
  try {
    const tool = implementation.instance;
    const prepared = tool.prepareInvocation
      ? await deadline.run(() => tool.prepareInvocation!({ input }, deadline.token))
      : undefined;
    if (prepared === 'interrupted') return stopped();

    const approval = await decideApproval({
      calledName: call.name,
      implementation,
      prepared: prepared ?? undefined,
      input,
      options,
      approvals: services.approvals,
      registrySessionId: services.registrySessionId,
      // The deadline covers the tool's own work, never the time a person takes to answer.
      ask: (work) => deadline.run(work, false),
    });
    if (approval.kind === 'interrupted') return stopped();
    if (approval.kind === 'declined' || approval.kind === 'no-confirm')
      return textCallResult(call, 'declined', declinedText(call.name, approval, prepared ?? undefined));

    const budget = options.tokenBudget ?? DEFAULT_RESULT_TOKEN_BUDGET;
    const output = await deadline.run(() =>
      tool.invoke(
        {
          input,
          toolInvocationToken: options.toolInvocationToken,
          tokenizationOptions: defaultTokenization(budget),
          model: resolved.model,
          confirmed: approval.kind === 'confirmed',
          // The receipt of the question a person said yes to for this very call, and only then.
          ...((approval.kind === 'confirmed' || (approval.kind === 'approved' && approval.answered)) &&
          prepared?.receipt !== undefined
            ? { receipt: prepared.receipt }
            : {}),
          approved: approval.kind === 'confirmed' || approval.kind === 'approved',
          ...(enabledJobs ? { enabledJobs } : {}),
          ...(options.progress ? { progress: options.progress } : {}),
        },
        deadline.token,
      ),
    );
    if (output === 'interrupted') return stopped();
    return okResult(services, implementation, call, output ?? undefined, budget * CHARS_PER_TOKEN);
  } catch (error) {
    if (deadline.token.isCancellationRequested) return stopped();
    return failedResult(services, implementation, call, error);
  } finally {
    deadline.dispose();
  }
}

/** A run's answer: its content within the budget, with its structured result when that is sound. */
function okResult(
  services: InvocationServices,
  implementation: ToolEntry,
  call: ToolCall,
  output: ToolResultLike | undefined,
  maxChars: number,
): ToolCallResult {
  const uncut = toCallContent(output);
  const content = capTextToBudget(uncut, maxChars);
  const structuredContent = checkedStructuredContent(services, implementation, output, {
    maxChars,
    textCut: content.length !== uncut.length || content.some((part, i) => part !== uncut[i]),
  });
  return {
    callId: call.callId,
    name: call.name,
    status: 'ok',
    isError: false,
    content: content.length ? content : [{ kind: 'text', value: '(the tool returned no output)' }],
    ...(structuredContent ? { structuredContent } : {}),
  };
}

/** A thrown error's answer: its words (cut when long), then the sentence its pack gives for its code. */
function failedResult(
  services: InvocationServices,
  implementation: ToolEntry,
  call: ToolCall,
  error: unknown,
): ToolCallResult {
  const { packId, definition } = implementation;
  const hint = errorHintFor(packId ? services.packErrorHint?.(packId) : undefined, error, definition.name);
  const words = quoteBounded(safeString(error), MAX_ERROR_CHARS);
  return textCallResult(
    call,
    'error',
    `Tool \`${quoteBounded(call.name, 80)}\` failed: ${words}${hint ? ` ${hint}` : ''}`,
  );
}

/** The call's tool and its input (strict mode's nulls restored), or the answer that says why it does not run. */
function checkCall(
  services: InvocationServices,
  resolved: ResolvedToolSetImpl,
  call: ToolCall,
): ToolCallResult | { implementation: ToolEntry; input: unknown; enabledJobs?: readonly string[] } {
  const shownName = quoteBounded(call.name, 80);
  const binding = resolved.binding(call.name);
  if (!binding) {
    if (services.isRegistered(call.name)) {
      // The resolution's own reason (a when clause and what it means, the picker, another model's
      // variant), so the model knows whether anything it can do would bring the tool back.
      const why = resolved.notSent.find((n) => n.name === call.name);
      return textCallResult(
        call,
        'not-enabled',
        `Tool \`${shownName}\` is not enabled for this request${why ? ` (${why.detail})` : ''}, so it was not run. ` +
          `Use one of the tools you were given instead.`,
      );
    }
    const available = resolved.tools.map((t) => t.name);
    const shown = available.slice(0, 25).join(', ') + (available.length > 25 ? `, … (${available.length} in all)` : '');
    return textCallResult(
      call,
      'unknown-tool',
      `There is no tool named \`${shownName}\`; nothing was run. Available tools: ${shown || 'none'}.`,
    );
  }
  const { implementation } = binding;
  if (implementation.disposed)
    return textCallResult(
      call,
      'not-enabled',
      `Tool \`${call.name}\` was removed (its pack was unloaded), so it was not run. Use one of the other tools.`,
    );
  const callInput = binding.restoreInput ? binding.restoreInput(call.input) : call.input;
  const check = services.validator.validate(binding.inputSchema, callInput);
  if (!check.ok)
    return textCallResult(
      call,
      'invalid-input',
      `Invalid input for \`${shownName}\`; it was not run:\n${check.problems.map((p) => `- ${p}`).join('\n')}\nFix ` +
        `the input to match the tool's schema and call it again.`,
    );
  return { implementation, input: callInput ?? {}, enabledJobs: binding.entry.enabledJobs };
}

/**
 * The structured result of a tool with an output schema, when it matches that schema. A result that
 * does not (a pack's bug: defineTool's types make it rare) is passed on as text only, so no client
 * is handed data that contradicts the schema it was promised; `onStructuredContentProblem` hears of
 * it. Data over the result budget, or whole where the registry had to cut the text, is a pack's bug
 * too: it is reported, and passed on (a client that was promised data fails a call without it).
 */
function checkedStructuredContent(
  services: InvocationServices,
  implementation: ToolEntry,
  output: ToolResultLike | undefined,
  budget: { readonly maxChars: number; readonly textCut: boolean },
): StructuredContent | undefined {
  const schema = implementation.definition.outputSchema;
  if (!schema) return undefined;
  const report = (problems: readonly string[]) =>
    services.onStructuredContentProblem?.(implementation.definition.name, problems);
  const structured = output?.structuredContent;
  const problems =
    structured === undefined
      ? ['the result has no structuredContent']
      : services.validator.checkOutput(schema, structured);
  if (problems.length > 0) {
    report(problems);
    return undefined;
  }
  const chars = jsonChars(structured);
  if (chars > budget.maxChars)
    report([
      `the structured result is ${chars.toLocaleString('en-US')} characters of JSON, over the result budget of ` +
        `${budget.maxChars.toLocaleString('en-US')}: cut it where the text is cut`,
    ]);
  else if (budget.textCut)
    report(['the registry cut the text at the result budget, but the structured result was not cut with it']);
  return structured;
}

/** Tool errors are the tool's own words, often quoting input; past this they are cut. */
const MAX_ERROR_CHARS = 2000;
