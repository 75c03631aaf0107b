// The debug service's errors say what happened and name no tool; by the error's code, this is the
// sentence the model gets after those words: which of this pack's tools to call next.
import type { WorkspaceErrorCode } from '@toolpacks/services';

export const debugErrorHints = {
  'not-debugging': 'Start one with start_debugging.',
  'still-starting': 'Wait for start_debugging to return, or call stop_debugging.',
  'start-cancelled': 'Call start_debugging again if you still need it.',
  'no-breakpoint': 'Use list_breakpoints to see their ids.',
  'no-inspector': 'Try start_debugging again, or run the program without the debugger.',
  // set_breakpoint reads the file its breakpoint is in.
  'too-large': 'Use grep_search to find the part you need.',
} as const satisfies Partial<Record<WorkspaceErrorCode, string>>;
