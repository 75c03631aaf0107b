// The scenarios of BENCHMARKS.md. Each returns ours, the baseline (measured in the same run) and
// the ratio the goal is stated in. `quick` shrinks sizes for the smoke test: its figures are not
// benchmarks, only proof that every scenario still runs and computes correct results.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { createToolRegistry, definePack, type ResolveRequest, type ToolRegistry } from '@toolpacks/registry/host';
import { BaselineRegistry } from './baseline';
import { fivePropertySchema, generateInstallation, MODELS, NOOP_TOOL, type Installation } from './generate';
import { collectGarbage, interleaved, median, nowMs, percentile, perOp } from './measure';

export interface ScenarioResult {
  readonly name: string;
  readonly unit: string;
  readonly ours: number;
  /** NaN where the scenario has no baseline. */
  readonly baseline: number;
  readonly ratio: number;
  readonly ratioLabel: string;
  readonly goal: string;
  readonly met: boolean;
  readonly notes?: string;
}

async function loaded(installation: Installation): Promise<{ ours: ToolRegistry; baseline: BaselineRegistry }> {
  const ours = createToolRegistry();
  const baseline = new BaselineRegistry();
  for (const pack of installation.packs) {
    const result = await ours.loadPack(pack);
    if (!result.loaded) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
    baseline.loadPack(pack);
  }
  return { ours, baseline };
}

const packCount = (n: number) => Math.max(4, Math.round(n / 100));

/** Repeated identical request: ours is a cache hit, the baseline scans everything again. */
export async function resolveRepeated(n: number, quick: boolean): Promise<ScenarioResult> {
  const installation = generateInstallation({ tools: n, packs: packCount(n) });
  const { ours, baseline } = await loaded(installation);
  const request = installation.requests[7];
  ours.resolve(request);
  const oursIterations = quick ? 20 : 20_000;
  const baselineIterations = quick ? 2 : Math.max(3, Math.round(200_000 / n));
  const t = await interleaved(
    quick ? 1 : 7,
    () => perOp(oursIterations, () => ours.resolve(request)),
    () => perOp(baselineIterations, () => baseline.resolve(request)),
  );
  const ratio = t.baseline / t.ours;
  return {
    name: `resolve, repeated identical request, N=${n}`,
    unit: 'µs/request',
    ours: t.ours * 1000,
    baseline: t.baseline * 1000,
    ratio,
    ratioLabel: 'speed-up',
    goal: n >= 10_000 ? '≥ 50× at 10k' : 'flat in N',
    met: n >= 10_000 ? ratio >= 50 : true,
  };
}

/** The first request after every registry change: nothing cached but parsed definitions. */
export async function resolveCold(n: number, quick: boolean): Promise<ScenarioResult & { coldP50Ms: number }> {
  const installation = generateInstallation({ tools: n, packs: packCount(n) });
  const { ours, baseline } = await loaded(installation);
  const oursTimes: number[] = [];
  const baselineTimes: number[] = [];
  const rounds = quick ? 3 : 31;
  let registration = ours.registerTool({ name: 'bench_change', modelDescription: 'Changes the registry.' }, NOOP_TOOL);
  for (let i = 0; i < rounds; i++) {
    const request = installation.requests[i % installation.requests.length];
    // The change itself is not timed: only the resolve that follows it.
    registration.dispose();
    registration = ours.registerTool({ name: 'bench_change', modelDescription: 'Changes the registry.' }, NOOP_TOOL);
    let start = nowMs();
    ours.resolve(request);
    oursTimes.push(nowMs() - start);
    start = nowMs();
    baseline.resolve(request);
    baselineTimes.push(nowMs() - start);
  }
  const o = median(oursTimes);
  const b = median(baselineTimes);
  return {
    name: `resolve after a registry change (cold), N=${n}`,
    unit: 'ms/request',
    ours: o,
    baseline: b,
    ratio: b / o,
    ratioLabel: 'speed-up',
    goal: '≥ 1× (aim ≥ 3×)',
    met: b / o >= 1,
    coldP50Ms: o,
  };
}

