import { fitTextAndJson, jsonChars, roomFor, structuredResult } from '@toolpacks/registry';
import type { ToolDefinition } from '@toolpacks/registry';
import { defineDebugTool } from '../debugTool';
import { exceptionValue, formatException, formatLocation, locationValue, WHEN_STOPPED } from '../format';
import { EXCEPTION_SCHEMA, LOCATION_SCHEMA } from '../schemas';

const definition = {
  name: 'get_call_stack',
  toolReferenceName: 'get_call_stack',
  displayName: 'Get Call Stack',
  modelDescription:
    'Returns the call stack of the stopped program, top frame first: frame index, function, file:line:column ' +
    'and the line text; paused on an exception, also where it was thrown. Use the frame index with ' +
    'get_variables and evaluate_expression.',
  userDescription: 'Shows the call stack.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: {
      frames: {
        type: 'array',
        description: 'The frames that fit in the result, top first.',
        items: {
          ...LOCATION_SCHEMA,
          properties: {
            index: {
              type: 'integer',
              description: 'The frameIndex get_variables and evaluate_expression take; 0 is the top.',
            },
            ...LOCATION_SCHEMA.properties,
          },
          required: ['index', ...LOCATION_SCHEMA.required],
        },
      },
      framesOmitted: { type: 'integer', description: 'Deeper frames left out to fit the result.' },
      exception: { ...EXCEPTION_SCHEMA, description: 'The exception the program is paused on, with its stack trace.' },
    },
    required: ['frames'],
    additionalProperties: false,
  },
  when: WHEN_STOPPED,
  tags: ['debug', 'read'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

export const getCallStack = defineDebugTool({
  definition,
  invoke: async (debug, { tokenizationOptions }) => {
    const frames = await debug.callStack();
    const exception = debug.pausedException();
    // The stack trace of the exception: where it was thrown, even when those frames have returned
    // (an ES module's top-level throw pauses in Node's own code).
    const thrown = exception?.thrownAt.map((l) => `  at ${formatLocation(l, true)}`).join('\n');
    const header = exception
      ? `Paused on ${formatException(exception)}.` +
        (thrown ? `\nThrown at (its stack trace):\n${thrown}` : '') +
        '\nFrames (the index is for get_variables and evaluate_expression):\n'
      : '';
    const thrownValue = exception ? { exception: exceptionValue(exception) } : {};
    // Deep recursion gives thousands of frames: the top ones that fit, as text and as data (a
    // frame's JSON is twice its line), and how many are below.
    const lines = frames.map((f) => `#${f.index} ${formatLocation(f, true)}`);
    const values = frames.map((f) => ({ index: f.index, ...locationValue(f) }));
    // The header and the note below take the text's reserve; the exception is the data's field beside the frames.
    const room = roomFor({ reserve: 2_000 + header.length, dataReserve: 200 }, tokenizationOptions, thrownValue);
    const kept = fitTextAndJson(
      frames.length,
      room.maxChars,
      room.maxJsonChars,
      (i) => lines[i].length,
      (i) => jsonChars(values[i]),
    );
    const omitted = frames.length - kept;
    const stack = [
      ...lines.slice(0, kept),
      ...(omitted ? [`(${omitted} deeper frame${omitted === 1 ? '' : 's'} left out to fit the result.)`] : []),
    ].join('\n');
    return structuredResult(
      { frames: values.slice(0, kept), ...(omitted ? { framesOmitted: omitted } : {}), ...thrownValue },
      `${header}${stack}`,
    );
  },
});
