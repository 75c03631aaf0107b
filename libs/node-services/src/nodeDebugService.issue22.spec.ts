// Issue 22, item 5: the debugger on the common case, with real debuggees in temporary folders.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeDebugService } from './nodeDebugService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(90_000);

const THROWING = `function thrower(v) {
  throw new TypeError('bad ' + v);
}
console.log('before');
thrower(1);
`;

const MODULE = `const greeting = 'hi';
let count = 2;

// a comment

export function twice(n) {
  return n * count;
}
console.log(greeting, twice(3));
`;

const PRINTS = `console.log(JSON.stringify({ args: process.argv.slice(2), env: process.env.GREETING, cwd: process.cwd() }));\n`;

let root: string;
let debug: NodeDebugService;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'debug-issue22-')));
  await fs.writeFile(path.join(root, 'throwing.js'), THROWING);
  await fs.writeFile(path.join(root, 'throwing.mjs'), THROWING);
  await fs.writeFile(path.join(root, 'module.mjs'), MODULE);
  await fs.writeFile(path.join(root, 'prints.js'), PRINTS);
  await fs.mkdir(path.join(root, 'sub'));
  debug = new NodeDebugService(new NodeWorkspaceFileSystem(root), { stopWaitMs: 30_000 });
});

afterEach(async () => {
  await debug.stop();
  debug.dispose();
  await fs.rm(root, { recursive: true, force: true });
});

describe('NodeDebugService: exceptions', () => {
  it('pauses on an uncaught exception by default, in the throwing function, then reports the crash', async () => {
    const status = await debug.start({ program: 'throwing.js' });
    expect(status).toMatchObject({
      state: 'stopped',
      reason: 'uncaught exception',
      frame: { name: 'thrower', path: 'throwing.js', line: 2, text: "throw new TypeError('bad ' + v);" },
      exception: { className: 'TypeError', message: 'TypeError: bad 1', uncaught: true },
    });
    expect(status.exception!.thrownAt[0]).toMatchObject({ name: 'thrower', path: 'throwing.js', line: 2 });
    expect((await debug.callStack())[0]).toMatchObject({ name: 'thrower', line: 2 });
    expect(debug.pausedException()?.message).toBe('TypeError: bad 1');
    const [local] = await debug.variables(0);
    expect(local.variables).toEqual([{ name: 'v', value: '1', type: 'number' }]);

    const ended = await debug.continue();
    expect(ended).toMatchObject({ state: 'inactive', exitCode: 1 });
    expect(ended.stderrTail).toMatch(/TypeError: bad 1/);
  });

  it('an ES module: pauses, and the exception says where it was thrown', async () => {
    const status = await debug.start({ program: 'throwing.mjs' });
    expect(status.state).toBe('stopped');
    expect(status.exception).toMatchObject({ className: 'TypeError', message: 'TypeError: bad 1', uncaught: true });
    expect(status.exception!.thrownAt[0]).toMatchObject({ name: 'thrower', path: 'throwing.mjs', line: 2 });
  });

  it("does not pause with pauseOnExceptions 'none': the crash is reported with its exit code", async () => {
    const status = await debug.start({ program: 'throwing.js', pauseOnExceptions: 'none' });
    expect(status).toMatchObject({ state: 'inactive', exitCode: 1 });
    expect(status.output).toContain('before');
    expect(status.stderrTail).toMatch(/TypeError: bad 1/);
  });

  it("pauses on a caught exception with pauseOnExceptions 'all'", async () => {
    await fs.writeFile(path.join(root, 'caught.js'), `try {\n  JSON.parse('{');\n} catch {}\nconsole.log('fine');\n`);
    const status = await debug.start({ program: 'caught.js', pauseOnExceptions: 'all' });
    expect(status).toMatchObject({ state: 'stopped', exception: { className: 'SyntaxError' } });
    expect(await debug.continue()).toMatchObject({ state: 'inactive', exitCode: 0 });
  });

  // Caught or not is V8's prediction; at the top level of a module with top-level await it
  // predicted "caught" for an unhandled Promise.reject (seen with Node 20), so this is a script.
  it("tells a handled promise rejection from an unhandled one with 'all' (V8's prediction)", async () => {
    await fs.writeFile(
      path.join(root, 'rejects.js'),
      `async function main() {\n  try {\n    await Promise.reject(new Error('handled'));\n  } catch {}\n  Promise.reject(new Error('unhandled'));\n}\nmain();\n`,
    );
    expect(await debug.start({ program: 'rejects.js', pauseOnExceptions: 'all' })).toMatchObject({
      reason: 'caught promise rejection',
      exception: { message: 'Error: handled', uncaught: false },
    });
    expect(await debug.continue()).toMatchObject({
      reason: 'uncaught promise rejection',
      exception: { message: 'Error: unhandled', uncaught: true },
    });
    expect(await debug.continue()).toMatchObject({ state: 'inactive', exitCode: 1 });
  });

  it('a breakpoint keeps whether it bound once the session ended: unbound means never hit', async () => {
    await fs.writeFile(path.join(root, 'never.js'), `console.log('never loaded');\n`);
    await debug.setBreakpoint({ path: 'never.js', line: 1 });
    await debug.setBreakpoint({ path: 'prints.js', line: 1 });
    expect(await debug.start({ program: 'prints.js' })).toMatchObject({ state: 'stopped' });
    expect(await debug.continue()).toMatchObject({ state: 'inactive' });
    expect(debug.listBreakpoints().map((b) => [b.id, b.verified])).toEqual([
      ['bp-1', false],
      ['bp-2', true],
    ]);
  });
});

