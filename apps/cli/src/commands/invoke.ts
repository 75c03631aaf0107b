import { createInterface } from 'node:readline/promises';
import { contentToText, type ConfirmationAnswer, type ConfirmationRequest, type ResolveRequest, type ToolCallResult, type ToolRegistry } from '@toolpacks/registry';

export interface InvokeCommandOptions {
  readonly tool: string;
  readonly input: unknown;
  readonly yes: boolean;
  readonly json: boolean;
  readonly timeoutMs?: number;
  /** Asks the person at the terminal; absent when there is none. */
  readonly ask?: (request: ConfirmationRequest) => Promise<ConfirmationAnswer>;
}

export async function invokeCommand(registry: ToolRegistry, request: ResolveRequest, options: InvokeCommandOptions): Promise<{ output: string; result: ToolCallResult }> {
  const resolved = registry.resolve(request);
  const result = await registry.invoke(
    resolved,
    { callId: 'cli', name: options.tool, input: options.input },
    {
      // --yes approves this one call, destructive tools included: the person typed the command.
      autoApprove: options.yes ? { [options.tool]: true } : false,
      confirm: options.yes ? undefined : options.ask,
      timeoutMs: options.timeoutMs,
      chatSessionId: 'cli',
    },
  );
  const text = await contentToText(result.content);
  const output = options.json ? JSON.stringify({ ...result, text }, null, 2) : text;
  return { output, result };
}

/** A y/N question on the terminal. */
export function terminalConfirm(input: NodeJS.ReadableStream, output: NodeJS.WritableStream) {
  return async (request: ConfirmationRequest): Promise<ConfirmationAnswer> => {
    const rl = createInterface({ input, output });
    try {
      const answer = (await rl.question(`${request.title}\n${request.message}\nRun ${request.toolName}? [y/N] `)).trim().toLowerCase();
      return answer === 'y' || answer === 'yes' ? 'once' : 'decline';
    } finally {
      rl.close();
    }
  };
}
