import { inject, injectable } from 'inversify';
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

const definition = {
  name: 'stop_debugging',
  toolReferenceName: 'stop_debugging',
  displayName: 'Stop Debugging',
  modelDescription: 'Ends the program being debugged. Breakpoints are kept for the next start_debugging.',
  userDescription: 'Stops the debug session.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  annotations: { readOnly: false, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class StopDebuggingTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ tokenizationOptions }: ToolInvocationOptions<Input>) {
    const wasActive = this.debug.state !== 'inactive';
    return textResult(
      formatEndingStatus(await this.debug.stop(), this.debug, resultCharBudget(tokenizationOptions), wasActive),
    );
  }
}

export const stopDebugging = defineTool({ definition, implementation: StopDebuggingTool });
