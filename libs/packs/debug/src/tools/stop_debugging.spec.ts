import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('stop_debugging', () => {
  it('ends the program and keeps the breakpoints', async () => {
    await startStoppedAtAdd(h);
    expect((await h.call('stop_debugging', {})).text).toMatch(/^The program ended/);
    expect(h.host.contextKeys.values.debugState).toBe('inactive');
    // Verified: it bound in the session that ended.
    expect((await h.call('list_breakpoints', {})).text).toBe('bp-1 program.js:2 (verified)');
    expect(h.names()).not.toContain('stop_debugging');
  });
});
