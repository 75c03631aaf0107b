// The debugger through its tools on a real Node debuggee (fixtures.ts DEBUGGEE), in the order a
// model would go: breakpoints, a start that stops, the stack, variables, evaluation, steps, the run
// to the end, then a start on entry and a stop. Every step's tools depend on the state before it.
import { cut } from './readCases';
import { call, type SnapshotCase } from './record';

export const DEBUG_CASES: readonly SnapshotCase[] = [
  call('list_breakpoints'),
  call('set_breakpoint', { path: 'program.js', line: 2 }),
  call('set_breakpoint', { path: 'program.js', line: 999 }),
  call('set_breakpoint', { path: 'missing.js', line: 1 }),
  call('set_breakpoint', { path: 'src', line: 1 }),
  call('set_breakpoint', { path: 'program.js', line: 8, condition: 'item === 3' }),
  call('list_breakpoints'),
  call('start_debugging', { program: 'missing.js' }),
  call('start_debugging', { program: 'src' }),
  call('start_debugging', { program: 'program.js' }),
  call('get_call_stack'),
  ...cut('get_call_stack', {}),
  call('get_variables'),
  call('get_variables', { frameIndex: 1 }),
  ...cut('get_variables', { frameIndex: 1 }),
  call('get_variables', { frameIndex: 9 }),
  call('evaluate_expression', { expression: 'a + b' }),
  call('evaluate_expression', { expression: '({ a, b, list: [a, b], nested: { deep: true } })' }),
  ...cut('evaluate_expression', { expression: "'y'.repeat(5000)" }),
  call('evaluate_expression', { expression: 'notDefined + 1' }),
  call('evaluate_expression', { expression: 'a', frameIndex: 7 }),
  call('step_execution', { kind: 'over' }),
  call('step_execution', { kind: 'into' }),
  call('step_execution', { kind: 'out' }),
  call('continue_execution'),
  call('remove_breakpoint', { id: 'bp-1' }),
  call('remove_breakpoint', { id: 'bp-9' }),
  call('continue_execution'),
  call('get_variables'),
  call('continue_execution'),
  call('list_breakpoints'),
  call('start_debugging', { program: 'program.js', stopOnEntry: true, args: ['one'], env: { SNAPSHOT: '1' } }),
  call('get_call_stack'),
  call('stop_debugging'),
];
