// Issue 23, item 3: every debug tool declares an outputSchema, and a call's structuredContent (which
// the harness checks against it) says what its text says, cut where the text is cut. Real Node
// debuggees in temporary folders.
import Ajv2020 from 'ajv/dist/2020';
import type { OutputOf, ToolValue } from '@toolpacks/registry';
import { createPackHarness, SAMPLE_PROGRAM, testModels } from '@toolpacks/host-node/testing';
import type { HarnessCallResult, PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from './index';
import { evaluateExpression } from './tools/evaluate_expression';
import { getCallStack } from './tools/get_call_stack';
import { getVariables } from './tools/get_variables';
import { listBreakpoints } from './tools/list_breakpoints';
import { removeBreakpoint } from './tools/remove_breakpoint';
import { setBreakpoint } from './tools/set_breakpoint';
import { startDebugging } from './tools/start_debugging';
import { stopDebugging } from './tools/stop_debugging';
import { QUICK_STOPS, RUNS_CODE } from './testing';

jest.setTimeout(90_000);

const THROWING = `function thrower(v) {
  throw new TypeError('bad ' + v);
}
thrower(1);
`;

const FILES = {
  'program.js': SAMPLE_PROGRAM,
  'throwing.js': THROWING,
  'waits.js': `setInterval(() => {}, 1000);\n`,
  'noisy.js': `for (let i = 0; i < 5000; i++) console.log('line ' + i + ' ' + 'x'.repeat(40));\n`,
  'many.js': `${Array.from({ length: 400 }, (_, i) => `const v${i} = '${'y'.repeat(60)}';`).join('\n')}\ndebugger;\n`,
  'deep.js': `function down(n) {\n  if (n === 0) debugger;\n  else down(n - 1);\n}\ndown(2000);\n`,
};

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], FILES, QUICK_STOPS)));
afterEach(() => h.dispose());

/** The call's structured result, typed by the tool's outputSchema; the call must have succeeded. */
function data<T extends ToolValue>(_tool: T, result: HarnessCallResult): OutputOf<T> {
  expect(result.status).toBe('ok');
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as OutputOf<T>;
}

/** Paths (`properties.location`) of object schemas inside `schema` that do not say `additionalProperties: false`. */
function openObjects(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as { type?: unknown; properties?: Record<string, unknown>; items?: unknown };
  const here = s.type === 'object' && (schema as { additionalProperties?: unknown }).additionalProperties !== false;
  return [
    ...(here ? [at || '(top)'] : []),
    ...Object.entries(s.properties ?? {}).flatMap(([name, p]) => openObjects(p, `${at}.${name}`)),
    ...openObjects(s.items, `${at}[]`),
  ];
}

