// Issue 19: a 1 MB clause (120,000 keys joined by &&) took about 113 s to register and resolve.
// Machines are noisy, so linearity is proven by counting the simplifier's work (exprWork) for n
// and 2n terms, never by timing.
import { createToolRegistry } from '../toolRegistry';
import { def, models, names, recordingTool } from '../testing';
import { parseWhenClause } from './whenClause';
import { exprWork } from './whenClauseExpr';

const conjunction = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' && ');

function work(source: string): number {
  const before = exprWork.steps;
  parseWhenClause(source);
  return exprWork.steps - before;
}

/** Work for 2n over work for n: about 2 when linear, about 4 when quadratic. */
const ratio = (build: (n: number) => string, n = 4_000) => work(build(2 * n)) / Math.max(1, work(build(n)));

describe('when clauses: near-linear parsing (issue 19)', () => {
  it.each([
    ['a flat conjunction of distinct keys', (n: number) => conjunction(n)],
    [
      'a flat disjunction of distinct comparisons',
      (n: number) => Array.from({ length: n }, (_, i) => `k${i} == v${i}`).join(' || '),
    ],
    [
      'an alternation of conjunctions',
      (n: number) => Array.from({ length: n / 2 }, (_, i) => `a${i} && !b${i}`).join(' || '),
    ],
    ['negated groups nested 200 deep', (n: number) => `${'!(x && '.repeat(200)}${conjunction(n)}${')'.repeat(200)}`],
    ['the same key repeated', (n: number) => Array.from({ length: n }, () => 'k').join(' && ')],
  ])('%s: doubling the clause at most doubles the work (×2.3)', (_label, build) => {
    expect(ratio(build)).toBeLessThan(2.3);
  });

  it('still simplifies like VS Code: duplicates dropped, x && !x false, x || !x true, also across nesting', () => {
    expect(
      parseWhenClause(`${conjunction(500)} && k250 && !k499`).evaluate(
        Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 1])),
      ),
    ).toBe(false);
    expect(parseWhenClause('n > 1 || a || n <= 1').evaluate({})).toBe(true);
    expect(parseWhenClause('(a && b) || !(b && a)').evaluate({})).toBe(true);
    expect(parseWhenClause('!(a || b) && (b || a)').evaluate({ a: 1 })).toBe(false);
    expect(parseWhenClause('!(!(a && !(b || c)))').evaluate({ a: 1 })).toBe(true);
    expect(parseWhenClause('!(!(a && !(b || c)))').evaluate({ a: 1, c: 1 })).toBe(false);
  });

  it('registers and resolves a tool whose clause is 120,000 distinct keys (about 1 MB)', () => {
    const clause = conjunction(120_000);
    expect(clause.length).toBeGreaterThan(1_000_000);
    const registry = createToolRegistry();
    registry.registerTool(def('big_when', { when: clause }), recordingTool('b'));
    registry.registerTool(def('plain_tool'), recordingTool('p'));
    const all = Object.fromEntries(Array.from({ length: 120_000 }, (_, i) => [`k${i}`, true]));
    expect(names(registry.resolve({ model: models.gpt41, context: { k0: true } }))).toEqual(['plain_tool']);
    expect(names(registry.resolve({ model: models.gpt41, context: all }))).toEqual(['big_when', 'plain_tool']);
  });
});
