import { changeSnippet } from './changeSnippet';

const lines = (n: number, change?: number) =>
  Array.from({ length: n }, (_, i) => (i + 1 === change ? 'CHANGED' : `l${i + 1}`)).join('\n') + '\n';

describe('changeSnippet', () => {
  it('shows a new file whole, and the changed lines of an edit with 3 lines of context', () => {
    expect(changeSnippet(undefined, 'a\nb\n')).toBe('a\nb');
    expect(changeSnippet(lines(20), lines(20, 10))).toBe('...\nl7\nl8\nl9\nCHANGED\nl11\nl12\nl13\n...');
    expect(changeSnippet(lines(3), lines(3, 1))).toBe('CHANGED\nl2\nl3');
  });

  it('shows the context of a deletion, an empty file, and cuts a long change', () => {
    expect(changeSnippet('a\nb\nc\nd\ne\nf\ng\nh\n', 'a\nb\nc\nd\nf\ng\nh\n')).toBe('...\nb\nc\nd\nf\ng\nh');
    expect(changeSnippet('a\n', '')).toBe('(the file is empty)');
    const long = changeSnippet(undefined, lines(100));
    expect(long.split('\n')).toHaveLength(61);
    expect(long).toMatch(/\n\.\.\. \(40 more changed lines\)$/);
  });
});

describe('changeSnippet on a huge change', () => {
  it('is cut at 16,000 characters with a note, whatever one line holds', () => {
    const minified = 'x'.repeat(500_000);
    const snippet = changeSnippet('a\n', `a\n${minified}\n`);
    expect(snippet.length).toBeLessThan(16_200);
    expect(snippet).toMatch(/cut at 16000 characters; use read_file to see the rest\)$/);
  });
});
