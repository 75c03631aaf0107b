// Issue 19: one pack's 1 MB when clause (120,000 distinct keys joined by &&) took about 113 s to
// register and resolve. The baseline is the same work for a 1 KB clause, scaled ×1000 (the size
// ratio): a ratio near 1 means linear cost, 1000 would mean quadratic.
import { createToolRegistry } from '@toolpacks/registry/host';
import { MODELS, NOOP_TOOL } from './generate';
import { collectGarbage, median, nowMs } from './measure';
import type { ScenarioResult } from './scenarios';

const conjunction = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`).join(' && ');

/** Milliseconds to register one tool with `clause` in a fresh registry and resolve twice (two contexts, so the cache does not answer). */
function registerAndResolve(clause: string, keys: number): number {
  const context = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, true]));
  const registry = createToolRegistry(); // not timed: a registry's own set-up would hide the clause's cost
  collectGarbage();
  const start = nowMs();
  registry.registerTool(
    { name: 'big_when', modelDescription: 'A tool with a large when clause.', when: clause },
    NOOP_TOOL,
  );
  const sent = registry.resolve({ model: MODELS[0], context }).tools.length;
  registry.resolve({ model: MODELS[0], context: { k0: true } });
  const ms = nowMs() - start;
  if (sent !== 1) throw new Error(`the ${clause.length}-character clause was not true with every key set`);
  registry.dispose();
  return ms;
}

export async function largeWhenClause(quick: boolean): Promise<ScenarioResult> {
  const small = 120; // about 1 KB
  const scale = quick ? 10 : 1000;
  const smallClause = conjunction(small);
  const largeClause = conjunction(small * scale);
  const rounds = quick ? 1 : 3;
  const ours = median(Array.from({ length: rounds }, () => registerAndResolve(largeClause, small * scale)));
  const baseline = median(Array.from({ length: rounds * 20 }, () => registerAndResolve(smallClause, small))) * scale;
  const ratio = ours / baseline;
  return {
    name: `register + resolve a ${(largeClause.length / 1e6).toFixed(1)} MB when clause (${small * scale} keys)`,
    unit: 'ms',
    ours,
    baseline,
    ratio,
    ratioLabel: `÷ 1 KB clause ×${scale}`,
    goal: '≤ 5 s and ratio ≤ 3 (near linear)',
    met: ours <= 5_000 && ratio <= 3,
    notes: `1 KB clause: ${(baseline / scale).toFixed(2)} ms`,
  };
}
