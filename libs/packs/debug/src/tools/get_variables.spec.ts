import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('get_variables', () => {
  it('returns the variables of a frame by scope', async () => {
    await startStoppedAtAdd(h);
    const top = (await h.call('get_variables', {})).text;
    expect(top).toMatch(/^local \(add\):\n/);
    expect(top).toContain('  a (number) = 0');
    expect(top).toContain('  b (number) = 1');
    const caller = (await h.call('get_variables', { frameIndex: 1 })).text;
    expect(caller).toContain('items (array) = Array(3) [1, 2, 3]');
    expect((await h.call('get_variables', { frameIndex: 2 })).text).toBe(
      'Tool `get_variables` failed: Frame 2 does not exist; the stack has frames 0 to 1 (0 is the top).',
    );
  });
});
