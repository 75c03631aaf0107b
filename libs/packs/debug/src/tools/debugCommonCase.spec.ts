// Issue 22, item 5 (and item 4 for debug results): the pack's tools over a real debuggee.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';
import { RUNS_CODE } from '../testing';

jest.setTimeout(90_000);

const THROWING = `function thrower(v) {
  throw new TypeError('bad ' + v);
}
thrower(1);
`;

const MODULE = `const greeting = 'hi';
let count = 2;

export function twice(n) {
  return n * count;
}
console.log(greeting, twice(3));
`;

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([debugPack], {
      'throwing.js': THROWING,
      'module.mjs': MODULE,
      'prints.js': `console.log(JSON.stringify({ args: process.argv.slice(2), env: process.env.GREETING }));\n`,
      'noisy.js': `for (let i = 0; i < 5000; i++) console.log('line ' + i + ' ' + 'x'.repeat(40));\n`,
      'many.js': `const big = {};\n${Array.from({ length: 400 }, (_, i) => `const v${i} = '${'y'.repeat(60)}';`).join('\n')}\ndebugger;\n`,
      'sub/.keep': '',
    })),
);
afterEach(() => h.dispose());

describe('debugging the common case', () => {
  it('pauses on an uncaught exception with its message and the throwing function on the stack; continuing reports the crash', async () => {
    const started = await h.call('start_debugging', { program: 'throwing.js' }, RUNS_CODE);
    expect(started.text).toMatch(
      /^Paused on an uncaught exception: TypeError: bad 1, thrown in thrower at throwing.js:2:\d+\. Stopped in thrower at throwing.js:2: "throw new TypeError\('bad ' \+ v\);"\. Continuing ends the program/,
    );
    const stack = (await h.call('get_call_stack', {})).text;
    expect(stack).toMatch(/Thrown at \(its stack trace\):\n {2}at thrower at throwing.js:2:\d+/);
    expect(stack).toMatch(/\n#0 thrower at throwing.js:2:\d+/);
    const ended = (await h.call('continue_execution', {})).text;
    expect(ended).toMatch(/^The program crashed: it ended with exit code 1\./);
    expect(ended).toContain('TypeError: bad 1');
  });

  it('shows the top-level variables of an ES module', async () => {
    await h.call('set_breakpoint', { path: 'module.mjs', line: 7 });
    expect((await h.call('start_debugging', { program: 'module.mjs' }, RUNS_CODE)).text).toMatch(
      /^Stopped \(breakpoint bp-1\)/,
    );
    const variables = (await h.call('get_variables', {})).text;
    expect(variables).toMatch(/^module:\n/);
    expect(variables).toContain('  greeting (string) = "hi"');
    expect(variables).toContain('  count (number) = 2');
    expect(variables).not.toContain('setTimeout');
  });

  it('refuses a breakpoint past the end of the file, and moves one from a blank line, saying so', async () => {
    const past = await h.call('set_breakpoint', { path: 'module.mjs', line: 999 });
    expect(past.text).toMatch(/Line 999 is past the end of 'module.mjs', which has 7 lines/);
    expect((await h.call('set_breakpoint', { path: 'module.mjs', line: 3 })).text).toBe(
      'Breakpoint bp-1 set at module.mjs:4. Line 3 has no code (blank or a comment), so it was moved to line 4, the next statement.',
    );
  });

  it('passes args and env to the program, and shows them (with cwd and runtime arguments) in the question', async () => {
    const asked: string[] = [];
    const input = { program: 'prints.js', args: ['one', 'two words'], env: { GREETING: 'hello' }, cwd: 'sub' };
    const result = await h.call('start_debugging', input, { confirm: async (r) => (asked.push(r.message), 'once') });
    expect(asked).toEqual(['```\ncd "sub"\nGREETING="hello"\nnode "prints.js" "one" "two words"\n```']);
    expect(result.text).toBe(
      'The program ended with exit code 0.\nProgram output:\n{"args":["one","two words"],"env":"hello"}',
    );
  });

  it('warns prominently about code loaded from outside the workspace, and refuses a cwd outside it', async () => {
    const asked: string[] = [];
    const outside = path.join(path.dirname(h.root), 'elsewhere', 'hook.js');
    await h.call(
      'start_debugging',
      { program: 'prints.js', env: { NODE_OPTIONS: `--require ${outside}` }, runtimeArgs: ['--import', 'tsx'] },
      { confirm: async (r) => (asked.push(r.message), 'decline') },
    );
    expect(asked[0]).toMatch(/^\*\*Warning:\*\* NODE_OPTIONS is set: it makes node or the system load other code/);
    expect(asked[0]).toContain(`**Warning:** it loads ${outside}, which is outside the workspace, before the program.`);
    expect(asked[0]).toContain('node "--import" "tsx" "prints.js"');
    const refused = await h.call('start_debugging', { program: 'prints.js', cwd: '../..' }, RUNS_CODE);
    expect(refused.text).toMatch(/outside the workspace/);
    expect(h.host.debug.state).toBe('inactive');
  });

  it('a step says where it landed, with the line', async () => {
    await h.call('set_breakpoint', { path: 'module.mjs', line: 5 });
    await h.call('start_debugging', { program: 'module.mjs' }, RUNS_CODE);
    expect((await h.call('step_execution', { kind: 'out' })).text).toMatch(
      /^Stopped \(step out.*\) in .* at module.mjs:7: "console.log\(greeting, twice\(3\)\);"/,
    );
  });

  it('a program that exits during an evaluation ends the session with a clear message', async () => {
    await h.call('set_breakpoint', { path: 'module.mjs', line: 7 });
    await h.call('start_debugging', { program: 'module.mjs' }, RUNS_CODE);
    const result = await h.call('evaluate_expression', { expression: 'process.exit(0)' }, RUNS_CODE);
    expect(result.status).toBe('ok');
    expect(result.text).toBe(
      'The program exited (code 0) while evaluating `process.exit(0)`; the debug session has ended.',
    );
    expect(h.names()).not.toContain('continue_execution');
  });

  it('keeps the latest output within the result budget and says what was left out', async () => {
    const result = await h.call('start_debugging', { program: 'noisy.js' }, { ...RUNS_CODE, tokenBudget: 1_000 });
    expect(result.text.length).toBeLessThanOrEqual(4_000);
    expect(result.text).toMatch(
      /^The program ended with exit code 0\.\nProgram output \(its latest lines; \d+ earlier lines( and \d+ characters before them)? left out to fit the result\):\nline \d+ x+\n/,
    );
    expect(result.text.endsWith(`line 4999 ${'x'.repeat(40)}`)).toBe(true);
  });

  it('cuts variables within the result budget between variables and says how many were left out', async () => {
    const started = await h.call('start_debugging', { program: 'many.js' }, RUNS_CODE);
    expect(started.text).toMatch(/^Stopped \(debugger statement\)/);
    const result = await h.call('get_variables', {}, { tokenBudget: 1_000 });
    expect(result.text.length).toBeLessThanOrEqual(4_000);
    expect(result.text).toMatch(
      /\n\(\d+ more variables in local left out to fit the result\. Read one with evaluate_expression/,
    );
    expect(result.text).toMatch(/^local:\n {2}exports/);
  });

  it('an ES module that throws at the top level: the result names the throwing function', async () => {
    await fs.writeFile(path.join(h.root, 'throwing.mjs'), THROWING);
    const started = await h.call('start_debugging', { program: 'throwing.mjs' }, RUNS_CODE);
    expect(started.text).toMatch(
      /^Paused on an uncaught exception: TypeError: bad 1, thrown in thrower at throwing.mjs:2:\d+\./,
    );
    expect((await h.call('get_call_stack', {})).text).toMatch(
      /Thrown at \(its stack trace\):\n {2}at thrower at throwing.mjs:2:\d+/,
    );
  });

  it('runs a runner script from node_modules/.bin as the program', async () => {
    await fs.mkdir(path.join(h.root, 'node_modules/fake-runner/bin'), { recursive: true });
    await fs.mkdir(path.join(h.root, 'node_modules/.bin'), { recursive: true });
    await fs.writeFile(
      path.join(h.root, 'node_modules/fake-runner/bin/run.js'),
      `#!/usr/bin/env node\nconsole.log('ran', process.argv.slice(2).join(' '));\n`,
    );
    await fs.symlink('../fake-runner/bin/run.js', path.join(h.root, 'node_modules/.bin/run'));
    const result = await h.call(
      'start_debugging',
      { program: 'node_modules/.bin/run', args: ['--watch=false'] },
      RUNS_CODE,
    );
    expect(result.text).toBe('The program ended with exit code 0.\nProgram output:\nran --watch=false');
  });

  it('a remembered approval covers the same env, cwd and runtime arguments only', async () => {
    let asks = 0;
    const confirm = async () => (asks++, 'session' as const);
    const base = { program: 'prints.js', env: { GREETING: 'a' }, cwd: 'sub', runtimeArgs: ['--no-warnings'] };
    expect((await h.call('start_debugging', base, { chatSessionId: 's', confirm })).status).toBe('ok');
    expect((await h.call('start_debugging', { ...base, cwd: './sub' }, { chatSessionId: 's' })).status).toBe('ok');
    expect(asks).toBe(1);
    for (const other of [
      { ...base, env: { GREETING: 'b' } },
      { ...base, env: { ...base.env, NODE_OPTIONS: '--require ./x.js' } },
      { ...base, cwd: undefined },
      { ...base, runtimeArgs: ['--require', './x.js'] },
    ])
      expect((await h.call('start_debugging', other, { chatSessionId: 's' })).status).toBe('declined');
  });

  it('cuts a long evaluated value within the result budget, saying how to read on', async () => {
    await h.call('set_breakpoint', { path: 'module.mjs', line: 7 });
    await h.call('start_debugging', { program: 'module.mjs' }, RUNS_CODE);
    const result = await h.call(
      'evaluate_expression',
      { expression: "'z'.repeat(20000)" },
      { ...RUNS_CODE, tokenBudget: 1_000 },
    );
    expect(result.text.length).toBeLessThanOrEqual(4_000);
    expect(result.text).toMatch(
      /\n\(The value is 20002 characters; the first \d+ are shown\. Evaluate a part of it to read on/,
    );
  });

  it('cuts a deep call stack within the result budget', async () => {
    await fs.writeFile(
      path.join(h.root, 'deep.js'),
      `function down(n) {\n  if (n === 0) debugger;\n  else down(n - 1);\n}\ndown(2000);\n`,
    );
    await h.call('start_debugging', { program: 'deep.js' }, RUNS_CODE);
    const result = await h.call('get_call_stack', {}, { tokenBudget: 3_000 });
    expect(result.text.length).toBeLessThanOrEqual(12_000);
    expect(result.text).toMatch(/^#0 down at deep.js:2:\d+/);
    expect(result.text).toMatch(/\n\(\d+ deeper frames left out to fit the result\.\)$/);
  });
});
