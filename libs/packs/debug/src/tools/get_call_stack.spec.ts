import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('get_call_stack', () => {
  it('returns the frames of the stopped program', async () => {
    await startStoppedAtAdd(h);
    const lines = (await h.call('get_call_stack', {})).text.split('\n');
    expect(lines).toHaveLength(2); // Node's own frames below the program are left out
    expect(lines[0]).toMatch(/^#0 add at program.js:2:\d+: "const sum = a \+ b;"$/);
    expect(lines[1]).toMatch(/^#1 \(anonymous\) at program.js:8:\d+: "total = add\(total, item\);"$/);
  });

  it('is not offered, nor run, while no program is stopped', async () => {
    expect(h.names()).not.toContain('get_call_stack');
    expect((await h.call('get_call_stack', {})).status).toBe('not-enabled');
  });
});
