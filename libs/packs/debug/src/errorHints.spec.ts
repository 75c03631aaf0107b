// The debug service's errors name no tool; the debug pack's errorHints give the sentence that does,
// and the model reads exactly what it read when the service wrote that sentence itself.
import { DebugErrors } from '@toolpacks/node-services';
import { createPackHarness, SAMPLE_PROGRAM } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from './index';
import { debugErrorHints } from './errorHints';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterEach(() => h.dispose());

const TOOL_NAME = /\b[a-z]+_[a-z_]+\b/;

describe('debug error hints', () => {
  it('the service says what happened with a code, and names no tool', () => {
    const errors = [
      DebugErrors.notDebugging(),
      DebugErrors.stillStarting(),
      DebugErrors.startCancelled(),
      DebugErrors.noBreakpoint('bp-3'),
      DebugErrors.noInspector('no inspector URL'),
    ];
    expect(errors.map((e) => e.code)).toEqual([
      'not-debugging',
      'still-starting',
      'start-cancelled',
      'no-breakpoint',
      'no-inspector',
    ]);
    for (const error of errors) {
      expect(error.message).not.toMatch(TOOL_NAME);
      expect(Object.keys(debugErrorHints)).toContain(error.code);
    }
    expect(DebugErrors.noBreakpoint('bp-3').data).toEqual({ id: 'bp-3' });
  });

  it('the model reads the service’s words, then the pack’s sentence, as before', async () => {
    expect((await h.call('remove_breakpoint', { id: 'bp-7' })).text).toBe(
      "Tool `remove_breakpoint` failed: There is no breakpoint 'bp-7'. Use list_breakpoints to see their ids.",
    );
  });
});
