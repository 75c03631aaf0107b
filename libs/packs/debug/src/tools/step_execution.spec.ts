import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('step_execution', () => {
  it('steps over a line and out of a function', async () => {
    await startStoppedAtAdd(h);
    expect((await h.call('step_execution', { kind: 'over' })).text).toMatch(/^Stopped \(.*\) in add at program.js:3/);
    expect((await h.call('step_execution', { kind: 'out' })).text).toMatch(/in \(anonymous\) at program.js:[78]/);
    expect((await h.call('step_execution', { kind: 'sideways' })).status).toBe('invalid-input');
  });
});
