import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';

export interface SetBreakpointInput {
  readonly path: string;
  readonly line: number;
  readonly condition?: string;
}

export const setBreakpointDefinition: ToolDefinition = {
  name: 'set_breakpoint',
  toolReferenceName: 'set_breakpoint',
  displayName: 'Set Breakpoint',
  modelDescription:
    'Sets a breakpoint on a line of a file, optionally only when a JavaScript condition is true. Works before or during debugging. Returns the breakpoint id (for remove_breakpoint). Replaces an existing breakpoint on the same line.',
  userDescription: 'Sets a breakpoint.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The file, workspace-relative or absolute.' },
      line: { type: 'integer', minimum: 1, description: 'Line number (1-based).' },
      condition: { type: 'string', description: 'Stop only when this JavaScript expression is true, e.g. "i === 3".' },
    },
    required: ['path', 'line'],
    additionalProperties: false,
  },
  tags: ['debug'],
  annotations: { readOnly: false, idempotent: true },
};

@injectable()
export class SetBreakpointTool implements Tool<SetBreakpointInput> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<SetBreakpointInput>) {
    const bp = await this.debug.setBreakpoint(input);
    return textResult(`Breakpoint ${bp.id} set at ${bp.path}:${bp.line}${bp.condition ? ` when ${bp.condition}` : ''}.`);
  }
}
