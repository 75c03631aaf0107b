// The debug tools' output schemas (JSON Schema 2020-12, written `as const` so defineTool types what
// each tool returns), shared where tools return the same thing: a program's status after it ran
// (start, continue, step, stop), a breakpoint. The values are built beside the text, from the same
// data and cut where the text is cut (format.ts).
import type { OutputOfSchema } from '@toolpacks/registry';

/** A place in the source: a live frame, or a line of an exception's stack trace. */
export const LOCATION_SCHEMA = {
  type: 'object',
  properties: {
    function: { type: 'string', description: 'The function’s name; (anonymous) for an unnamed one.' },
    path: {
      type: 'string',
      description:
        "Workspace-relative inside the workspace, absolute outside it, 'node:…' for Node's own code; " +
        'absent for code without a file.',
    },
    line: { type: 'integer', description: '1-based.' },
    column: { type: 'integer', description: '1-based.' },
    text: { type: 'string', description: 'The source text of that line, trimmed, when known.' },
  },
  required: ['function', 'line', 'column'],
  additionalProperties: false,
} as const;

export const EXCEPTION_SCHEMA = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      description:
        "The thrown value's class and message ('TypeError: bad input'), or the value as text; its first " +
        '2,000 characters, then …, when it is longer.',
    },
    className: { type: 'string', description: 'The thrown object’s class, when it is an object.' },
    uncaught: { type: 'boolean', description: 'Nothing catches it: continuing ends the program with this error.' },
    thrownAt: {
      type: 'array',
      items: LOCATION_SCHEMA,
      description: 'Where it was thrown, innermost first: its stack trace (the program’s own frames).',
    },
  },
  required: ['message', 'uncaught', 'thrownAt'],
  additionalProperties: false,
} as const;

/** A breakpoint as the debugger keeps it (list_breakpoints shows the same). */
export const BREAKPOINT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'What remove_breakpoint takes.' },
    path: { type: 'string', description: 'Workspace-relative.' },
    line: { type: 'integer', description: '1-based.' },
    condition: { type: 'string', description: 'The program stops there only when this JavaScript expression is true.' },
    verified: {
      type: 'boolean',
      description:
        'The debugger bound it to code (after a session ended: it bound in that session). False: no ' +
        'code was loaded for its line yet.',
    },
    requestedLine: {
      type: 'integer',
      description: 'The line asked for, when it had no code and the breakpoint moved to `line`.',
    },
  },
  required: ['id', 'path', 'line', 'verified'],
  additionalProperties: false,
} as const;

/** The properties of a status after the program ran: where it stopped, or how it ended, and its output. */
export const STATUS_PROPERTIES = {
  state: {
    type: 'string',
    enum: ['stopped', 'running', 'exited'],
    description:
      "'stopped': paused, so get_call_stack, get_variables and evaluate_expression work; 'running': " +
      "it has not stopped within the wait (continue_execution waits again); 'exited': it ended and " +
      'the debug session with it.',
  },
  reason: {
    type: 'string',
    description: "Why it paused: 'breakpoint bp-1', 'step over', 'debugger statement', 'exception', ….",
  },
  location: { ...LOCATION_SCHEMA, description: 'Where it is paused: the top frame.' },
  exception: { ...EXCEPTION_SCHEMA, description: 'The exception it is paused on.' },
  exitCode: { type: ['integer', 'null'], description: 'Its exit code once it ended; null when a signal ended it.' },
  stderr: {
    type: 'string',
    description: 'The last lines it wrote to stderr, when it ended with a non-zero exit code.',
  },
  output: {
    type: 'string',
    description: 'What it printed (stdout and stderr) since the last call: its latest lines within the result budget.',
  },
  outputLinesOmitted: { type: 'integer', description: 'Earlier lines of that output left out to fit the result.' },
  outputCharsOmitted: {
    type: 'integer',
    description: 'Characters of output before those that the debugger did not keep.',
  },
  neverHit: {
    type: 'array',
    items: {
      type: 'object',
      properties: { id: { type: 'string' }, path: { type: 'string' }, line: { type: 'integer' } },
      required: ['id', 'path', 'line'],
      additionalProperties: false,
    },
    description:
      'Breakpoints the session that just ended never bound: no code was loaded for their line (the ' +
      'file never ran, or node ran code compiled from it).',
  },
} as const;

/** start_debugging, continue_execution and step_execution: the program's status after the call. */
export const STATUS_SCHEMA = {
  type: 'object',
  properties: STATUS_PROPERTIES,
  required: ['state'],
  additionalProperties: false,
} as const;

export type StatusValue = OutputOfSchema<typeof STATUS_SCHEMA>;
export type BreakpointValue = OutputOfSchema<typeof BREAKPOINT_SCHEMA>;
export type LocationValue = OutputOfSchema<typeof LOCATION_SCHEMA>;
export type ExceptionValue = OutputOfSchema<typeof EXCEPTION_SCHEMA>;
