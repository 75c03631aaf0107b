import { definePack } from '@toolpacks/registry';
import { continueExecutionDefinition, ContinueExecutionTool } from './tools/continue_execution';
import { evaluateExpressionDefinition, EvaluateExpressionTool } from './tools/evaluate_expression';
import { getCallStackDefinition, GetCallStackTool } from './tools/get_call_stack';
import { getVariablesDefinition, GetVariablesTool } from './tools/get_variables';
import { listBreakpointsDefinition, ListBreakpointsTool } from './tools/list_breakpoints';
import { removeBreakpointDefinition, RemoveBreakpointTool } from './tools/remove_breakpoint';
import { setBreakpointDefinition, SetBreakpointTool } from './tools/set_breakpoint';
import { startDebuggingDefinition, StartDebuggingTool } from './tools/start_debugging';
import { stepExecutionDefinition, StepExecutionTool } from './tools/step_execution';
import { stopDebuggingDefinition, StopDebuggingTool } from './tools/stop_debugging';

export { formatStatus, WHEN_DEBUGGING, WHEN_STOPPED } from './format';

/** Debugging Node programs. Needs DebugService; tools that need a stopped program follow debugState. */
export const debugPack = definePack({
  id: 'debug',
  displayName: 'Debug',
  version: '0.1.0',
  tools: [
    { definition: startDebuggingDefinition, implementation: StartDebuggingTool },
    { definition: setBreakpointDefinition, implementation: SetBreakpointTool },
    { definition: removeBreakpointDefinition, implementation: RemoveBreakpointTool },
    { definition: listBreakpointsDefinition, implementation: ListBreakpointsTool },
    { definition: getCallStackDefinition, implementation: GetCallStackTool },
    { definition: getVariablesDefinition, implementation: GetVariablesTool },
    { definition: evaluateExpressionDefinition, implementation: EvaluateExpressionTool },
    { definition: continueExecutionDefinition, implementation: ContinueExecutionTool },
    { definition: stepExecutionDefinition, implementation: StepExecutionTool },
    { definition: stopDebuggingDefinition, implementation: StopDebuggingTool },
  ],
  toolSets: [
    {
      name: 'debug',
      description: 'Run a Node program under the debugger and inspect it.',
      icon: 'debug',
      tools: [
        'start_debugging',
        'set_breakpoint',
        'remove_breakpoint',
        'list_breakpoints',
        'get_call_stack',
        'get_variables',
        'evaluate_expression',
        'continue_execution',
        'step_execution',
        'stop_debugging',
      ],
    },
  ],
});
