import {
  CHARS_PER_TOKEN,
  DEFAULT_RESULT_TOKEN_BUDGET,
  jsonChars,
  jsonStringChars,
  partWithinJson,
  resultCharBudget,
  structuredResult,
} from '@toolpacks/registry';
import type { ToolTokenizationOptions } from '@toolpacks/registry';
import { ContextKeys } from '@toolpacks/services';
import type {
  BreakpointInfo,
  DebugService,
  DebugStatus,
  ExceptionInfo,
  SourceLocation,
  StackFrameInfo,
} from '@toolpacks/services';
import { cutToFit } from './resultFit';
import type { BreakpointValue, ExceptionValue, LocationValue, StatusValue } from './schemas';

export const WHEN_STOPPED = `${ContextKeys.debugState} == 'stopped'`;
export const WHEN_DEBUGGING = `${ContextKeys.debugState} != 'inactive'`;

const DEFAULT_CHARS = DEFAULT_RESULT_TOKEN_BUDGET * CHARS_PER_TOKEN;

/**
 * An exception's message is shown up to this many characters (and a sixth of that as JSON, so a
 * message of quotes or control characters is cut too), then "…": a thrown string or an error
 * message can be megabytes, and every result that shows the exception must fit its budget.
 */
export const MAX_MESSAGE_CHARS = 2_000;

/** The message as results show it, text and data alike. */
function shownMessage(message: string): string {
  return cutToFit(message, MAX_MESSAGE_CHARS, MAX_MESSAGE_CHARS).text;
}

/** `fn at file:line` and, when known, the line's text. */
export function formatLocation(frame: StackFrameInfo | SourceLocation, withColumn = false): string {
  const where = `${frame.name} at ${frame.path ?? '<unknown>'}:${frame.line}${withColumn ? `:${frame.column}` : ''}`;
  const text = 'text' in frame ? frame.text : undefined;
  return text ? `${where}: ${JSON.stringify(text)}` : where;
}

/** `an uncaught TypeError: bad input, thrown in thrower at app.js:3` */
export function formatException(exception: ExceptionInfo): string {
  const thrown = exception.thrownAt[0];
  const what = exception.uncaught ? 'an uncaught exception' : 'an exception';
  return `${what}: ${shownMessage(exception.message)}${thrown ? `, thrown in ${formatLocation(thrown, true)}` : ''}`;
}

/** The breakpoints of `breakpoints` no code was loaded for (the ones a session that just ended never bound). */
function unbound(breakpoints: readonly BreakpointInfo[]): readonly BreakpointInfo[] {
  return breakpoints.filter((b) => !b.verified);
}

/**
 * The breakpoints a session that just ended never bound: no code was loaded for their line (the
 * file never ran, or node ran code compiled from it, whose lines differ). Empty when all bound.
 */
export function neverHitNote(breakpoints: readonly BreakpointInfo[]): string {
  return unbound(breakpoints)
    .map(
      (b) =>
        `${b.id} at ${b.path}:${b.line} was never hit: no code was loaded for that line (the file never ` +
        'ran, or node ran code compiled from it, such as TypeScript, whose lines differ).',
    )
    .join('\n');
}

/** A status as text and as data: the data says what the text says, its output cut where the text is cut. */
export interface StatusResult {
  readonly text: string;
  readonly structured: StatusValue;
}

/**
 * A call's result when the session may have ended in it (`wasActive`: it was running or stopped
 * before): the status, and the breakpoints that never bound once it ended.
 */
export function formatEndingStatus(
  status: DebugStatus,
  debug: DebugService,
  maxChars = DEFAULT_CHARS,
  wasActive = true,
): string {
  return describeEndingStatus(status, debug, maxChars, wasActive).text;
}

/** {@link formatEndingStatus}, with the same status as data. */
export function describeEndingStatus(
  status: DebugStatus,
  debug: DebugService,
  maxChars = DEFAULT_CHARS,
  wasActive = true,
): StatusResult {
  const neverHit = wasActive && status.state === 'inactive' ? unbound(debug.listBreakpoints()) : [];
  const note = neverHitNote(neverHit);
  const described = describeStatus(status, maxChars - note.length, note);
  if (!neverHit.length) return described;
  return {
    text: described.text,
    structured: { ...described.structured, neverHit: neverHit.map(({ id, path, line }) => ({ id, path, line })) },
  };
}

/** The answer of a call that ran the program (start, continue, step): its status as text and data, within the call's budget. */
export function endingResult(status: DebugStatus, debug: DebugService, tokenization?: ToolTokenizationOptions) {
  const { text, structured } = describeEndingStatus(status, debug, resultCharBudget(tokenization));
  return structuredResult(structured, text);
}

/**
 * Where the program is now, and what it printed since the last call: its latest lines within
 * `maxChars` (the result budget), saying what was left out. `note` follows the status line.
 */
export function formatStatus(status: DebugStatus, maxChars = DEFAULT_CHARS, note = ''): string {
  return describeStatus(status, maxChars, note).text;
}

