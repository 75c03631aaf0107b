import { createPackHarness, SAMPLE_PROGRAM } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('remove_breakpoint', () => {
  it('removes a breakpoint so the program no longer stops there', async () => {
    await h.call('set_breakpoint', { path: 'program.js', line: 2 });
    expect((await h.call('remove_breakpoint', { id: 'bp-1' })).text).toBe('Breakpoint bp-1 removed.');
    expect(
      (await h.call('start_debugging', { program: 'program.js' }, { autoApprove: { start_debugging: true } })).text,
    ).toMatch(/^The program ended with exit code 0/);
  });

  it('explains an unknown id', async () => {
    expect((await h.call('remove_breakpoint', { id: 'bp-7' })).text).toMatch(
      /There is no breakpoint 'bp-7'. Use list_breakpoints/,
    );
  });
});
