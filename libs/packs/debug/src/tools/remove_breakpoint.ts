import { inject, injectable } from 'inversify';
import {
  defineTool,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { DebugService } from '@toolpacks/services';
import { breakpointValue } from '../format';
import { BREAKPOINT_SCHEMA } from '../schemas';

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
  outputSchema: {
    type: 'object',
    properties: {
      removed: { ...BREAKPOINT_SCHEMA, description: 'The breakpoint removed, as it was.' },
      breakpoints: { type: 'array', items: BREAKPOINT_SCHEMA, description: 'The breakpoints left.' },
    },
    required: ['removed', 'breakpoints'],
    additionalProperties: false,
  },
  tags: ['debug'],
  // It deletes a breakpoint (one the user may have set). Confined to the debugger's state, and
  // undone by set_breakpoint: it asks nothing, as before.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class RemoveBreakpointTool implements Tool<Input> {
  constructor(@inject(DebugService) private readonly debug: DebugService) {}

  async invoke({ input }: ToolInvocationOptions<Input>) {
    const removed = this.debug.listBreakpoints().find((b) => b.id === input.id);
    await this.debug.removeBreakpoint(input.id); // an unknown id throws: the model is told which ids there are
    // Found, or removeBreakpoint would have thrown.
    const structured = {
      removed: breakpointValue(removed!),
      breakpoints: this.debug.listBreakpoints().map(breakpointValue),
    };
    return structuredResult(structured, `Breakpoint ${input.id} removed.`);
  }
}

export const removeBreakpoint = defineTool({ definition, implementation: RemoveBreakpointTool });
