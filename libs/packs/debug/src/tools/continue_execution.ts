import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatEndingStatus, WHEN_DEBUGGING } from '../format';
import { reportWhileWaiting } from '../waiting';

const definition = {
  name: 'continue_execution',
  toolReferenceName: 'continue_execution',
  displayName: 'Continue',
  modelDescription:
    'Resumes the program and waits until it stops at the next breakpoint or exception, or ends; returns where it stopped (or the exit code, and stderr of a crash) and its new output. If it is already running, waits again.',
  userDescription: 'Continues the program.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  annotations: { readOnly: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ContinueExecutionTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ tokenizationOptions, progress }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const status = await reportWhileWaiting(
      progress,
      'Waiting for the program to stop again or end',
      this.debug.continue(token),
    );
    return textResult(formatEndingStatus(status, this.debug, resultCharBudget(tokenizationOptions)));
  }
}

export const continueExecution = defineTool({ definition, implementation: ContinueExecutionTool });
