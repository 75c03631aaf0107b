import { MAX_STEMMED_LENGTH, stem } from './searchIndexTerms';
import { ToolSearchIndex } from './searchIndex';

describe('stem', () => {
  it('stems English words', () => {
    expect(stem('generate')).toBe('generat');
    expect(stem('searching')).toBe('search');
  });

  it('returns a word longer than the bound as it is (the stemmer is quadratic in its length)', () => {
    const long = `${'a'.repeat(MAX_STEMMED_LENGTH)}ing`;
    expect(stem(long)).toBe(long);
    expect(stem('ab')).toBe('ab');
  });
});

describe('a query with a word of 20,000 letters', () => {
  it('still finds the tool its other words name', () => {
    const index = new ToolSearchIndex([
      { name: 'read_file', description: 'Read the contents of a file.' },
      { name: 'git_status', description: 'Show the working tree status.' },
    ]);
    const hits = index.search(`read the file ${'x'.repeat(20_000)}`, { limit: 2 });
    expect(hits[0]?.name).toBe('read_file');
  });
});
