// Invocation: never throws for anything the model caused. Each failure becomes a result whose text
// tells the model what happened and what to do next; a declined call never ends the chat.
import type { ApprovalStore } from './approvals';
import { decideApproval, declinedText, requiredConfirmation } from './approvalPolicy';
import { quoteBounded, safeString } from '@toolpacks/base';
import type { InputValidator } from '../schema/inputValidation';
import { CancellationTokenSource } from '@toolpacks/base';
import type { ResolvedToolSetImpl } from '../resolve/resolvedToolSet';
import { defaultTokenization } from '../toolResult';
import { toCallContent } from './callContent';
import type { CancellationToken } from '@toolpacks/base';
import type { InvokeOptions } from './invocationTypes';
import type { ToolCall, ToolCallResult, ToolCallStatus } from '../definitions';
import type { PreparedToolInvocation } from '../definitions';

export interface InvocationServices {
  readonly validator: InputValidator;
  readonly approvals: ApprovalStore;
  readonly defaultTimeoutMs: number;
  isRegistered(name: string): boolean;
  /** Scopes `session` approvals when the host passes no chat session. */
  readonly registrySessionId: string;
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
  return {
    callId: call.callId,
    name: call.name,
    status: 'error',
    isError: true,
    content: [
      {
        kind: 'text',
        value: `Tool \`${quoteBounded(call.name, 80)}\` was not run: the tool registry has shut down. Continue without tools.`,
      },
    ],
  };
}

/**
 * Runs one call of a real tool of the set (the registry's own activate_* and search_tools calls are
 * answered in resolve/virtualCalls.ts). `onWillRun` is told once the input is valid, before the tool
 * runs.
 */
export async function invokeTool(
  services: InvocationServices,
  resolved: ResolvedToolSetImpl,
  call: ToolCall,
  options: InvokeOptions,
  onWillRun?: () => void,
): Promise<ToolCallResult> {
  const result = (status: ToolCallStatus, text: string): ToolCallResult => ({
    callId: call.callId,
    name: call.name,
    status,
    isError: status !== 'ok' && status !== 'activated',
    content: [{ kind: 'text', value: text }],
  });

  const shownName = quoteBounded(call.name, 80);
  const binding = resolved.binding(call.name);
  if (!binding) {
    if (services.isRegistered(call.name))
      return result(
        'not-enabled',
        `Tool \`${shownName}\` is not enabled for this request, so it was not run. Use one of the tools you were given instead.`,
      );
    const available = resolved.tools.map((t) => t.name);
    const shown = available.slice(0, 25).join(', ') + (available.length > 25 ? `, … (${available.length} in all)` : '');
    return result(
      'unknown-tool',
      `There is no tool named \`${shownName}\`; nothing was run. Available tools: ${shown || 'none'}.`,
    );
  }
  const { implementation } = binding;
  if (implementation.disposed)
    return result(
      'not-enabled',
      `Tool \`${call.name}\` was removed (its pack was unloaded), so it was not run. Use one of the other tools.`,
    );

  const callInput = binding.restoreInput ? binding.restoreInput(call.input) : call.input;
  const check = services.validator.validate(binding.inputSchema, callInput);
  if (!check.ok)
    return result(
      'invalid-input',
      `Invalid input for \`${shownName}\`; it was not run:\n${check.problems.map((p) => `- ${p}`).join('\n')}\nFix the input to match the tool's schema and call it again.`,
    );

  // The tool will run: if it sits in a collapsed group, the group opens for the next round.
  onWillRun?.();

  const input = callInput ?? {};
  const source = new CancellationTokenSource(options.token);
  const timeoutMs = options.timeoutMs ?? services.defaultTimeoutMs;
  let timedOut = false;
  let overranMs: number | undefined;
  const interrupted = new Promise<'interrupted'>((resolve) =>
    source.token.onCancellationRequested(() => resolve('interrupted')),
  );
  // The deadline covers the tool's own work (prepare, invoke), never the time a user takes to confirm.
  const run = async <T>(work: () => PromiseLike<T> | T, timed = true): Promise<T | 'interrupted'> => {
    if (source.token.isCancellationRequested) return 'interrupted';
    const timer = timed
      ? setTimeout(() => {
          timedOut = true;
          source.cancel();
        }, timeoutMs)
      : undefined;
    const started = performance.now();
    try {
      const outcome = await Promise.race([Promise.resolve().then(work), interrupted]);
      // A tool that blocks the event loop keeps the timer from firing: its late result is not
      // reported as a success it did not have within the deadline.
      if (timed && outcome !== 'interrupted' && performance.now() - started > timeoutMs) {
        overranMs = Math.round(performance.now() - started);
        timedOut = true;
        source.cancel();
        return 'interrupted';
      }
      return outcome;
    } finally {
      clearTimeout(timer);
    }
  };
  const interruptedResult = () =>
    overranMs !== undefined
      ? result(
          'timeout',
          `Tool \`${call.name}\` did not finish within ${timeoutMs} ms (it held the host for ${overranMs} ms, so it could not be stopped); its result was discarded. It may have done part of its work: check before calling it again, or try a narrower request.`,
        )
      : timedOut
        ? result(
            'timeout',
            `Tool \`${call.name}\` did not finish within ${timeoutMs} ms and was stopped. Try a narrower request (fewer files, a smaller range) or continue without it.`,
          )
        : result('cancelled', `The call to \`${call.name}\` was cancelled; it did not complete.`);

  try {
    const tool = implementation.instance;
    const prepared = tool.prepareInvocation
      ? await run(() => tool.prepareInvocation!({ input }, source.token))
      : undefined;
    if (prepared === 'interrupted') return interruptedResult();

    const approval = await decideApproval({
      calledName: call.name,
      implementation,
      prepared: prepared ?? undefined,
      input,
      options,
      approvals: services.approvals,
      registrySessionId: services.registrySessionId,
      ask: (work) => run(work, false),
    });
    if (approval.kind === 'interrupted') return interruptedResult();
    if (approval.kind === 'declined' || approval.kind === 'no-confirm')
      return result('declined', declinedText(call.name, approval, prepared ?? undefined));

    const output = await run(() =>
      tool.invoke(
        {
          input,
          toolInvocationToken: options.toolInvocationToken,
          tokenizationOptions: options.tokenBudget !== undefined ? defaultTokenization(options.tokenBudget) : undefined,
          model: resolved.model,
          confirmed: approval.kind === 'confirmed',
          approved: approval.kind === 'confirmed' || approval.kind === 'approved',
        },
        source.token,
      ),
    );
    if (output === 'interrupted') return interruptedResult();
    const content = toCallContent(output ?? undefined);
    return {
      callId: call.callId,
      name: call.name,
      status: 'ok',
      isError: false,
      content: content.length ? content : [{ kind: 'text', value: '(the tool returned no output)' }],
    };
  } catch (error) {
    if (source.token.isCancellationRequested) return interruptedResult();
    return result('error', `Tool \`${shownName}\` failed: ${quoteBounded(safeString(error), MAX_ERROR_CHARS)}`);
  } finally {
    source.dispose();
  }
}

/** Tool errors are the tool's own words, often quoting input; past this they are cut. */
const MAX_ERROR_CHARS = 2000;
