import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cliStartup } from './cliStartup';
import { coldResolveWithNativeVariants } from './nativeVariants';
import { findability, loadMetaTool, searchLatency } from './findability';
import { whenClauseRegex } from './whenClauseRegex';
import { largeWhenClause } from './whenClauseScale';
import { largestResults } from './largestResults';
import { mcpEra } from './mcpEras';
import { peers } from './peers';
import { freshRequestWhileSaturated } from './saturation';
import {
  invokeOverhead,
  loadFourPacks,
  memoryPerTool,
  resolveCold,
  resolveDuringChurn,
  resolveRepeated,
  tokenCost,
  type ScenarioResult,
} from './scenarios';
import { grepVersusRipgrep } from './grepScenario';
import { machine } from './machine';

export interface BenchOptions {
  readonly quick: boolean;
  readonly json?: string;
  readonly log?: (line: string) => void;
  /** `--only when|when-regex|memory|cli|native|results|grep|mcp|peers|saturation|search`: runs that one scenario alone. */
  readonly only?: string;
}

/** Runs every scenario in order; `quick` is the smoke mode (tiny sizes, results still checked). */
export async function runAll(options: BenchOptions): Promise<ScenarioResult[]> {
  const { quick } = options;
  // The machine is shared: one scenario alone, by name.
  const single: Record<string, () => Promise<ScenarioResult | ScenarioResult[]>> = {
    when: () => largeWhenClause(quick),
    'when-regex': () => whenClauseRegex(quick),
    memory: () => memoryPerTool(quick),
    cli: () => cliStartup(quick),
    native: () => coldResolveWithNativeVariants(quick),
    results: () => largestResults(quick),
    grep: () => grepVersusRipgrep(quick),
    mcp: () => mcpBothEras(quick),
    peers: () => peers(quick),
    saturation: () => freshRequestWhileSaturated(quick),
    search: () => toolSearch(quick),
  };
  if (options.only !== undefined) {
    const scenario = single[options.only];
    if (!scenario) throw new Error(`--only takes one of: ${Object.keys(single).join(', ')}`);
    const results = [await scenario()].flat();
    for (const result of results) options.log?.(formatRow(result));
    return results;
  }
  const log = options.log ?? (() => undefined);
  const results: ScenarioResult[] = [];
  const add = (result: ScenarioResult) => {
    results.push(result);
    log(formatRow(result));
  };
  for (const n of quick ? [50, 200] : [100, 1_000, 10_000]) add(await resolveRepeated(n, quick));
  const cold = await resolveCold(quick ? 200 : 10_000, quick);
  add(cold);
  add(await coldResolveWithNativeVariants(quick));
  add(await resolveDuringChurn(quick ? 200 : 10_000, cold.coldP50Ms, quick));
  add(await invokeOverhead(quick));
  add(await tokenCost(quick));
  add(await loadFourPacks(quick));
  add(await memoryPerTool(quick));
  add(await grepVersusRipgrep(quick));
  add(await cliStartup(quick));
  for (const result of await mcpBothEras(quick)) add(result);
  for (const result of await peers(quick)) add(result);
  add(await freshRequestWhileSaturated(quick));
  add(await largeWhenClause(quick));
  add(await whenClauseRegex(quick));
  add(await largestResults(quick));
  for (const result of await toolSearch(quick)) add(result);
  return results;
}

/** The tool search on MetaTool: findability on both splits, then latency at 199 and at 10,000 tools. */
async function toolSearch(quick: boolean): Promise<ScenarioResult[]> {
  // Fails the run when ../shared/datasets/metatool is missing: findability is never skipped.
  const metaTool = loadMetaTool();
  return [
    await findability('dev', quick, metaTool),
    await findability('test', quick, metaTool),
    await searchLatency(metaTool.tools.length, quick, metaTool),
    await searchLatency(quick ? 2_000 : 10_000, quick, metaTool),
  ];
}

/** Start-up and a tools/call round trip of the MCP server, in the 2025 era and the 2026-07-28 era. */
async function mcpBothEras(quick: boolean): Promise<ScenarioResult[]> {
  const legacy = await mcpEra('2025-11-25', quick);
  const modern = await mcpEra('2026-07-28', quick);
  return [legacy.startUp, modern.startUp, legacy.roundTrip, modern.roundTrip];
}

const number = (value: number) =>
  Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(4);

export function formatRow(r: ScenarioResult): string {
  return `| ${r.name} | ${r.unit} | ${number(r.ours)} | ${number(r.baseline)} | ${Number.isNaN(r.ratio) ? '-' : `${number(r.ratio)} (${r.ratioLabel})`} | ${r.goal} | ${r.met ? 'met' : 'MISSED'} |${r.notes ? ` ${r.notes}` : ''}`;
}

export async function main(argv: readonly string[]): Promise<number> {
  const jsonIndex = argv.indexOf('--json');
  // Relative to where `npm run bench` was typed (npm sets INIT_CWD; Nx runs us in tools/bench).
  const json =
    jsonIndex >= 0 && argv[jsonIndex + 1]
      ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[jsonIndex + 1])
      : undefined;
  if (jsonIndex >= 0 && !json) {
    console.error('--json needs a file name');
    return 2;
  }
  const quick = argv.includes('--quick');
  console.log(`Tool Packs benchmarks${quick ? ' (quick smoke sizes: not benchmark figures)' : ''} — ${machine()}`);
  console.log('| scenario | unit | ours | baseline | ratio | goal | result | notes');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const onlyIndex = argv.indexOf('--only');
  const results = await runAll({
    quick,
    json,
    only: onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined,
    log: (line) => console.log(line),
  });
  if (json) {
    writeFileSync(
      json,
      `${JSON.stringify(
        results.map(({ name, unit, ours, baseline, ratio, goal, met }) => ({
          name,
          unit,
          ours,
          baseline: Number.isNaN(baseline) ? null : baseline,
          ratio: Number.isNaN(ratio) ? null : ratio,
          goal,
          met,
        })),
        null,
        2,
      )}\n`,
    );
    console.log(`Figures written to ${json}`);
  }
  const missed = results.filter((r) => !r.met);
  console.log(
    missed.length ? `${missed.length} goal(s) missed: ${missed.map((r) => r.name).join('; ')}` : 'Every goal met.',
  );
  return 0;
}
