import { codeBlock, commandLine } from '../confirmationText';
import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions, type ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { formatStatus } from '../format';

export interface StartDebuggingInput {
  readonly program: string;
  readonly args?: readonly string[];
  readonly stopOnEntry?: boolean;
}

export const startDebuggingDefinition: ToolDefinition = {
  name: 'start_debugging',
  toolReferenceName: 'start_debugging',
  displayName: 'Start Debugging',
  modelDescription:
    'Runs a Node.js program of the workspace under the debugger and waits until it stops at a breakpoint (set them first with set_breakpoint), ends, or keeps running. Returns where it stopped and its output so far. Ends a previous debug session. The user confirms before the program runs.',
  userDescription: 'Runs a Node program under the debugger (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      program: { type: 'string', description: 'The .js file to run, workspace-relative or absolute.' },
      args: { type: 'array', items: { type: 'string' }, description: 'Command-line arguments for the program.' },
      stopOnEntry: { type: 'boolean', description: 'Stop on the first line. Default: false.' },
    },
    required: ['program'],
    additionalProperties: false,
  },
  tags: ['debug'],
  annotations: { readOnly: false, destructive: false, openWorld: true },
};

@injectable()
export class StartDebuggingTool implements Tool<StartDebuggingInput> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  prepareInvocation({ input }: ToolInvocationPrepareOptions<StartDebuggingInput>) {
    // Runs a program the model may have written: global auto-approve does not cover it.
    return { confirmationMessages: { title: 'Run a program under the debugger?', message: codeBlock(commandLine('node', [input.program, ...(input.args ?? [])])) }, runsCode: true };
  }

  async invoke({ input }: ToolInvocationOptions<StartDebuggingInput>, token: CancellationToken) {
    return textResult(formatStatus(await this.debug.start(input, token)));
  }
}
