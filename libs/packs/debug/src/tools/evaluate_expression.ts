import { codeBlock } from '../confirmationText';
import { jsonStringChars, partWithinJson, resultCharBudget, structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { WHEN_STOPPED } from '../format';

const definition = {
  name: 'evaluate_expression',
  toolReferenceName: 'evaluate_expression',
  displayName: 'Evaluate Expression',
  modelDescription:
    'Evaluates a JavaScript expression in a frame of the stopped program and returns its value. ' +
    'It runs inside the program and can change its state, so the user confirms first. Prefer get_variables ' +
    'to only look at values.',
  userDescription: 'Evaluates an expression in the program (asks first).',
  inputSchema: {
    type: 'object',
    properties: {
      expression: {
        type: 'string',
        minLength: 1,
        maxLength: 10000,
        description: 'A JavaScript expression, e.g. "items.length" or "JSON.stringify(config)".',
      },
      frameIndex: { type: 'integer', minimum: 0, description: 'Frame index from get_call_stack. Default: 0.' },
    },
    required: ['expression'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      result: {
        type: 'string',
        description:
          'The value as text, as get_variables shows values (its first part when it is longer than the ' +
          'result allows); when the program ended during the evaluation, what happened.',
      },
      length: {
        type: 'integer',
        description: 'The whole value’s length in characters, when `result` is only its first part.',
      },
      sessionEnded: {
        type: 'boolean',
        description: 'True when the program ended during the evaluation (process.exit): the debug session is over.',
      },
    },
    required: ['result'],
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug'],
  // The expression runs inside the program with its powers: it can change the program's state,
  // delete or overwrite files, reach the network. Every call asks (prepareInvocation, runsCode).
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
} as const satisfies ToolDefinition;

export const evaluateExpression = defineDebugTool({
  definition,
  prepare: ({ input }) => {
    // A remembered approval covers this exact expression, never another one.
    return {
      confirmationMessages: {
        title: 'Evaluate in the program?',
        message: `Evaluating can have side effects:\n\n${codeBlock(input.expression)}`,
      },
      approvalKey: `expression\u0000${input.expression}`,
      runsCode: true,
    };
  },
  invoke: async (debug, { input, tokenizationOptions }) => {
    const value = await debug.evaluate(input.expression, input.frameIndex ?? 0);
    // The service answers an evaluation the program did not survive with text saying so, not a value.
    const ended = debug.state === 'inactive' ? { sessionEnded: true } : {};
    const budget = resultCharBudget(tokenizationOptions);
    // The value is the text and the data's `result`: it is cut where both fit (its JSON can be
    // six times its length: quotes, backslashes, control characters).
    if (value.length <= budget && jsonStringChars(value) <= budget - 100)
      return structuredResult({ result: value, ...ended }, value);
    const part = partWithinJson(value, Math.max(100, budget - 300), budget - 200);
    const kept = part.length;
    return structuredResult(
      { result: part, length: value.length, ...ended },
      `${part}\n(The value is ${value.length} characters; the first ${kept} are shown. Evaluate a ` +
        `part of it to read on, e.g. \`String(x).slice(${kept}, ${kept * 2})\` or one property.)`,
    );
  },
});