function describeStatus(status: DebugStatus, maxChars: number, note: string): StatusResult {
  let text: string;
  let structured: StatusValue;
  if (status.state === 'stopped' && status.frame) {
    const { frame } = status;
    const next = 'Use get_call_stack, get_variables or evaluate_expression, then continue_execution or step_execution.';
    if (status.exception) {
      const inNode = frame.path?.startsWith('node:');
      text = `Paused on ${formatException(status.exception)}.${
        inNode
          ? ` The program is paused in Node's own code (${formatLocation(frame)}); the throwing frames ` +
            'have already returned.'
          : ` Stopped in ${formatLocation(frame)}.`
      }${status.exception.uncaught ? ' Continuing ends the program with this error.' : ''} ${next}`;
    } else text = `Stopped (${status.reason ?? 'paused'}) in ${formatLocation(frame)}. ${next}`;
    structured = {
      state: 'stopped',
      ...(status.reason !== undefined ? { reason: status.reason } : {}),
      location: locationValue(frame),
      ...(status.exception ? { exception: exceptionValue(status.exception) } : {}),
    };
  } else if (status.state === 'running') {
    text =
      'The program is running and has not stopped yet. Call continue_execution to wait for the next ' +
      'breakpoint, or stop_debugging.';
    structured = { state: 'running' };
  } else if (status.exitCode !== undefined && status.exitCode !== null && status.exitCode !== 0) {
    text = `The program crashed: it ended with exit code ${status.exitCode}.`;
    const tail = status.stderrTail?.trimEnd();
    if (tail && !status.output.includes(tail)) text += `\nLast lines on stderr:\n${tail}`;
    structured = { state: 'exited', exitCode: status.exitCode, ...(tail ? { stderr: tail } : {}) };
  } else {
    const exitCode =
      status.exitCode !== undefined && status.exitCode !== null ? ` with exit code ${status.exitCode}` : '';
    text = `The program ended${exitCode}.`;
    // A session stopped before it started (or one whose exit code is unknown) has none to give.
    structured = { state: 'exited', ...(status.exitCode !== undefined ? { exitCode: status.exitCode } : {}) };
  }
  if (note) text += `\n${note}`;
  const output = status.output.trimEnd();
  const charsOmitted = status.outputOmitted ? { outputCharsOmitted: status.outputOmitted } : {};
  if (!output)
    return {
      text: status.outputOmitted
        ? `${text}\n(${status.outputOmitted} characters of earlier output were not kept.)`
        : text,
      structured: { ...structured, ...charsOmitted },
    };
  // The output is cut where it fits both as text and as the data's JSON, beside the rest of each.
  const latest = latestLines(
    output,
    Math.max(200, maxChars - text.length - 200),
    Math.max(200, maxChars - jsonChars({ ...structured, ...charsOmitted }) - 200),
    status.outputOmitted ?? 0,
  );
  return {
    text: `${text}\n${latest.text}`,
    structured: {
      ...structured,
      output: latest.kept,
      ...(latest.omittedLines ? { outputLinesOmitted: latest.omittedLines } : {}),
      ...charsOmitted,
    },
  };
}

/** A frame or a stack-trace line as data. */
export function locationValue(location: StackFrameInfo | SourceLocation): LocationValue {
  const text = 'text' in location ? location.text : undefined;
  return {
    function: location.name,
    ...(location.path !== undefined ? { path: location.path } : {}),
    line: location.line,
    column: location.column,
    ...(text ? { text } : {}),
  };
}

/** An exception the program paused on, as data. */
export function exceptionValue(exception: ExceptionInfo): ExceptionValue {
  return {
    message: shownMessage(exception.message),
    ...(exception.className !== undefined ? { className: exception.className } : {}),
    uncaught: exception.uncaught,
    thrownAt: exception.thrownAt.map(locationValue),
  };
}

/** A breakpoint as data. */
export function breakpointValue(b: BreakpointInfo): BreakpointValue {
  return {
    id: b.id,
    path: b.path,
    line: b.line,
    ...(b.condition !== undefined ? { condition: b.condition } : {}),
    verified: b.verified,
    ...(b.requestedLine !== undefined ? { requestedLine: b.requestedLine } : {}),
  };
}

/**
 * "Program output:" and its latest lines within `maxChars` (and `maxJsonChars` as a JSON string),
 * saying how much came before; and the lines kept.
 */
function latestLines(
  output: string,
  maxChars: number,
  maxJsonChars: number,
  omittedChars: number,
): { text: string; kept: string; omittedLines: number } {
  const fits = output.length <= maxChars && jsonStringChars(output) <= maxJsonChars;
  if (fits && !omittedChars) return { text: `Program output:\n${output}`, kept: output, omittedLines: 0 };
  let kept = output;
  let omittedLines = 0;
  if (!fits) {
    kept = latestThatFit(output, maxChars, maxJsonChars);
    omittedLines = output.slice(0, output.length - kept.length).split('\n').length - 1;
  }
  const left = [
    omittedLines ? `${omittedLines} earlier line${omittedLines === 1 ? '' : 's'}` : '',
    omittedChars ? `${omittedChars} characters before them` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    text: `Program output (its latest lines; ${left} left out to fit the result):\n${kept}`,
    kept,
    omittedLines,
  };
}

/** The last lines of `output` that fit `maxChars` and `maxJsonChars`; the end of its last line when that alone does not. */
function latestThatFit(output: string, maxChars: number, maxJsonChars: number): string {
  const lines = output.split('\n');
  let text = 0;
  let json = 0;
  let first = lines.length;
  while (first > 0) {
    const line = lines[first - 1];
    const separator = first < lines.length ? 1 : 0;
    const nextText = text + line.length + separator;
    const nextJson = json + jsonStringChars(line) + 2 * separator;
    if (nextText > maxChars || nextJson > maxJsonChars) break;
    text = nextText;
    json = nextJson;
    first--;
  }
  if (first === lines.length) return partWithinJson(lines[lines.length - 1], maxChars, maxJsonChars, true);
  return lines.slice(first).join('\n');
}
