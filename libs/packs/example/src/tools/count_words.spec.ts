import { call, loadExample, models } from '../testing';

describe('count_words', () => {
  it('counts words, lines and characters, and distinct words on request', async () => {
    const registry = await loadExample();
    expect((await call(registry, models.claude, 'count_words', { text: 'The cat\nthe hat' })).text).toBe(
      'words=4 lines=2 characters=15',
    );
    expect((await call(registry, models.claude, 'count_words', { text: 'The cat\nthe hat', unique: true })).text).toBe(
      'words=4 lines=2 characters=15 unique=3',
    );
    expect((await call(registry, models.claude, 'count_words', { text: '' })).text).toBe(
      'words=0 lines=0 characters=0',
    );
  });

  it('rejects input without text', async () => {
    const result = await call(await loadExample(), models.claude, 'count_words', { words: 'x' });
    expect(result.status).toBe('invalid-input');
    expect(result.text).toContain('missing required property `text`');
  });
});
