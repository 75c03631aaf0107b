import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { NodeDebugService, formatRemoteObject } from './nodeDebugService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { SAMPLE_PROGRAM } from './testing/debugFixtures';

// The harness's sample program, plus a line on stderr.
const PROGRAM = `${SAMPLE_PROGRAM}console.error('to stderr');\n`;

let root: string;
let debug: NodeDebugService;
let states: string[];

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-debug-')));
  await fs.writeFile(path.join(root, 'program.js'), PROGRAM);
  debug = new NodeDebugService(new NodeWorkspaceFileSystem(root), { stopWaitMs: 10_000 });
  states = [];
  debug.onDidChangeState((s) => states.push(s));
});

afterEach(async () => {
  await debug.stop();
  await fs.rm(root, { recursive: true, force: true });
});

describe('NodeDebugService (a real debuggee over the inspector protocol)', () => {
  it('stops at a breakpoint with the call stack, variables and evaluation, then runs to the end', async () => {
    const bp = await debug.setBreakpoint({ path: 'program.js', line: 2 });
    expect(bp).toEqual({ id: 'bp-1', path: 'program.js', line: 2, verified: false });

    const first = await debug.start({ program: 'program.js' });
    expect(first).toMatchObject({
      state: 'stopped',
      reason: 'breakpoint bp-1',
      frame: { name: 'add', path: 'program.js', line: 2 },
    });
    expect(debug.state).toBe('stopped');
    expect(debug.listBreakpoints()[0].verified).toBe(true);

    const stack = await debug.callStack();
    expect(stack.slice(0, 2)).toEqual([
      { index: 0, name: 'add', path: 'program.js', line: 2, column: expect.any(Number), text: 'const sum = a + b;' },
      {
        index: 1,
        name: '(anonymous)',
        path: 'program.js',
        line: 8,
        column: expect.any(Number),
        text: 'total = add(total, item);',
      },
    ]);

    const [local] = await debug.variables(0);
    expect(local.name).toBe('local (add)');
    expect(local.variables).toEqual(
      expect.arrayContaining([
        { name: 'a', value: '0', type: 'number' },
        { name: 'b', value: '1', type: 'number' },
      ]),
    );
    const outer = await debug.variables(1);
    expect(outer.flatMap((s) => s.variables)).toEqual(
      expect.arrayContaining([{ name: 'items', value: 'Array(3) [1, 2, 3]', type: 'array' }]),
    );
    expect(await debug.evaluate('a + b * 10', 0)).toBe('10');
    expect(await debug.evaluate('items.map(x => x * 2)', 1)).toBe('Array(3) [2, 4, 6]');
    await expect(debug.evaluate('nope.x', 0)).rejects.toThrow(/threw: ReferenceError: nope is not defined/);
    await expect(debug.variables(9)).rejects.toThrow(/Frame 9 does not exist/);

    const second = await debug.continue();
    expect(second).toMatchObject({ state: 'stopped', frame: { line: 2 } });
    expect(await debug.evaluate('b', 0)).toBe('2');

    await debug.removeBreakpoint('bp-1');
    const end = await debug.continue();
    expect(end).toMatchObject({ state: 'inactive', exitCode: 0 });
    expect(end.output).toContain('total 6');
    expect(end.output).toContain('to stderr');
    expect(end.output).not.toContain('Debugger');
    expect(states).toEqual(['running', 'stopped', 'running', 'stopped', 'running', 'inactive']);
  });

  it('honours conditions, stops on entry and steps', async () => {
    await debug.setBreakpoint({ path: 'program.js', line: 3, condition: 'b === 3' });
    const entry = await debug.start({ program: 'program.js', stopOnEntry: true });
    expect(entry).toMatchObject({ state: 'stopped', reason: 'entry' });
    const hit = await debug.continue();
    expect(hit.frame).toMatchObject({ name: 'add', line: 3 });
    expect(await debug.evaluate('sum', 0)).toBe('6');
    const stepped = await debug.step('out');
    // Out of add, back in the top-level loop (V8 stops on the loop header after the assignment).
    expect(stepped).toMatchObject({ state: 'stopped', frame: { name: '(anonymous)', path: 'program.js' } });
    expect([7, 8]).toContain(stepped.frame!.line);
    const over = await debug.step('over');
    expect(over.state).toBe('stopped');
  });

  it('refuses calls that need a stopped program, and bad breakpoints, clearly', async () => {
    await expect(debug.evaluate('1', 0)).rejects.toThrow(/No program is being debugged/);
    await expect(debug.callStack()).rejects.toBeInstanceOf(WorkspaceError);
    await expect(debug.setBreakpoint({ path: 'missing.js', line: 1 })).rejects.toThrow(/does not exist/);
    await expect(debug.setBreakpoint({ path: '../x.js', line: 1 })).rejects.toThrow(/outside the workspace/);
    await expect(debug.setBreakpoint({ path: 'program.js', line: 0 })).rejects.toThrow(/line must be/);
    await expect(debug.removeBreakpoint('bp-99')).rejects.toThrow(/There is no breakpoint 'bp-99'/);
    await expect(debug.start({ program: 'missing.js' })).rejects.toThrow(/does not exist/);

    await fs.writeFile(path.join(root, 'spin.js'), 'setInterval(() => {}, 1000);\n');
    const quick = new NodeDebugService(new NodeWorkspaceFileSystem(root), { stopWaitMs: 300 });
    const running = await quick.start({ program: 'spin.js' });
    expect(running.state).toBe('running');
    await expect(quick.evaluate('1', 0)).rejects.toThrow(/running, not stopped/);
    expect((await quick.stop()).state).toBe('inactive');
  });

  it('formats remote values readably', () => {
    expect(formatRemoteObject({ type: 'string', value: 'a"b' })).toBe('"a\\"b"');
    expect(formatRemoteObject({ type: 'object', subtype: 'null' })).toBe('null');
    expect(
      formatRemoteObject({
        type: 'object',
        description: 'Object',
        preview: { overflow: true, properties: [{ name: 'x', type: 'number', value: '1' }] },
      }),
    ).toBe('{x: 1, …}');
    expect(formatRemoteObject({ type: 'bigint', unserializableValue: '10n' })).toBe('10n');
  });
});
