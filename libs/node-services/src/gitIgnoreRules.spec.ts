import { createIgnoreRules, type IgnoreConfig } from './gitIgnoreRules';
import { createGlobMatcher } from './glob';

const config = (over: Partial<IgnoreConfig> = {}): IgnoreConfig => ({
  tracked: [],
  excludeText: '',
  hiddenNames: ['.git'],
  ...over,
});
const rulesFor = (files: Record<string, string>, over: Partial<IgnoreConfig> = {}) =>
  createIgnoreRules(createGlobMatcher, config(over), (folder) => files[folder]);

describe('git ignore rules', () => {
  it('reads lines as gitignore(5) does: comments, escapes, trailing spaces, anchors, folder-only', () => {
    const rules = rulesFor({ '': '# comment\n\\#hash\n\\!bang\nspace\\ \ntrail   \n/top\nmid/dle\nfolder/\n' });
    expect(rules.isHiddenFile('#hash')).toBe(true);
    expect(rules.isHiddenFile('# comment')).toBe(false);
    expect(rules.isHiddenFile('!bang')).toBe(true);
    expect(rules.isHiddenFile('space ')).toBe(true);
    expect(rules.isHiddenFile('trail')).toBe(true);
    expect(rules.isHiddenFile('top')).toBe(true);
    expect(rules.isHiddenFile('x/top')).toBe(false);
    expect(rules.isHiddenFile('mid/dle')).toBe(true);
    expect(rules.isHiddenFile('x/mid/dle')).toBe(false);
    expect(rules.isHiddenFile('folder')).toBe(false); // a file: `folder/` matches folders only
    expect(rules.isHiddenFile('folder/inside')).toBe(true);
    // Only a name proved ours is hidden (the predicate); a file of that shape alone is shown.
    expect(rules.isHiddenFile('.toolpacks-1-ab.tmp')).toBe(false);
  });

  it("hides the write path's own files (the predicate says which), never a tracked one", () => {
    const ours = (name: string) => name === '.toolpacks-ours.tmp' || name === '.toolpacks-committed.tmp';
    const rules = createIgnoreRules(
      createGlobMatcher,
      config({ tracked: ['.toolpacks-committed.tmp'] }),
      () => undefined,
      ours,
    );
    expect(rules.isHiddenFile('.toolpacks-ours.tmp')).toBe(true);
    expect(rules.isHiddenFile('sub/.toolpacks-ours.tmp')).toBe(true);
    expect(rules.isHiddenFile('.toolpacks-committed.tmp')).toBe(false);
    expect(rules.isHiddenFile('.toolpacks-other.tmp')).toBe(false);
  });

  it('lets a deeper .gitignore and a later line win; tracked files are never hidden', () => {
    const rules = rulesFor({ '': '*.gen\nbuild/\n', sub: '!*.gen\n' }, { tracked: ['build/kept.js', 'x.gen'] });
    expect(rules.isHiddenFile('a.gen')).toBe(true);
    expect(rules.isHiddenFile('sub/a.gen')).toBe(false);
    expect(rules.isHiddenFile('x.gen')).toBe(false);
    expect(rules.isHiddenFile('build/kept.js')).toBe(false);
    expect(rules.isHiddenFile('build/other.js')).toBe(true);
    expect(rules.verdict('build', true, false)).toBe('tracked-only');
  });

  // The `ignore` package (regex-based) took 15 s for `**/a*/` six times then `**/Q` on a 40-deep
  // path, and over 120 s with eight; the old glob regex took 30 s for the first line on a 60-character
  // name. The glob matcher answers at once (a hang fails the test by Jest's own timeout).
  it('answers hostile lines at once', () => {
    const hostile = [
      '*a*a*a*a*a*a*a*a*a*a*a*a*Q',
      `${'{*,*}'.repeat(10)}Q`,
      `${'**/a*/'.repeat(12)}**/Q`,
      '*?*?*?*?*?*?*?*?*?*Q',
    ].join('\n');
    const rules = rulesFor({ '': hostile });
    const deep = `${Array.from({ length: 80 }, () => 'a'.repeat(30)).join('/')}/b`;
    expect(rules.isHiddenFile(deep)).toBe(false);
    expect(rules.isHiddenFile('a'.repeat(250))).toBe(false);
    expect(rules.isHiddenFile(`x/${'a'.repeat(250)}Q`)).toBe(true);
  });
});
