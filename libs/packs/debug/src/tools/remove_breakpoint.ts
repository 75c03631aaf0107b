import { inject, injectable } from 'inversify';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';

const definition = {
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
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class RemoveBreakpointTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<Input>) {
    await this.debug.removeBreakpoint(input.id);
    return textResult(`Breakpoint ${input.id} removed.`);
  }
}

export const removeBreakpoint = defineTool({ definition, implementation: RemoveBreakpointTool });
