import { exactSelectors, modelsServed, planPerModelTools } from './perModelTools';
import { MODELS, shapesRegistry } from './testing/shapesPack';

const perModel = [
  { name: 'read_file', modelSpecific: false },
  { name: 'create_file', modelSpecific: false },
  { name: 'replace_string_in_file', modelSpecific: false },
  { name: 'apply_patch', modelSpecific: true },
  { name: 'str_replace_based_edit_tool', modelSpecific: true },
  { name: 'write_file', modelSpecific: true },
  { name: 'replace', modelSpecific: true },
];
const all = Object.values(MODELS);

describe('the tools registered per model', () => {
  it('gives each tool exactly the offered models the registry gives it', async () => {
    const registry = await shapesRegistry();
    const served = modelsServed(
      registry,
      perModel.map((t) => t.name),
      all,
    );
    const families = (name: string) => served.get(name)!.map((m) => m.family);
    expect(families('apply_patch')).toEqual(['gpt-4.1']);
    expect(families('str_replace_based_edit_tool')).toEqual(['claude-sonnet-4']);
    // Claude's editor replaces read_file and create_file; Gemini reads through read_file (its override runs).
    expect(families('read_file')).toEqual(['gpt-4.1', 'gemini-2.5-pro', 'grok-code']);
    expect(families('create_file')).toEqual(['gpt-4.1', 'grok-code']);
    expect(families('replace_string_in_file')).toEqual(['grok-code']);
    expect(families('write_file')).toEqual(['gemini-2.5-pro']);
  });

  it('lists one tool per job for every model: each model sees one picker entry per job', async () => {
    const registry = await shapesRegistry();
    const plans = planPerModelTools(registry, perModel, all);
    const reference = new Map(
      registry.tools.map((t) => [t.definition.name, t.definition.toolReferenceName ?? t.definition.name]),
    );
    for (const model of all) {
      const mine = [...plans].filter(([, plan]) =>
        plan.selectors!.some((s) => s.id === model.id && s.vendor === model.vendor),
      );
      const jobs = mine.map(([name]) => reference.get(name));
      expect(new Set(jobs).size).toBe(jobs.length);
    }
  });

  it('with no model known, registers the general tools for every model and no variant', async () => {
    const registry = await shapesRegistry();
    const plans = planPerModelTools(registry, perModel, []);
    expect([...plans.keys()]).toEqual(['read_file', 'create_file', 'replace_string_in_file']);
    expect([...plans.values()].every((p) => p.selectors === undefined)).toBe(true);
  });

  it('leaves out a tool no offered model gets, and names models exactly (VS Code compares, it does not match patterns)', async () => {
    const registry = await shapesRegistry();
    const plans = planPerModelTools(registry, perModel, [MODELS.claude]);
    expect(plans.get('apply_patch')).toBeUndefined();
    expect(plans.get('str_replace_based_edit_tool')).toEqual({
      selectors: [{ vendor: 'copilot', id: 'claude-sonnet-4' }],
    });
    expect(exactSelectors([MODELS.other, MODELS.claude, MODELS.claude])).toEqual([
      { vendor: 'copilot', id: 'claude-sonnet-4' },
      { vendor: 'xai', id: 'grok-code' },
    ]);
  });
});
