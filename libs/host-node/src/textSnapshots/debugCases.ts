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

/** A program whose uncaught exception the debugger pauses on (written before {@link CRASH_CASES} run). */
export const CRASH_FILES = {
  // Each writes to one stream only: the order in which stdout and stderr arrive is not fixed.
  'crash/throws.js': "function thrower(value) {\n  throw new TypeError('bad ' + value);\n}\nthrower(1);\n",
  'crash/output.js': "console.log('out');\nconsole.log('two');\nprocess.exitCode = 3;\n",
};

/** A pause on an uncaught exception, the stack it shows, the crash when continued; a run that ends on its own with output. */
export const CRASH_CASES: readonly SnapshotCase[] = [
  call('start_debugging', { program: 'crash/throws.js' }),
  call('get_call_stack'),
  call('continue_execution'),
  call('start_debugging', { program: 'crash/throws.js', pauseOnExceptions: 'none' }),
  call('start_debugging', { program: 'crash/output.js', cwd: 'crash' }),
];
