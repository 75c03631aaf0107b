import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('start_debugging', () => {
  it('asks first, then runs the program until it stops at a breakpoint', async () => {
    await h.call('set_breakpoint', { path: 'program.js', line: 2 });
    const asked: string[] = [];
    const result = await h.call(
      'start_debugging',
      { program: 'program.js' },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked).toEqual(['```\nnode "program.js"\n```']);
    expect(result.text).toMatch(/^Stopped \(breakpoint bp-1\) in add at program.js:2: "const sum = a \+ b;"\./);
    expect(h.host.contextKeys.values.debugState).toBe('stopped');
  });

  it('runs a program without breakpoints to the end and returns its output', async () => {
    const result = await h.call(
      'start_debugging',
      { program: 'program.js' },
      { autoApprove: { start_debugging: true } },
    );
    expect(result.text).toBe('The program ended with exit code 0.\nProgram output:\ntotal 6');
  });

  it('runs nothing when declined, and explains a missing program', async () => {
    expect(
      (await h.call('start_debugging', { program: 'program.js' }, { confirm: async () => 'decline' })).status,
    ).toBe('declined');
    expect(h.host.debug.state).toBe('inactive');
    expect(
      (await h.call('start_debugging', { program: 'nope.js' }, { autoApprove: { start_debugging: true } })).text,
    ).toMatch(/Program 'nope.js' does not exist/);
    expect(
      (await h.call('start_debugging', { program: '../../x.js' }, { autoApprove: { start_debugging: true } })).text,
    ).toMatch(/outside the workspace/);
  });

  it('is what a fresh session offers: no stack or variable tools before the program stops', async () => {
    expect(h.names()).toEqual(['start_debugging', 'set_breakpoint', 'remove_breakpoint', 'list_breakpoints']);
    await startStoppedAtAdd(h);
    expect(h.names()).toContain('get_call_stack');
  });

  it('shows each argument quoted, so text the model wrote cannot pose as the prompt’s own words', async () => {
    const asked: string[] = [];
    await h.call(
      'start_debugging',
      { program: 'program.js', args: ['a b', '\n\n(read-only, safe)'] },
      { confirm: async (r) => (asked.push(r.message), 'decline') },
    );
    expect(asked).toEqual(['```\nnode "program.js" "a b" "\\n\\n(read-only, safe)"\n```']);
  });
});
