import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatStatus, WHEN_STOPPED } from '../format';

export const stepExecutionDefinition: ToolDefinition = {
  name: 'step_execution',
  toolReferenceName: 'step_execution',
  displayName: 'Step',
  modelDescription: "Steps the stopped program: 'over' runs the current line, 'into' enters the function called on it, 'out' runs until the current function returns. Returns where it stopped.",
  userDescription: 'Steps over, into or out.',
  inputSchema: {
    type: 'object',
    properties: { kind: { type: 'string', enum: ['over', 'into', 'out'], description: 'How to step. Default: over.' } },
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug'],
  annotations: { readOnly: false },
};

@injectable()
export class StepExecutionTool implements Tool<{ kind?: 'over' | 'into' | 'out' }> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<{ kind?: 'over' | 'into' | 'out' }>, token: CancellationToken) {
    return textResult(formatStatus(await this.debug.step(input.kind ?? 'over', token)));
  }
}