describe('NodeDebugService: variables of an ES module', () => {
  it('shows the top-level names of the module scope, never the global builtins', async () => {
    const bp = await debug.setBreakpoint({ path: 'module.mjs', line: 9 });
    expect(bp.line).toBe(9);
    const status = await debug.start({ program: 'module.mjs' });
    expect(status).toMatchObject({ state: 'stopped', frame: { path: 'module.mjs', line: 9 } });
    const scopes = await debug.variables(0);
    expect(scopes.map((s) => s.name)).not.toContain('global');
    const names = scopes.flatMap((s) => s.variables.map((v) => v.name));
    expect(names).toEqual(expect.arrayContaining(['greeting', 'count', 'twice']));
    expect(names).not.toContain('setTimeout');
  });
});

describe('NodeDebugService: breakpoints checked against the file', () => {
  it('refuses a line past the end, naming the line count', async () => {
    await expect(debug.setBreakpoint({ path: 'prints.js', line: 999 })).rejects.toThrow(
      "Line 999 is past the end of 'prints.js', which has 1 line.",
    );
    expect(debug.listBreakpoints()).toEqual([]);
  });

  it('moves a blank or comment line to the next statement, and says so', async () => {
    expect(await debug.setBreakpoint({ path: 'module.mjs', line: 3 })).toMatchObject({ line: 6, requestedLine: 3 });
    expect(await debug.setBreakpoint({ path: 'module.mjs', line: 4 })).toMatchObject({ line: 6, requestedLine: 4 });
    // Set while the program runs: the inspector's placement is taken.
    await debug.start({ program: 'module.mjs', stopOnEntry: true });
    const live = await debug.setBreakpoint({ path: 'module.mjs', line: 7 });
    expect(live).toMatchObject({ line: 7 });
    expect(live.requestedLine).toBeUndefined();
    expect(await debug.continue()).toMatchObject({ state: 'stopped', frame: { name: 'twice', line: 7 } });
  });
});

describe('NodeDebugService: how the program runs', () => {
  it('passes args, env and cwd to the program', async () => {
    const status = await debug.start({
      program: 'prints.js',
      args: ['a b', '--flag'],
      env: { GREETING: 'hello' },
      cwd: 'sub',
    });
    expect(status).toMatchObject({ state: 'inactive', exitCode: 0 });
    expect(JSON.parse(status.output)).toEqual({ args: ['a b', '--flag'], env: 'hello', cwd: path.join(root, 'sub') });
  });

  it('passes runtime arguments to node', async () => {
    await fs.writeFile(path.join(root, 'pre.js'), `console.log('preloaded');\n`);
    const status = await debug.start({ program: 'prints.js', runtimeArgs: ['--require', './pre.js'] });
    expect(status.output).toMatch(/^preloaded\n/);
  });

  it('refuses a working folder outside the workspace, a file as one, and inspector flags', async () => {
    await expect(debug.start({ program: 'prints.js', cwd: '..' })).rejects.toThrow(/outside the workspace/);
    await expect(debug.start({ program: 'prints.js', cwd: 'prints.js' })).rejects.toThrow(/is not a folder/);
    await expect(debug.start({ program: 'prints.js', runtimeArgs: ['--inspect=0.0.0.0:9229'] })).rejects.toThrow(
      /leave the --inspect and --debug flags out/,
    );
    expect(debug.state).toBe('inactive');
  });
});

describe('NodeDebugService: stepping and evaluating', () => {
  it('a step says where it landed: function, line and its text', async () => {
    await debug.setBreakpoint({ path: 'module.mjs', line: 7 });
    await debug.start({ program: 'module.mjs' });
    const out = await debug.step('out');
    expect(out.reason).toMatch(/^step out/);
    expect(out.frame).toMatchObject({ path: 'module.mjs', line: 9, text: 'console.log(greeting, twice(3));' });
  });

  it('a program that exits during an evaluation ends the session cleanly', async () => {
    await debug.setBreakpoint({ path: 'module.mjs', line: 9 });
    await debug.start({ program: 'module.mjs' });
    const text = await debug.evaluate('process.exit(0)', 0);
    expect(text).toMatch(
      /^The program exited \(code 0\) while evaluating `process.exit\(0\)`; the debug session has ended\./,
    );
    expect(debug.state).toBe('inactive');
    // A new session starts as usual.
    expect(await debug.start({ program: 'prints.js' })).toMatchObject({ state: 'inactive', exitCode: 0 });
  });
});
