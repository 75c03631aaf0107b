import { definePack, defineToolSet } from '@toolpacks/registry';
import { debugErrorHints } from './errorHints';
import { continueExecution } from './tools/continue_execution';
import { evaluateExpression } from './tools/evaluate_expression';
import { getCallStack } from './tools/get_call_stack';
import { getVariables } from './tools/get_variables';
import { listBreakpoints } from './tools/list_breakpoints';
import { removeBreakpoint } from './tools/remove_breakpoint';
import { setBreakpoint } from './tools/set_breakpoint';
import { startDebugging } from './tools/start_debugging';
import { stepExecution } from './tools/step_execution';
import { stopDebugging } from './tools/stop_debugging';

export { formatStatus, WHEN_DEBUGGING, WHEN_STOPPED } from './format';

const tools = [
  startDebugging,
  setBreakpoint,
  removeBreakpoint,
  listBreakpoints,
  getCallStack,
  getVariables,
  evaluateExpression,
  continueExecution,
  stepExecution,
  stopDebugging,
];

/** Debugging Node programs. Needs DebugService; tools that need a stopped program follow debugState. */
export const debugPack = definePack({
  id: 'debug',
  displayName: 'Debug',
  version: '0.1.0',
  tools,
  errorHints: debugErrorHints,
  toolSets: [
    defineToolSet({
      name: 'debug',
      description: 'Run a Node program under the debugger and inspect it.',
      icon: 'debug',
      tools,
    }),
  ],
});
