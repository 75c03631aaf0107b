// Issue 23, item 4: each debug tool's annotations say what it can do (MCP's meanings), and which
// calls ask a person is what it was before `destructive` stopped deciding that alone (asksByDefault).
import type { ToolAnnotations } from '@toolpacks/registry';
import { createPackHarness, SAMPLE_PROGRAM, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { debugPack } from './index';

/** What each tool can do, and for which inputs a call asks before it runs (and whether it runs code the model wrote). */
const EXPECTED: Record<
  string,
  { annotations: ToolAnnotations; asks: readonly { input: object; asks: boolean; runsCode?: boolean }[] }
> = {
  // Runs a program the model chose: anything the user can do.
  start_debugging: {
    annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
    asks: [{ input: { program: 'program.js' }, asks: true, runsCode: true }],
  },
  // Replaces a breakpoint on its line; a condition is code that runs in the program.
  set_breakpoint: {
    annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true, asksByDefault: false },
    asks: [
      { input: { path: 'program.js', line: 2 }, asks: false },
      { input: { path: 'program.js', line: 2, condition: 'a > 1' }, asks: true, runsCode: true },
    ],
  },
  remove_breakpoint: {
    annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
    asks: [{ input: { id: 'bp-1' }, asks: false }],
  },
  list_breakpoints: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    asks: [{ input: {}, asks: false }],
  },
  get_call_stack: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    asks: [{ input: {}, asks: false }],
  },
  get_variables: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    asks: [{ input: { frameIndex: 1 }, asks: false }],
  },
  // Runs the model's expression in the program.
  evaluate_expression: {
    annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
    asks: [{ input: { expression: 'items.length' }, asks: true, runsCode: true }],
  },
  // The approved program runs on.
  continue_execution: {
    annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true, asksByDefault: false },
    asks: [{ input: {}, asks: false }],
  },
  step_execution: {
    annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true, asksByDefault: false },
    asks: [{ input: { kind: 'into' }, asks: false }],
  },
  // Kills the program and what it started.
  stop_debugging: {
    annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
    asks: [{ input: {}, asks: false }],
  },
};

// One harness for the file: prepare() only asks the tools what they would show, it runs nothing.
let h: PackHarness;
beforeAll(async () => (h = await createPackHarness([debugPack], { 'program.js': SAMPLE_PROGRAM })));
afterAll(() => h.dispose());

describe('debug pack annotations', () => {
  it('the table covers exactly the pack’s tools', () => {
    expect(debugPack.tools.map((t) => t.definition.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s says what it can do', (name, expected) => {
    const { definition } = debugPack.tools.find((t) => t.definition.name === name)!;
    expect(definition.annotations).toEqual(expected.annotations);
  });

  it.each(Object.entries(EXPECTED))('%s asks exactly where it asked before', async (name, expected) => {
    // bindTool: the tool as itself, whatever the debug state (prepare never runs it).
    const bound = h.registry.bindTool(name, testModels.general)!;
    for (const { input, asks, runsCode } of expected.asks) {
      const prepared = await h.registry.prepare(bound, { name, input });
      expect({ input, asks: prepared?.confirmationMessages !== undefined }).toEqual({ input, asks });
      expect({ input, runsCode: prepared?.runsCode === true }).toEqual({ input, runsCode: runsCode === true });
    }
  });

  it('every tool states each hint; read-only ones are not destructive; one that can run the model’s code says destructive and open-world', async () => {
    for (const { definition } of debugPack.tools) {
      const a = definition.annotations ?? {};
      expect({
        name: definition.name,
        stated: [a.readOnly, a.destructive, a.idempotent, a.openWorld].map((v) => typeof v),
      }).toEqual({
        name: definition.name,
        stated: ['boolean', 'boolean', 'boolean', 'boolean'],
      });
      if (a.readOnly)
        expect({ name: definition.name, destructive: a.destructive }).toEqual({
          name: definition.name,
          destructive: false,
        });
      const bound = h.registry.bindTool(definition.name, testModels.general)!;
      for (const { input } of EXPECTED[definition.name].asks) {
        const prepared = await h.registry.prepare(bound, { name: definition.name, input });
        if (prepared?.runsCode)
          expect({ name: definition.name, destructive: a.destructive, openWorld: a.openWorld }).toEqual({
            name: definition.name,
            destructive: true,
            openWorld: true,
          });
      }
    }
  });
});