describe('debug pack output schemas', () => {
  it('every tool declares a closed object outputSchema that is valid JSON Schema 2020-12 (Ajv strict mode)', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    expect(debugPack.tools).toHaveLength(10);
    for (const { definition } of debugPack.tools) {
      const schema = definition.outputSchema;
      expect({ tool: definition.name, type: schema?.type }).toEqual({ tool: definition.name, type: 'object' });
      expect(ajv.validateSchema(schema!)).toBe(true);
      expect(() => ajv.compile(schema!)).not.toThrow(); // strict: an unknown keyword or a required property not declared throws
      expect({ tool: definition.name, open: openObjects(schema) }).toEqual({ tool: definition.name, open: [] });
    }
  });

  it('a session from the first breakpoint to the end: each result says as data what its text says', async () => {
    const empty = await h.call('list_breakpoints', {});
    expect(data(listBreakpoints, empty)).toEqual({ breakpoints: [] });
    expect(empty.text).toBe('No breakpoints are set.');

    const set = await h.call('set_breakpoint', { path: 'program.js', line: 2 });
    expect(data(setBreakpoint, set)).toEqual({
      breakpoints: [{ id: 'bp-1', path: 'program.js', line: 2, verified: false }],
    });
    expect(set.text).toBe('Breakpoint bp-1 set at program.js:2.');

    const started = await h.call('start_debugging', { program: 'program.js' }, RUNS_CODE);
    const at = data(startDebugging, started);
    expect(at).toEqual({
      state: 'stopped',
      reason: 'breakpoint bp-1',
      location: {
        function: 'add',
        path: 'program.js',
        line: 2,
        column: expect.any(Number),
        text: 'const sum = a + b;',
      },
    });
    expect(started.text).toMatch(/^Stopped \(breakpoint bp-1\) in add at program.js:2: "const sum = a \+ b;"\./);

    const stack = await h.call('get_call_stack', {});
    const { frames } = data(getCallStack, stack);
    expect(frames.map((f) => [f.index, f.function, f.path, f.line])).toEqual([
      [0, 'add', 'program.js', 2],
      [1, '(anonymous)', 'program.js', 8],
    ]);
    expect(stack.text).toBe(
      frames
        .map((f) => `#${f.index} ${f.function} at ${f.path}:${f.line}:${f.column}: ${JSON.stringify(f.text)}`)
        .join('\n'),
    );

    const variables = await h.call('get_variables', {});
    const { frameIndex, scopes } = data(getVariables, variables);
    expect(frameIndex).toBe(0);
    expect(scopes[0]).toEqual({
      name: 'local (add)',
      variables: expect.arrayContaining([
        { name: 'a', value: '0', type: 'number' },
        { name: 'b', value: '1', type: 'number' },
      ]),
    });
    expect(variables.text).toBe(
      scopes
        .map(
          (s) =>
            `${s.name}:\n${s.variables.map((v) => `  ${v.name} (${v.type}) = ${v.value}`).join('\n') || '  (none)'}`,
        )
        .join('\n'),
    );

    const evaluated = await h.call('evaluate_expression', { expression: '[a, b]' }, RUNS_CODE);
    expect(data(evaluateExpression, evaluated)).toEqual({ result: evaluated.text });
    expect(evaluated.text).toMatch(/^Array\(2\) \[0, 1\]$/);

    const stepped = await h.call('step_execution', { kind: 'over' });
    const landed = data(startDebugging, stepped);
    expect(landed).toMatchObject({ state: 'stopped', location: { function: 'add', path: 'program.js', line: 3 } });
    expect(stepped.text).toMatch(
      new RegExp(`^Stopped \\(${escapeRegExp(landed.reason!)}\\) in add at program.js:3: "return sum;"`),
    );

    const again = await h.call('continue_execution', {});
    expect(data(startDebugging, again)).toMatchObject({
      state: 'stopped',
      reason: 'breakpoint bp-1',
      location: { line: 2 },
    });

    const listed = await h.call('list_breakpoints', {});
    expect(data(listBreakpoints, listed)).toEqual({
      breakpoints: [{ id: 'bp-1', path: 'program.js', line: 2, verified: true }],
    });
    expect(listed.text).toBe('bp-1 program.js:2 (verified)');

    const removed = await h.call('remove_breakpoint', { id: 'bp-1' });
    expect(data(removeBreakpoint, removed)).toEqual({
      removed: { id: 'bp-1', path: 'program.js', line: 2, verified: true },
      breakpoints: [],
    });
    expect(removed.text).toBe('Breakpoint bp-1 removed.');

    const ended = await h.call('continue_execution', {});
    expect(data(startDebugging, ended)).toEqual({ state: 'exited', exitCode: 0, output: 'total 6' });
    expect(ended.text).toBe('The program ended with exit code 0.\nProgram output:\ntotal 6');
  });

  it('stop_debugging says whether it ended a program; a start that keeps running says so', async () => {
    const started = await h.call('start_debugging', { program: 'waits.js' }, RUNS_CODE);
    expect(data(startDebugging, started)).toEqual({ state: 'running' });
    expect(started.text).toMatch(/^The program is running and has not stopped yet/);
    // A tool list resolved while the program ran, used after it ended: nothing was left to stop.
    const stale = h.registry.resolve({ model: testModels.general, context: h.host.contextKeys.values });

    const stopped = await h.call('stop_debugging', {});
    const first = data(stopDebugging, stopped);
    expect(first).toMatchObject({ stopped: true, state: 'exited' });
    expect(stopped.text).toBe(
      `The program ended${typeof first.exitCode === 'number' ? ` with exit code ${first.exitCode}` : ''}.`,
    );

    const again = await h.registry.invoke(stale, { callId: 'again', name: 'stop_debugging', input: {} });
    expect(again.structuredContent).toMatchObject({ stopped: false, state: 'exited' });
  });

  it('an uncaught exception: where it was thrown, on the stack too; continuing reports the crash and its stderr', async () => {
    const started = await h.call('start_debugging', { program: 'throwing.js' }, RUNS_CODE);
    const paused = data(startDebugging, started);
    const exception = { message: 'TypeError: bad 1', className: 'TypeError', uncaught: true };
    expect(paused).toMatchObject({ state: 'stopped', location: { function: 'thrower', line: 2 }, exception });
    // Innermost first: the throwing function, then its caller at the top level.
    expect(paused.exception!.thrownAt.map((l) => [l.function, l.path, l.line])).toEqual([
      ['thrower', 'throwing.js', 2],
      [expect.any(String), 'throwing.js', 4],
    ]);
    expect(started.text).toContain(
      `Paused on an uncaught exception: ${paused.exception!.message}, thrown in thrower at throwing.js:2:`,
    );

    const stack = data(getCallStack, await h.call('get_call_stack', {}));
    expect(stack.exception).toEqual(paused.exception);
    expect(stack.frames[0]).toMatchObject({ index: 0, function: 'thrower', line: 2 });

    const crashed = await h.call('continue_execution', {});
    const ended = data(startDebugging, crashed);
    expect(ended).toMatchObject({ state: 'exited', exitCode: 1, stderr: expect.stringContaining('TypeError: bad 1') });
    expect(crashed.text).toMatch(/^The program crashed: it ended with exit code 1\./);
  });

  it('an evaluation the program does not survive ends the session, and says so as data', async () => {
    await h.call('set_breakpoint', { path: 'program.js', line: 2 });
    await h.call('start_debugging', { program: 'program.js' }, RUNS_CODE);
    const result = await h.call('evaluate_expression', { expression: 'process.exit(3)' }, RUNS_CODE);
    expect(data(evaluateExpression, result)).toEqual({ result: result.text, sessionEnded: true });
    expect(result.text).toMatch(/^The program exited \(code 3\) while evaluating/);
  });
});

