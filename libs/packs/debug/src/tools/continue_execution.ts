import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatStatus, WHEN_DEBUGGING } from '../format';

export const continueExecutionDefinition: ToolDefinition = {
  name: 'continue_execution',
  toolReferenceName: 'continue_execution',
  displayName: 'Continue',
  modelDescription: 'Resumes the program and waits until it stops at the next breakpoint or ends; returns where it stopped and its new output. If it is already running, waits again.',
  userDescription: 'Continues the program.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  annotations: { readOnly: false },
};

@injectable()
export class ContinueExecutionTool implements Tool<Record<string, never>> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke(_options: unknown, token: CancellationToken) {
    return textResult(formatStatus(await this.debug.continue(token)));
  }
}
