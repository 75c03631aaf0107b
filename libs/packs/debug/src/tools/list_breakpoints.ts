import { structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import type { BreakpointInfo } from '@toolpacks/services';
import { defineDebugTool } from '../debugTool';
import { breakpointValue } from '../format';
import { BREAKPOINT_SCHEMA } from '../schemas';

const definition = {
  name: 'list_breakpoints',
  toolReferenceName: 'list_breakpoints',
  displayName: 'List Breakpoints',
  modelDescription:
    'Lists the breakpoints: id, file:line, condition, and whether the debugger has bound it to ' +
    "code ('verified'; after a session ended, whether it bound in it). An unbound one has not been " +
    'hit: no code was loaded for its line (the file did not run yet, or node ran code compiled ' +
    'from it, such as TypeScript, whose lines differ). Takes no input.',
  userDescription: 'Lists breakpoints.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      breakpoints: { type: 'array', items: BREAKPOINT_SCHEMA, description: 'Every breakpoint, in the order set.' },
    },
    required: ['breakpoints'],
    additionalProperties: false,
  },
  tags: ['debug'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

export const listBreakpoints = defineDebugTool({
  definition,
  invoke: (debug) => {
    const breakpoints = debug.listBreakpoints();
    const structured = { breakpoints: breakpoints.map(breakpointValue) };
    if (breakpoints.length === 0) return structuredResult(structured, 'No breakpoints are set.');
    return structuredResult(structured, breakpoints.map(breakpointLine).join('\n'));
  },
});

/** `bp-1 app.js:3 when i > 2 (verified)`, and where it moved from. */
function breakpointLine(b: BreakpointInfo): string {
  const condition = b.condition ? ` when ${b.condition}` : '';
  const bound = b.verified ? ' (verified)' : ' (unbound: no code was loaded for that line yet)';
  const moved = b.requestedLine !== undefined ? ` (moved from line ${b.requestedLine}, which has no code)` : '';
  return `${b.id} ${b.path}:${b.line}${condition}${bound}${moved}`;
}
