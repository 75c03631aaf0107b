import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';

export const removeBreakpointDefinition: ToolDefinition = {
  name: 'remove_breakpoint',
  toolReferenceName: 'remove_breakpoint',
  displayName: 'Remove Breakpoint',
  modelDescription: 'Removes a breakpoint by its id (from set_breakpoint or list_breakpoints).',
  userDescription: 'Removes a breakpoint.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: "The breakpoint id, e.g. 'bp-1'." } },
    required: ['id'],
    additionalProperties: false,
  },
  tags: ['debug'],
  annotations: { readOnly: false, idempotent: true },
};

@injectable()
export class RemoveBreakpointTool implements Tool<{ id: string }> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<{ id: string }>) {
    await this.debug.removeBreakpoint(input.id);
    return textResult(`Breakpoint ${input.id} removed.`);
  }
}
