// Issue 33: since `=~` moved to re2js, `a =~ /x$/ || a =~ /^a+$/` on a 50 MB value took 11 s, where
// VS Code's own evaluation (a V8 RegExp) takes milliseconds. The baseline is VS Code's code itself:
// monaco-editor-core's ContextKeyExpr, run in a child `node` (it is ESM) on the same clause and value,
// timed inside that process so that start-up is not counted.
import { execFileSync } from 'node:child_process';
import { parseWhenClause } from '@toolpacks/registry/host';
import { median, nowMs } from './measure';
import type { ScenarioResult } from './scenarios';

const CLAUSE = 'a =~ /x$/ || a =~ /^a+$/';

/** A value that answers false, so both terms run over all of it. */
const valueOf = (megabytes: number) => `${'a'.repeat(megabytes * 1_000_000)}b`;

function oursMs(megabytes: number, rounds: number): number {
  const clause = parseWhenClause(CLAUSE);
  const context = { a: valueOf(megabytes) };
  return median(
    Array.from({ length: rounds }, () => {
      const start = nowMs();
      const answer = clause.evaluate(context);
      const ms = nowMs() - start;
      if (answer !== false) throw new Error(`${CLAUSE} answered ${answer} on 'aaa…b'`);
      return ms;
    }),
  );
}

/** VS Code's evaluation of the same clause and value, in milliseconds (median of `rounds`). */
function vsCodeMs(megabytes: number, rounds: number): number {
  const script = `
    import { createRequire } from 'node:module';
    import { pathToFileURL } from 'node:url';
    const require = createRequire(${JSON.stringify(__filename)});
    const file = require.resolve('monaco-editor-core/esm/vs/platform/contextkey/common/contextkey.js');
    const { ContextKeyExpr } = await import(pathToFileURL(file).href);
    const expr = ContextKeyExpr.deserialize(${JSON.stringify(CLAUSE)});
    const value = 'a'.repeat(${megabytes * 1_000_000}) + 'b';
    const times = [];
    for (let i = 0; i < ${rounds}; i++) {
      const start = performance.now();
      const answer = expr.evaluate({ getValue: () => value });
      times.push(performance.now() - start);
      if (answer !== false) throw new Error('VS Code answered ' + answer);
    }
    times.sort((x, y) => x - y);
    process.stdout.write(String(times[Math.floor(times.length / 2)]));
  `;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

export async function whenClauseRegex(quick: boolean): Promise<ScenarioResult> {
  const megabytes = quick ? 1 : 50;
  const rounds = quick ? 3 : 5;
  const vsCode = vsCodeMs(megabytes, rounds);
  const ours = oursMs(megabytes, rounds);
  const ratio = ours / vsCode;
  return {
    name: `\`${CLAUSE.replace(/\|/g, '\\|')}\` on a ${megabytes} MB value`, // `|` escaped for the Markdown table
    unit: 'ms',
    ours,
    baseline: vsCode,
    ratio,
    ratioLabel: '÷ VS Code (monaco-editor-core)',
    goal: 'ratio ≤ 2',
    met: ratio <= 2,
    notes: 'hostile patterns still run on re2js (linear time)',
  };
}
