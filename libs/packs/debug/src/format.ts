import { DEFAULT_RESULT_TOKEN_BUDGET, CHARS_PER_TOKEN } from '@toolpacks/registry';
import {
  ContextKeys,
  type DebugStatus,
  type ExceptionInfo,
  type SourceLocation,
  type StackFrameInfo,
} from '@toolpacks/services';

export const WHEN_STOPPED = `${ContextKeys.debugState} == 'stopped'`;
export const WHEN_DEBUGGING = `${ContextKeys.debugState} != 'inactive'`;

const DEFAULT_CHARS = DEFAULT_RESULT_TOKEN_BUDGET * CHARS_PER_TOKEN;

/** `fn at file:line` and, when known, the line's text. */
export function formatLocation(frame: StackFrameInfo | SourceLocation, withColumn = false): string {
  const where = `${frame.name} at ${frame.path ?? '<unknown>'}:${frame.line}${withColumn ? `:${frame.column}` : ''}`;
  const text = 'text' in frame ? frame.text : undefined;
  return text ? `${where}: ${JSON.stringify(text)}` : where;
}

/** `an uncaught TypeError: bad input, thrown in thrower at app.js:3` */
export function formatException(exception: ExceptionInfo): string {
  const thrown = exception.thrownAt[0];
  return `${exception.uncaught ? 'an uncaught exception' : 'an exception'}: ${exception.message}${thrown ? `, thrown in ${formatLocation(thrown, true)}` : ''}`;
}

/**
 * Where the program is now, and what it printed since the last call: its latest lines within
 * `maxChars` (the result budget), saying what was left out.
 */
export function formatStatus(status: DebugStatus, maxChars = DEFAULT_CHARS): string {
  let text: string;
  if (status.state === 'stopped' && status.frame) {
    const { frame } = status;
    const next = 'Use get_call_stack, get_variables or evaluate_expression, then continue_execution or step_execution.';
    if (status.exception) {
      const inNode = frame.path?.startsWith('node:');
      text = `Paused on ${formatException(status.exception)}.${
        inNode
          ? ` The program is paused in Node's own code (${formatLocation(frame)}); the throwing frames have already returned.`
          : ` Stopped in ${formatLocation(frame)}.`
      }${status.exception.uncaught ? ' Continuing ends the program with this error.' : ''} ${next}`;
    } else text = `Stopped (${status.reason ?? 'paused'}) in ${formatLocation(frame)}. ${next}`;
  } else if (status.state === 'running') {
    text =
      'The program is running and has not stopped yet. Call continue_execution to wait for the next breakpoint, or stop_debugging.';
  } else if (status.exitCode !== undefined && status.exitCode !== null && status.exitCode !== 0) {
    text = `The program crashed: it ended with exit code ${status.exitCode}.`;
    const tail = status.stderrTail?.trimEnd();
    if (tail && !status.output.includes(tail)) text += `\nLast lines on stderr:\n${tail}`;
  } else {
    text = `The program ended${status.exitCode !== undefined && status.exitCode !== null ? ` with exit code ${status.exitCode}` : ''}.`;
  }
  const output = status.output.trimEnd();
  if (!output)
    return status.outputOmitted
      ? `${text}\n(${status.outputOmitted} characters of earlier output were not kept.)`
      : text;
  return `${text}\n${latestLines(output, Math.max(200, maxChars - text.length - 200), status.outputOmitted ?? 0)}`;
}

/** "Program output:" and its latest lines within `maxChars`, saying how much came before. */
function latestLines(output: string, maxChars: number, omittedChars: number): string {
  if (output.length <= maxChars && !omittedChars) return `Program output:\n${output}`;
  let kept = output;
  let omittedLines = 0;
  if (output.length > maxChars) {
    const start = output.indexOf('\n', output.length - maxChars);
    kept = start >= 0 ? output.slice(start + 1) : output.slice(-maxChars);
    omittedLines = output.slice(0, output.length - kept.length).split('\n').length - 1;
  }
  const left = [
    omittedLines ? `${omittedLines} earlier line${omittedLines === 1 ? '' : 's'}` : '',
    omittedChars ? `${omittedChars} characters before them` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `Program output (its latest lines; ${left} left out to fit the result):\n${kept}`;
}
