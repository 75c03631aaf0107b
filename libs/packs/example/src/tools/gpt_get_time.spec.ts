import { call, loadExample, models } from '../testing';

describe('gpt_get_time', () => {
  it('replaces get_time for GPT-4.1 and GPT-5 models, under one picker entry', async () => {
    const registry = await loadExample();
    for (const model of [models.gpt41, models.gpt5]) {
      const names = registry.resolve({ model }).tools.map((t) => t.name);
      expect(names).toContain('gpt_get_time');
      expect(names).not.toContain('get_time');
    }
    expect(
      registry.resolve({ model: models.gpt5, selection: { tools: { get_time: false } } }).tools.map((t) => t.name),
    ).not.toContain('gpt_get_time');
  });

  it('adds Unix seconds to the answer', async () => {
    const result = await call(await loadExample(), models.gpt5, 'gpt_get_time', {});
    expect(result.text).toMatch(/^2026-03-01T12:34:56.000Z .*; unix=1772368496$/);
  });

  it('is not callable by other models', async () => {
    expect((await call(await loadExample(), models.claude, 'gpt_get_time', {})).status).toBe('not-enabled');
  });
});