/** A request mix while a pack loads or unloads every 100 requests. */
export async function resolveDuringChurn(n: number, coldP50Ms: number, quick: boolean): Promise<ScenarioResult> {
  const installation = generateInstallation({ tools: n, packs: packCount(n) });
  const { ours } = await loaded(installation);
  const churning = generateInstallation({ tools: 50, packs: 1, seed: 7, prefix: 'churn' }).packs[0];
  const latencies: number[] = [];
  const total = quick ? 200 : 5_000;
  let loadedPack: { dispose(): void } | undefined;
  for (let i = 0; i < total; i++) {
    if (i % 100 === 0) {
      if (loadedPack) {
        loadedPack.dispose();
        loadedPack = undefined;
      } else {
        const result = await ours.loadPack(churning);
        if (!result.loaded) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
        loadedPack = result;
      }
    }
    const request = installation.requests[i % installation.requests.length];
    const start = nowMs();
    ours.resolve(request);
    latencies.push(nowMs() - start);
  }
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  return {
    name: `resolve while a pack loads/unloads every 100 requests, N=${n}`,
    unit: 'ms (p99 | cold p50)',
    ours: p99,
    baseline: coldP50Ms,
    ratio: p99 / coldP50Ms,
    ratioLabel: 'p99 ÷ cold p50',
    goal: '≤ 2',
    met: p99 / coldP50Ms <= 2,
    notes: `p50 ${p50.toFixed(4)} ms over ${total} requests (${installation.requests.length} distinct), ${total / 100} pack loads/unloads`,
  };
}

/** Invocation overhead: a no-op tool, a 5-property schema, 100 tools with distinct schemas round-robin. */
export async function invokeOverhead(quick: boolean): Promise<ScenarioResult> {
  const count = 100;
  const pack = definePack({
    id: 'invoke-bench',
    displayName: 'Invoke bench',
    version: '1',
    tools: Array.from({ length: count }, (_, i) => ({
      definition: { name: `noop_${i}`, modelDescription: 'Does nothing.', inputSchema: fivePropertySchema(i) },
      implementation: NOOP_TOOL,
    })),
  });
  const ours = createToolRegistry({ virtualToolThreshold: 1000, hardToolLimit: 1000 });
  await ours.loadPack(pack);
  const baseline = new BaselineRegistry();
  baseline.loadPack(pack);
  const request: ResolveRequest = { model: MODELS[0] };
  const resolved = ours.resolve(request);
  const baselineResolved = baseline.resolve(request);
  const input = (i: number) => ({
    [`path${i % count}`]: 'src/a.ts',
    query: 'x',
    maxResults: 5,
    caseSensitive: false,
    mode: 'fast',
  });
  // Warm both (our validators compile on first use; the baseline's LRU cannot hold 100).
  for (let i = 0; i < count; i++) {
    const result = await ours.invoke(resolved, { callId: 'w', name: `noop_${i}`, input: input(i) });
    if (result.status !== 'ok') throw new Error(`noop_${i}: ${result.status}`);
  }
  const iterations = quick ? 100 : 5_000;
  const t = await interleaved(
    quick ? 1 : 7,
    () => perOp(iterations, (i) => ours.invoke(resolved, { callId: 'c', name: `noop_${i % count}`, input: input(i) })),
    () =>
      perOp(Math.max(100, iterations / 10), (i) => baseline.invoke(baselineResolved, `noop_${i % count}`, input(i))),
  );
  const ratio = t.baseline / t.ours;
  return {
    name: 'invoke overhead, no-op tool, 100 tools round-robin',
    unit: 'µs/call',
    ours: t.ours * 1000,
    baseline: t.baseline * 1000,
    ratio,
    ratioLabel: 'speed-up',
    goal: '≥ 10×',
    met: ratio >= 10,
  };
}