describe('structured results are cut where the text is cut', () => {
  const budget = { ...RUNS_CODE, tokenBudget: 1_000 };

  it('program output: its latest lines, and how many earlier ones were left out', async () => {
    const result = await h.call('start_debugging', { program: 'noisy.js' }, budget);
    const ended = data(startDebugging, result);
    const [, lines, chars] =
      /; (\d+) earlier lines(?: and (\d+) characters before them)? left out/.exec(result.text) ?? [];
    expect(ended).toMatchObject({ state: 'exited', exitCode: 0, outputLinesOmitted: Number(lines) });
    // Characters the debugger itself did not keep, before those lines, when it kept less than all.
    expect(ended.outputCharsOmitted).toBe(chars === undefined ? undefined : Number(chars));
    expect(result.text.endsWith(`left out to fit the result):\n${ended.output}`)).toBe(true);
    expect(ended.output!.endsWith(`line 4999 ${'x'.repeat(40)}`)).toBe(true);
    expect(ended.output!.split('\n').length + ended.outputLinesOmitted!).toBeLessThanOrEqual(5_000);
  });

  it('variables: those the text shows, and the count of those left out', async () => {
    await h.call('start_debugging', { program: 'many.js' }, RUNS_CODE);
    const result = await h.call('get_variables', {}, { tokenBudget: 1_000 });
    const { scopes, variablesOmitted } = data(getVariables, result);
    const shown = scopes.flatMap((s) => s.variables.map((v) => `  ${v.name} (${v.type}) = ${v.value}`));
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(result.text).toContain(line);
    expect(result.text).toContain(`\n(${variablesOmitted} more variables in `);
    expect(shown.length + variablesOmitted!).toBeGreaterThanOrEqual(400);
  });

  it('a long value: its first part and its whole length', async () => {
    await h.call('start_debugging', { program: 'many.js' }, RUNS_CODE);
    const result = await h.call('evaluate_expression', { expression: "'z'.repeat(20000)" }, budget);
    const value = data(evaluateExpression, result);
    expect(value.length).toBe(20_002); // with its quotes
    expect(
      result.text.startsWith(
        `${value.result}\n(The value is 20002 characters; the first ${value.result.length} are shown.`,
      ),
    ).toBe(true);
  });

  it('a deep stack: the top frames, and how many deeper ones were left out', async () => {
    await h.call('start_debugging', { program: 'deep.js' }, RUNS_CODE);
    const result = await h.call('get_call_stack', {}, { tokenBudget: 3_000 });
    const { frames, framesOmitted } = data(getCallStack, result);
    expect(frames[0]).toMatchObject({ index: 0, function: 'down', line: 2 });
    expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => i));
    expect(result.text).toMatch(new RegExp(`\\n\\(${framesOmitted} deeper frames left out to fit the result\\.\\)$`));
    expect(frames.length + framesOmitted!).toBeGreaterThan(2_000);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
