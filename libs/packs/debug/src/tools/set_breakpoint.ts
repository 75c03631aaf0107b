import { codeBlock } from '../confirmationText';
import { inertLine, structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { breakpointValue } from '../format';
import { BREAKPOINT_SCHEMA } from '../schemas';

const definition = {
  name: 'set_breakpoint',
  toolReferenceName: 'set_breakpoint',
  displayName: 'Set Breakpoint',
  modelDescription:
    'Sets a breakpoint on a line of a file, optionally only when a JavaScript condition is true. ' +
    'Works before or during debugging. Returns the breakpoint id (for remove_breakpoint). Replaces ' +
    'an existing breakpoint on the same line. A line past the end of the file is refused; a blank ' +
    'or comment line moves to the next statement (the result says where). A condition is code that ' +
    'runs inside the program, so the user confirms it first.',
  userDescription: 'Sets a breakpoint.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The file, workspace-relative or absolute.' },
      line: { type: 'integer', minimum: 1, description: 'Line number (1-based).' },
      condition: {
        type: 'string',
        minLength: 1,
        maxLength: 10000,
        description:
          'Stop only when this JavaScript expression is true, e.g. "i === 3". The user confirms it before it is set.',
      },
    },
    required: ['path', 'line'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      breakpoints: {
        type: 'array',
        items: BREAKPOINT_SCHEMA,
        minItems: 1,
        maxItems: 1,
        description: 'The breakpoint set (its line is where it went, when the line asked for had no code).',
      },
    },
    required: ['breakpoints'],
    additionalProperties: false,
  },
  tags: ['debug'],
  // It replaces a breakpoint on the same line, and a condition is code that runs in the program with
  // its powers (files, network): destructive and open. prepareInvocation asks exactly when there is
  // a condition; a plain breakpoint asks nothing, as before.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true, asksByDefault: false },
} as const satisfies ToolDefinition;

export const setBreakpoint = defineDebugTool({
  definition,
  // A condition runs in the program each time the line is reached, with the program's powers
  // (files, environment, network): it is code, confirmed like evaluate_expression, and a remembered
  // approval covers that exact condition only.
  prepare: ({ input }) => {
    if (input.condition === undefined) return undefined;
    return {
      confirmationMessages: {
        title: 'Set a breakpoint with a condition?',
        message:
          `The condition runs inside the program every time ${inertLine(input.path)}:${input.line} is ` +
          `reached, and can read or change anything the program can:\n\n${codeBlock(input.condition)}`,
      },
      approvalKey: `condition\u0000${input.condition}`,
      runsCode: true,
    };
  },
  invoke: async (debug, { input }) => {
    const bp = await debug.setBreakpoint(input);
    const moved =
      bp.requestedLine !== undefined
        ? ` Line ${bp.requestedLine} has no code (blank or a comment), so it was moved to line ${bp.line}, ` +
          'the next statement.'
        : '';
    return structuredResult(
      { breakpoints: [breakpointValue(bp)] },
      `Breakpoint ${bp.id} set at ${bp.path}:${bp.line}${bp.condition ? ` when ${bp.condition}` : ''}.${moved}`,
    );
  },
});
