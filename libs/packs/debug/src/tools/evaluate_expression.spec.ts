import { createPackHarness, SAMPLE_PROGRAM, startStoppedAtAdd, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

describe('evaluate_expression', () => {
  it('asks first, then evaluates in the chosen frame, side effects included', async () => {
    await startStoppedAtAdd(h);
    const asked: string[] = [];
    const result = await h.call(
      'evaluate_expression',
      { expression: 'a + b' },
      { confirm: async (r) => (asked.push(r.title), 'once') },
    );
    expect(asked).toEqual(['Evaluate in the program?']);
    expect(result.text).toBe('1');
    // The loop reads the live array: one more item makes the total 6 + 100.
    expect(
      (
        await h.call(
          'evaluate_expression',
          { expression: 'items.push(100)', frameIndex: 1 },
          { autoApprove: { evaluate_expression: true } },
        )
      ).text,
    ).toBe('4');
    await h.call('remove_breakpoint', { id: 'bp-1' });
    expect((await h.call('continue_execution', {})).text).toContain('total 106');
  });

  it('reports an exception thrown by the expression', async () => {
    await startStoppedAtAdd(h);
    expect(
      (
        await h.call(
          'evaluate_expression',
          { expression: 'undefinedThing.x' },
          { autoApprove: { evaluate_expression: true } },
        )
      ).text,
    ).toMatch(/threw: ReferenceError: undefinedThing is not defined/);
  });

  it('refuses to evaluate in a program that is not stopped, with a clear error', async () => {
    expect(
      (await h.call('evaluate_expression', { expression: '1' }, { autoApprove: { evaluate_expression: true } })).status,
    ).toBe('not-enabled');
    await startStoppedAtAdd(h);
    // A tool list resolved while stopped, used after the program ended: the service says why.
    const stale = h.registry.resolve({ model: testModels.general, context: h.host.contextKeys.values });
    await h.call('remove_breakpoint', { id: 'bp-1' });
    await h.call('continue_execution', {});
    const result = await h.registry.invoke(
      stale,
      { callId: 'x', name: 'evaluate_expression', input: { expression: '1' } },
      { autoApprove: { evaluate_expression: true } },
    );
    expect(result.status).toBe('error');
    expect(JSON.stringify(result.content)).toMatch(/No program is being debugged. Start one with start_debugging/);
  });
});
