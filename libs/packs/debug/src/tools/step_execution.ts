import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { endingResult, WHEN_STOPPED } from '../format';
import { STATUS_SCHEMA } from '../schemas';
import { reportWhileWaiting } from '../waiting';

const definition = {
  name: 'step_execution',
  toolReferenceName: 'step_execution',
  displayName: 'Step',
  modelDescription:
    "Steps the stopped program: 'over' runs the current line, 'into' enters the function called " +
    "on it, 'out' runs until the current function returns. Returns where it landed: the function, " +
    'file:line and the text of that line.',
  userDescription: 'Steps over, into or out.',
  inputSchema: {
    type: 'object',
    properties: { kind: { type: 'string', enum: ['over', 'into', 'out'], description: 'How to step. Default: over.' } },
    additionalProperties: false,
  },
  outputSchema: STATUS_SCHEMA,
  when: WHEN_STOPPED,
  tags: ['debug'],
  // A step runs the program's next line (or a whole call): the program's code, approved when it
  // started, can change or delete anything it can reach. Stepping what was approved asks nothing more.
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true, asksByDefault: false },
} as const satisfies ToolDefinition;

export const stepExecution = defineDebugTool({
  definition,
  invoke: async (debug, { input, tokenizationOptions, progress }, token) =>
    endingResult(
      await reportWhileWaiting(progress, 'Waiting for the step to land', debug.step(input.kind ?? 'over', token)),
      debug,
      tokenizationOptions,
    ),
});
