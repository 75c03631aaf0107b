import { createPackHarness, SAMPLE_PROGRAM, type PackHarness } from '@toolpacks/host-node/src/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('set_breakpoint', () => {
  it('sets plain and conditional breakpoints that the program then hits', async () => {
    expect((await h.call('set_breakpoint', { path: 'program.js', line: 3, condition: 'b === 3' })).text).toBe('Breakpoint bp-1 set at program.js:3 when b === 3.');
    const started = await h.call('start_debugging', { program: 'program.js' }, { autoApprove: true });
    expect(started.text).toMatch(/^Stopped \(breakpoint bp-1\) in add at program.js:3/);
    expect((await h.call('evaluate_expression', { expression: 'sum' }, { autoApprove: true })).text).toBe('6');
  });

  it('explains bad input', async () => {
    expect((await h.call('set_breakpoint', { path: 'missing.js', line: 1 })).text).toMatch(/does not exist/);
    expect((await h.call('set_breakpoint', { path: '/etc/passwd', line: 1 })).text).toMatch(/outside the workspace/);
    expect((await h.call('set_breakpoint', { path: 'program.js', line: 0 })).status).toBe('invalid-input');
  });
});
