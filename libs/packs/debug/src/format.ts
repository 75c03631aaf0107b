import { DEFAULT_RESULT_TOKEN_BUDGET, CHARS_PER_TOKEN } from '@toolpacks/registry';
import {
  ContextKeys,
  type BreakpointInfo,
  type DebugService,
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
 * The breakpoints a session that just ended never bound: no code was loaded for their line (the
 * file never ran, or node ran code compiled from it, whose lines differ). Empty when all bound.
 */
export function neverHitNote(breakpoints: readonly BreakpointInfo[]): string {
  const unbound = breakpoints.filter((b) => !b.verified);
  if (!unbound.length) return '';
  return unbound
    .map(
      (b) =>
        `${b.id} at ${b.path}:${b.line} was never hit: no code was loaded for that line (the file never ran, or node ran code compiled from it, such as TypeScript, whose lines differ).`,
    )
    .join('\n');
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
  const note = wasActive && status.state === 'inactive' ? neverHitNote(debug.listBreakpoints()) : '';
  return formatStatus(status, maxChars - note.length, note);
}

/**
 * Where the program is now, and what it printed since the last call: its latest lines within
 * `maxChars` (the result budget), saying what was left out. `note` follows the status line.
 */
export function formatStatus(status: DebugStatus, maxChars = DEFAULT_CHARS, note = ''): string {
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
  if (note) text += `\n${note}`;
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
