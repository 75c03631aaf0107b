import { resultCharBudget, structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { describeEndingStatus, WHEN_DEBUGGING } from '../format';
import { STATUS_PROPERTIES } from '../schemas';

const definition = {
  name: 'stop_debugging',
  toolReferenceName: 'stop_debugging',
  displayName: 'Stop Debugging',
  modelDescription: 'Ends the program being debugged. Breakpoints are kept for the next start_debugging.',
  userDescription: 'Stops the debug session.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      stopped: {
        type: 'boolean',
        description: 'A program was running or paused, and this call ended it; false: no session was active.',
      },
      ...STATUS_PROPERTIES,
    },
    required: ['stopped', 'state'],
    additionalProperties: false,
  },
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  // It kills the program and what it started: their state is lost, and a program stopped mid-write
  // leaves the file half-written. Confined to the debuggee; ending what the user approved asks nothing, as before.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

export const stopDebugging = defineDebugTool({
  definition,
  invoke: async (debug, { tokenizationOptions }) => {
    const wasActive = debug.state !== 'inactive';
    const status = await debug.stop();
    const { text, structured } = describeEndingStatus(status, debug, resultCharBudget(tokenizationOptions), wasActive);
    return structuredResult({ stopped: wasActive, ...structured }, text);
  },
});
