import { call, loadExample, models } from '../testing';

describe('describe_selection', () => {
  it('is only offered while an editable editor has a selection', async () => {
    const registry = await loadExample();
    const names = (context: Record<string, unknown>) =>
      registry.resolve({ model: models.claude, context }).tools.map((t) => t.name);
    expect(names({})).not.toContain('describe_selection');
    expect(names({ editorHasSelection: true, editorReadonly: true })).not.toContain('describe_selection');
    expect(names({ editorHasSelection: true })).toContain('describe_selection');
  });

  it('describes lines, the longest line and the indentation', async () => {
    const registry = await loadExample();
    const result = await call(
      registry,
      models.claude,
      'describe_selection',
      { selectedText: 'if (x) {\n\treturn 1;\n}', languageId: 'c' },
      { editorHasSelection: true },
    );
    expect(result.text).toBe('lines=3 longestLine=10 indentation=tabs language=c');
    expect((await call(registry, models.claude, 'describe_selection', { selectedText: 'x' })).status).toBe(
      'not-enabled',
    );
  });
});
