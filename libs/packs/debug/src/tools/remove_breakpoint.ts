import { structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
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

export const removeBreakpoint = defineDebugTool({
  definition,
  invoke: async (debug, { input }) => {
    const removed = debug.listBreakpoints().find((b) => b.id === input.id);
    await debug.removeBreakpoint(input.id); // an unknown id throws: the model is told which ids there are
    // Found, or removeBreakpoint would have thrown.
    const structured = {
      removed: breakpointValue(removed!),
      breakpoints: debug.listBreakpoints().map(breakpointValue),
    };
    return structuredResult(structured, `Breakpoint ${input.id} removed.`);
  },
});
