// The debug tools' structured results stay within the result budget like their text (issue 23
// review): a frame's JSON is twice its line, a string value of quotes doubles again as JSON, an
// ANSI colour code takes six characters. Each result is cut where both its text and its data still
// fit, and they hold the same frames, variables, value and output. The default budget (60,000
// characters); real Node debuggees in temporary folders, through the registry (whose harness fails a
// call whose data is over the budget, or whose text it had to cut).
import { jsonChars } from '@toolpacks/registry';
import type { OutputOf, ToolValue } from '@toolpacks/registry';
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { HarnessCallResult, PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from './index';
import { evaluateExpression } from './tools/evaluate_expression';
import { getCallStack } from './tools/get_call_stack';
import { getVariables } from './tools/get_variables';
import { startDebugging } from './tools/start_debugging';
import { QUICK_STOPS, RUNS_CODE } from './testing';

jest.setTimeout(90_000);

const BUDGET = 60_000;
const QUOTES = Array.from({ length: 20 }, (_, i) => `  const q${i} = '"\\\\'.repeat(600);`).join('\n');

const FILES = {
  'deep.js': `function down(n) {\n  if (n === 0) debugger;\n  else down(n - 1);\n}\ndown(3000);\n`,
  'values.js': `function inspect() {\n  const huge = '"'.repeat(40000);\n  const small = 42;\n${QUOTES}\n  debugger;\n}\ninspect();\n`,
  'colors.js': `for (let i = 0; i < 5000; i++) console.log('\\x1b[31mERR\\x1b[0m ' + i);\n`,
  'message.js': `throw new Error('m'.repeat(100000));\n`,
};

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], FILES, QUICK_STOPS)));
afterEach(() => h.dispose());

/** The call's structured result, within the budget as JSON and as text. */
function data<T extends ToolValue>(_tool: T, result: HarnessCallResult): OutputOf<T> {
  expect(result.status).toBe('ok');
  expect(result.text.length).toBeLessThanOrEqual(BUDGET);
  expect(jsonChars(result.structuredContent)).toBeLessThanOrEqual(BUDGET);
  return result.structuredContent as OutputOf<T>;
}

it('a deep stack: the frames the text shows, as data within the budget', async () => {
  await h.call('start_debugging', { program: 'deep.js' }, RUNS_CODE);
  const result = await h.call('get_call_stack', {});
  const { frames, framesOmitted } = data(getCallStack, result);
  const lines = result.text.split('\n');
  expect(lines.pop()).toBe(`(${framesOmitted} deeper frames left out to fit the result.)`);
  expect(lines).toEqual(
    frames.map((f) => `#${f.index} ${f.function} at ${f.path}:${f.line}:${f.column}: ${JSON.stringify(f.text)}`),
  );
  expect(frames.length).toBeGreaterThan(100);
  expect(frames.length + framesOmitted!).toBeGreaterThan(3_000);
});

it('variables: a huge value is cut so the others show; the rest stop where the data no longer fits', async () => {
  await h.call('start_debugging', { program: 'values.js' }, RUNS_CODE);
  const result = await h.call('get_variables', {});
  const { scopes, variablesOmitted } = data(getVariables, result);
  const local = scopes.find((s) => s.name.startsWith('local'))!;
  const [huge, small] = local.variables;
  expect(huge).toMatchObject({ name: 'huge', type: 'string', valueCut: true });
  expect(huge.value.endsWith('…')).toBe(true);
  expect(`"${'\\"'.repeat(40_000)}"`.startsWith(huge.value.slice(0, -1))).toBe(true);
  expect(small).toEqual({ name: 'small', value: '42', type: 'number' });
  expect(result.text).toContain(
    `  huge (string) = ${huge.value} [cut to fit the result; evaluate_expression reads more of it]`,
  );
  expect(result.text).toContain('  small (number) = 42');
  const shown = scopes.flatMap((s) => s.variables.filter((v) => !v.valueCut));
  for (const v of shown) expect(result.text).toContain(`  ${v.name} (${v.type}) = ${v.value}\n`);
  // The text would fit all twenty of the others; as data they are twice as long.
  expect(variablesOmitted).toBeGreaterThan(0);
  expect(result.text).toMatch(new RegExp(`\\n\\(${variablesOmitted} more variables? in local \\(inspect\\)`));
  expect(local.variables.length + variablesOmitted!).toBeGreaterThanOrEqual(22);
});

it('a value that fits as text but not as JSON: its first part, where both fit, and its length', async () => {
  await h.call('start_debugging', { program: 'values.js' }, RUNS_CODE);
  const result = await h.call('evaluate_expression', { expression: `'"'.repeat(25000)` }, RUNS_CODE);
  const value = data(evaluateExpression, result);
  expect(value.length).toBe(50_002);
  expect(value.result.length).toBeGreaterThan(10_000);
  expect(`"${'\\"'.repeat(25_000)}"`.startsWith(value.result)).toBe(true);
  expect(result.text).toBe(
    `${value.result}\n(The value is 50002 characters; the first ${value.result.length} are shown. Evaluate a part of it to read on, e.g. \`String(x).slice(${value.result.length}, ${value.result.length * 2})\` or one property.)`,
  );
});

it('program output with colour codes: its latest lines that fit as data too', async () => {
  const result = await h.call('start_debugging', { program: 'colors.js' }, RUNS_CODE);
  const ended = data(startDebugging, result);
  const [, lines] = /; (\d+) earlier lines left out/.exec(result.text) ?? [];
  expect(ended).toMatchObject({ state: 'exited', exitCode: 0, outputLinesOmitted: Number(lines) });
  expect(result.text.endsWith(`left out to fit the result):\n${ended.output}`)).toBe(true);
  expect(ended.output!.endsWith('\x1b[31mERR\x1b[0m 4999')).toBe(true);
  expect(ended.output!.split('\n').length + ended.outputLinesOmitted!).toBe(5_000);
});

it('an exception with a huge message: its start, in the text and the data alike', async () => {
  const started = await h.call('start_debugging', { program: 'message.js', pauseOnExceptions: 'uncaught' }, RUNS_CODE);
  const paused = data(startDebugging, started);
  const message = paused.exception!.message;
  expect(message).toBe(`Error: ${'m'.repeat(1_992)}…`);
  expect(started.text).toContain(`Paused on an uncaught exception: ${message}, thrown in`);
  const stack = await h.call('get_call_stack', {});
  expect(data(getCallStack, stack).exception!.message).toBe(message);
  expect(stack.text).toMatch(new RegExp(`^Paused on an uncaught exception: Error: m{1992}…, thrown in`));
});
