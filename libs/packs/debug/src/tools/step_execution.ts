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
import { formatEndingStatus, WHEN_STOPPED } from '../format';
import { reportWhileWaiting } from '../waiting';

const definition = {
  name: 'step_execution',
  toolReferenceName: 'step_execution',
  displayName: 'Step',
  modelDescription:
    "Steps the stopped program: 'over' runs the current line, 'into' enters the function called on it, 'out' runs until the current function returns. Returns where it landed: the function, file:line and the text of that line.",
  userDescription: 'Steps over, into or out.',
  inputSchema: {
    type: 'object',
    properties: { kind: { type: 'string', enum: ['over', 'into', 'out'], description: 'How to step. Default: over.' } },
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug'],
  annotations: { readOnly: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class StepExecutionTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input, tokenizationOptions, progress }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const status = await reportWhileWaiting(
      progress,
      'Waiting for the step to land',
      this.debug.step(input.kind ?? 'over', token),
    );
    return textResult(formatEndingStatus(status, this.debug, resultCharBudget(tokenizationOptions)));
  }
}

export const stepExecution = defineTool({ definition, implementation: StepExecutionTool });
