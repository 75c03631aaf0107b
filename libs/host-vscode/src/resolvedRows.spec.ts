import { resolvedRows, type ResolvedRows, type ToolRow } from './resolvedRows';
import { MODELS, shapesRegistry } from './testing/shapesPack';

const toolSetName = (packId: string | undefined, set: string) => (packId ? `toolpacks-${set}` : undefined);

function byName(rows: ResolvedRows): Map<string, ToolRow> {
  return new Map(
    rows.packs.flatMap((p) => [...p.toolSets.flatMap((s) => s.tools), ...p.tools]).map((t) => [t.name, t]),
  );
}

describe('the rows of the Tool Packs view', () => {
  it('lists every tool once under its pack and VS Code toolset, with the reason it is (not) sent', async () => {
    const registry = await shapesRegistry();
    const context = { hasOpenEditors: true };
    const resolved = registry.resolve({ model: MODELS.claude, context });
    const rows = resolvedRows(registry, resolved, { context, toolSetName });
    expect(rows.packs.map((p) => [p.label, p.toolSets.map((s) => s.name), p.tools.map((t) => t.name)])).toEqual([
      ['Editor', ['toolpacks-read', 'toolpacks-edit'], ['gemini_read_file']],
      ['Git', ['toolpacks-git'], []],
    ]);
    const tools = byName(rows);
    expect(tools.size).toBe(registry.tools.length);
    expect([...tools.values()].map((t) => [t.name, t.reason, t.words])).toEqual(
      expect.arrayContaining([
        ['str_replace_based_edit_tool', 'variant-sent', 'sent: the variant for family=claude-*'],
        ['read_file', 'replaced', 'replaced for this family'],
        ['apply_patch', 'model', 'not for this model'],
        ['gemini_read_file', 'override', 'override, not for this model'],
        ['move_file', 'sent', 'sent'],
        ['list_open_editors', 'sent', 'sent'],
        ['git_status', 'when', 'when clause false (gitOpenRepositoryCount)'],
      ]),
    );
    expect(tools.get('read_file')!.detail).toContain("by 'str_replace_based_edit_tool'");
    expect(rows.sentCount).toBe(3);
    expect(rows.estimatedTokens).toBe(resolved.estimatedTokens);
    // What the sent definitions cost adds up to the registry's own estimate.
    expect([...tools.values()].filter((t) => t.sent).reduce((sum, t) => sum + t.tokens, 0)).toBe(
      resolved.estimatedTokens,
    );
  });

  it("tells a tool VS Code's picker turned off from one its pack keeps off by default", async () => {
    const registry = await shapesRegistry();
    const context = { gitOpenRepositoryCount: 1 };
    const selection = { tools: { git_status: false } };
    const rows = byName(
      resolvedRows(registry, registry.resolve({ model: MODELS.gpt41, selection, context }), { context, selection }),
    );
    expect(rows.get('git_status')).toMatchObject({
      reason: 'deselected',
      words: "deselected in VS Code's tool picker",
    });
    expect(rows.get('git_commit')).toMatchObject({ reason: 'off-by-default', words: 'off by default' });
    expect(rows.get('apply_patch')).toMatchObject({
      reason: 'variant-sent',
      sent: true,
      words: 'sent: the variant for family=gpt-4.1*',
    });
    expect(rows.get('replace_string_in_file')).toMatchObject({
      reason: 'variant',
      words: 'another variant serves this model',
    });
  });

  it('says which override runs for the family, and which tools wait behind a group', async () => {
    const registry = await shapesRegistry();
    const gemini = resolvedRows(registry, registry.resolve({ model: MODELS.gemini }), { context: {} });
    expect(byName(gemini).get('read_file')).toMatchObject({
      reason: 'override-sent',
      words: 'sent: runs gemini_read_file (override)',
    });
    // The override that runs is told in its base's row, not listed again.
    expect(byName(gemini).has('gemini_read_file')).toBe(false);
    const grouped = resolvedRows(
      registry,
      registry.resolve({ model: MODELS.other, context: { hasOpenEditors: true }, virtualTools: { threshold: 2 } }),
      { context: {} },
    );
    expect([...byName(grouped).values()].filter((t) => t.reason === 'grouped').length).toBeGreaterThan(0);
    expect(grouped.virtualTools.map((v) => v.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^activate_/)]),
    );
  });
});
