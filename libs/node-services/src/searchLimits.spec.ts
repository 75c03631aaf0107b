// The walk order every search result is returned in: paths compared folder by folder (a folder's
// name before a longer name it begins), then lines. compareMatches compares characters in place
// (it sorts every match of a common word); here it is held to the folder-by-folder definition.
import fc from 'fast-check';
import type { GrepMatch } from '@toolpacks/services';
import { compareMatches } from './searchLimits';

/** The definition: split into names, compared name by name, a shorter path first when one is a prefix. */
function byNames(a: GrepMatch, b: GrepMatch): number {
  if (a.path !== b.path) {
    const x = a.path.split('/');
    const y = b.path.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return x.length - y.length;
  }
  return a.line - b.line;
}

const name = fc.stringMatching(/^[a-zA-Z0-9 !#$%&'()+,.\-_=~é€😀]{1,6}$/u);
const match = fc.record({
  path: fc.array(name, { minLength: 1, maxLength: 4 }).map((names) => names.join('/')),
  line: fc.integer({ min: 1, max: 5 }),
  text: fc.constant(''),
});

describe('compareMatches', () => {
  it('orders as the folder-by-folder definition does (signs agree on any two paths)', () => {
    fc.assert(
      fc.property(match, match, (a, b) => Math.sign(compareMatches(a, b)) === Math.sign(byNames(a, b))),
      { numRuns: 20_000 },
    );
  });

  it('puts a folder before a longer name it begins, and before names with lower characters', () => {
    const paths = ['a-b/x', 'a/z', 'a.txt', 'a', 'a/b/c', 'a b', 'B/x', '_'];
    const sorted = paths.map((path) => ({ path, line: 1, text: '' })).sort(compareMatches);
    expect(sorted.map((m) => m.path)).toEqual(['B/x', '_', 'a', 'a/b/c', 'a/z', 'a b', 'a-b/x', 'a.txt']);
  });
});
