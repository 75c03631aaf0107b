import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatStatus, WHEN_DEBUGGING } from '../format';

export const stopDebuggingDefinition: ToolDefinition = {
  name: 'stop_debugging',
  toolReferenceName: 'stop_debugging',
  displayName: 'Stop Debugging',
  modelDescription: 'Ends the program being debugged. Breakpoints are kept for the next start_debugging.',
  userDescription: 'Stops the debug session.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  annotations: { readOnly: false, idempotent: true },
};

@injectable()
export class StopDebuggingTool implements Tool<Record<string, never>> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke() {
    return textResult(formatStatus(await this.debug.stop()));
  }
}
