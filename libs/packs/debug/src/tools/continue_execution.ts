import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { endingResult, WHEN_DEBUGGING } from '../format';
import { STATUS_SCHEMA } from '../schemas';
import { reportWhileWaiting } from '../waiting';

const definition = {
  name: 'continue_execution',
  toolReferenceName: 'continue_execution',
  displayName: 'Continue',
  modelDescription:
    'Resumes the program and waits until it stops at the next breakpoint or exception, or ends; ' +
    'returns where it stopped (or the exit code, and stderr of a crash) and its new output. If ' +
    'it is already running, waits again.',
  userDescription: 'Continues the program.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: STATUS_SCHEMA,
  when: WHEN_DEBUGGING,
  tags: ['debug'],
  // The program runs on: its code (approved when it started) can change or delete anything it can
  // reach, files and the network too. Continuing what was approved asks nothing more.
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true, asksByDefault: false },
} as const satisfies ToolDefinition;

export const continueExecution = defineDebugTool({
  definition,
  invoke: async (debug, { tokenizationOptions, progress }, token) =>
    endingResult(
      await reportWhileWaiting(progress, 'Waiting for the program to stop again or end', debug.continue(token)),
      debug,
      tokenizationOptions,
    ),
});
