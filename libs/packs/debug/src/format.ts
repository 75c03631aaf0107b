import { ContextKeys, type DebugStatus } from '@toolpacks/services';

export const WHEN_STOPPED = `${ContextKeys.debugState} == 'stopped'`;
export const WHEN_DEBUGGING = `${ContextKeys.debugState} != 'inactive'`;

/** Where the program is now, and what it printed since the last call. */
export function formatStatus(status: DebugStatus): string {
  let text: string;
  if (status.state === 'stopped' && status.frame) {
    const { frame } = status;
    text = `Stopped (${status.reason ?? 'paused'}) in ${frame.name} at ${frame.path ?? '<unknown>'}:${frame.line}. Use get_call_stack, get_variables or evaluate_expression, then continue_execution or step_execution.`;
  } else if (status.state === 'running') {
    text =
      'The program is running and has not stopped yet. Call continue_execution to wait for the next breakpoint, or stop_debugging.';
  } else {
    text = `The program ended${status.exitCode !== undefined && status.exitCode !== null ? ` with exit code ${status.exitCode}` : ''}.`;
  }
  return status.output ? `${text}\nProgram output:\n${status.output.trimEnd()}` : text;
}
