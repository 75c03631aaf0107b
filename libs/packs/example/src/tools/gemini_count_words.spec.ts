import { call, loadExample, models } from '../testing';

describe('gemini_count_words (override of count_words)', () => {
  it("gives Gemini models count_words with the override's description and schema", async () => {
    const registry = await loadExample();
    const tool = registry.resolve({ model: models.gemini }).tools.find((t) => t.name === 'count_words');
    expect(tool?.description).toMatch(/^Counts words, lines, characters and distinct words/);
    expect(tool?.inputSchema).toEqual(expect.objectContaining({ required: ['text'] }));
    expect(JSON.stringify(tool?.inputSchema)).not.toContain('unique');
  });

  it("runs the override's implementation when a Gemini model calls count_words", async () => {
    const registry = await loadExample();
    expect((await call(registry, models.gemini, 'count_words', { text: 'a b a' })).text).toBe(
      'words=3 lines=1 characters=5 unique=2',
    );
    expect((await call(registry, models.claude, 'count_words', { text: 'a b a' })).text).toBe(
      'words=3 lines=1 characters=5',
    );
  });
});