/** Token cost of definitions for 500 enabled tools, grouped at threshold 64 versus flat. */
export async function tokenCost(quick: boolean): Promise<ScenarioResult> {
  const n = quick ? 200 : 500;
  const installation = generateInstallation({
    tools: n,
    packs: 10,
    modelSpecificShare: 0,
    overrideShare: 0,
    whenShare: 0,
  });
  const registry = createToolRegistry({ virtualToolThreshold: 64 });
  for (const pack of installation.packs) await registry.loadPack(pack);
  const model = MODELS[3];
  const session = registry.createVirtualToolSession();
  const grouped = registry.resolve({ model, virtualTools: { session } });
  const flat = registry.resolve({ model: { ...model, maxTools: 100_000 }, virtualTools: { threshold: 100_000 } });
  if (flat.tools.length !== n) throw new Error(`expected ${n} tools flat, got ${flat.tools.length}`);
  // Every tool reachable with at most one activate call: open each group and look.
  let reachable = grouped.entries.filter((e) => e.sent).length;
  let maxSent = grouped.tools.length;
  for (const group of grouped.groups) {
    const before = registry.resolve({ model, virtualTools: { session } });
    await registry.invoke(before, { callId: 'a', name: group.name, input: {} });
    const after = registry.resolve({ model, virtualTools: { session } });
    maxSent = Math.max(maxSent, after.tools.length);
    const names = new Set(after.tools.map((t) => t.name));
    reachable += group.tools.filter((t) => names.has(t)).length;
  }
  const ratio = grouped.estimatedTokens / flat.estimatedTokens;
  const allReachable = reachable === n;
  return {
    name: `token cost of definitions, ${n} enabled tools, threshold 64`,
    unit: 'tokens',
    ours: grouped.estimatedTokens,
    baseline: flat.estimatedTokens,
    ratio,
    ratioLabel: 'grouped ÷ flat',
    goal: '≤ 0.20, ≤ 128 sent, all reachable',
    met: ratio <= 0.2 && maxSent <= 128 && allReachable,
    notes: `${grouped.tools.length} sent (${grouped.groups.length} groups), at most ${maxSent} after any one activation; ${reachable}/${n} tools reachable with one activate call`,
  };
}

/** Loading the four real packs into a fresh registry over a real folder. */
export async function loadFourPacks(quick: boolean): Promise<ScenarioResult> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-packs-'));
  try {
    const host = await createNodeHost(root);
    const times: number[] = [];
    for (let i = 0; i < (quick ? 2 : 25); i++) {
      const start = nowMs();
      const { loaded } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
      const refused = loaded.find((p) => !p.loaded);
      if (refused) throw new Error(`${refused.id} refused`);
      times.push(nowMs() - start);
    }
    host.dispose();
    const ours = median(times.slice(1)); // the first run includes module warm-up
    return {
      name: 'loading the four real packs into a registry',
      unit: 'ms',
      ours,
      baseline: Number.NaN,
      ratio: Number.NaN,
      ratioLabel: '-',
      goal: '≤ 50 ms',
      met: ours <= 50,
      notes: `first run (cold modules) ${times[0].toFixed(2)} ms`,
    };
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** Heap per registered tool at 10k, with one schema object shared by all (schemas excluded). */
export async function memoryPerTool(quick: boolean): Promise<ScenarioResult> {
  const n = quick ? 1_000 : 10_000;
  const installation = generateInstallation({ tools: n, packs: Math.max(4, n / 100), sharedSchema: true });
  const measure = async (build: () => Promise<unknown>) => {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept = await build();
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    if (!kept) throw new Error('unreachable');
    return (after - before) / n;
  };
  const ours = await measure(async () => {
    const registry = createToolRegistry();
    for (const pack of installation.packs) await registry.loadPack(pack);
    registry.resolve(installation.requests[0]);
    return registry;
  });
  const baseline = await measure(async () => {
    const registry = new BaselineRegistry();
    for (const pack of installation.packs) registry.loadPack(pack);
    return registry;
  });
  return {
    name: `memory per registered tool, N=${n}, schemas excluded`,
    unit: 'bytes/tool',
    ours,
    baseline,
    ratio: ours / baseline,
    ratioLabel: 'ours ÷ baseline',
    goal: '≤ 1 KB',
    met: ours <= 1024,
  };
}
