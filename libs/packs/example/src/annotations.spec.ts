// Issue 23, item 4: each example tool's annotations say what it can do (MCP's meanings); none asks.
import type { ToolAnnotations } from '@toolpacks/registry';
import { examplePack } from './index';
import { loadExample, models } from './testing';

/** Every example tool only reads what it is given (or the host's clock): read-only, confined, never asks. */
const EXPECTED: Record<string, { annotations: ToolAnnotations; input: object; context?: Record<string, unknown> }> = {
  count_words: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    input: { text: 'a b' },
  },
  gemini_count_words: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    input: { text: 'a b' },
  },
  // The clock moves: the same call answers differently.
  get_time: {
    annotations: { readOnly: true, destructive: false, idempotent: false, openWorld: false },
    input: {},
  },
  gpt_get_time: {
    annotations: { readOnly: true, destructive: false, idempotent: false, openWorld: false },
    input: {},
  },
  describe_selection: {
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    input: { selectedText: 'x' },
  },
};

describe('example pack annotations', () => {
  it('the table covers exactly the pack’s tools', () => {
    expect(examplePack.tools.map((t) => t.definition.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s says what it can do, and asks nothing', async (name, expected) => {
    const { definition } = examplePack.tools.find((t) => t.definition.name === name)!;
    expect(definition.annotations).toEqual(expected.annotations);
    const registry = await loadExample();
    // An override runs in place of the tool it replaces: bound through that name, for its model.
    const called = definition.overridesTool ?? name;
    const model = name.startsWith('gemini') ? models.gemini : name.startsWith('gpt') ? models.gpt5 : models.claude;
    const bound = registry.bindTool(called, model)!;
    expect(
      (await registry.prepare(bound, { name: called, input: expected.input }))?.confirmationMessages,
    ).toBeUndefined();
  });
});
