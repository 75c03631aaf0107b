import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('list_breakpoints', () => {
  it('lists breakpoints, verified once the debugger bound them', async () => {
    expect((await h.call('list_breakpoints', {})).text).toBe('No breakpoints are set.');
    await h.call(
      'set_breakpoint',
      { path: 'program.js', line: 8, condition: 'item > 1' },
      { confirm: async () => 'once' },
    );
    expect((await h.call('list_breakpoints', {})).text).toBe(
      'bp-1 program.js:8 when item > 1 (unbound: no code was loaded for that line yet)',
    );
    await startStoppedAtAdd(h);
    expect((await h.call('list_breakpoints', {})).text).toBe(
      'bp-1 program.js:8 when item > 1 (verified)\nbp-2 program.js:2 (verified)',
    );
  });
});
