import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('continue_execution', () => {
  it('runs to the next breakpoint, then to the end', async () => {
    await startStoppedAtAdd(h);
    expect((await h.call('continue_execution', {})).text).toMatch(
      /^Stopped \(breakpoint bp-1\) in add at program.js:2/,
    );
    expect((await h.call('get_variables', {})).text).toContain('b (number) = 2');
    await h.call('remove_breakpoint', { id: 'bp-1' });
    expect((await h.call('continue_execution', {})).text).toBe(
      'The program ended with exit code 0.\nProgram output:\ntotal 6',
    );
    expect(h.names()).not.toContain('continue_execution');
  });
});
