import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createToolRegistry } from '@toolpacks/registry/host';
import { BaselineRegistry } from './baseline';
import { findability, loadMetaTool, sanitizeName, score, WordOverlapRanker } from './findability';
import { generateInstallation } from './generate';

describe('bench generator', () => {
  it('is repeatable for a seed and makes every kind of tool', () => {
    const a = generateInstallation({ tools: 300, packs: 4, seed: 5 });
    const b = generateInstallation({ tools: 300, packs: 4, seed: 5 });
    expect(a.packs.flatMap((p) => p.tools.map((t) => t.definition))).toEqual(
      b.packs.flatMap((p) => p.tools.map((t) => t.definition)),
    );
    expect(a.counts.general + a.counts.modelSpecific + a.counts.overrides).toBe(300);
    expect(a.counts.modelSpecific).toBeGreaterThan(0);
    expect(a.counts.overrides).toBeGreaterThan(0);
    expect(a.counts.withWhen).toBeGreaterThan(0);
    expect(Object.values(a.selection.toolSets ?? {})).toContain(false);
  });
});

describe('baseline resolver', () => {
  it('resolves every request of the mix to exactly what the registry resolves (same rules, different cost)', async () => {
    const installation = generateInstallation({ tools: 600, packs: 6, seed: 9 });
    const ours = createToolRegistry();
    const baseline = new BaselineRegistry();
    for (const pack of installation.packs) {
      expect((await ours.loadPack(pack)).loaded).toBe(true);
      baseline.loadPack(pack);
    }
    for (const request of installation.requests) {
      const expected = ours.resolve(request).tools;
      expect(baseline.resolve(request)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });
});

describe('findability', () => {
  it('fails clearly when the MetaTool data set is absent', async () => {
    expect(() => loadMetaTool(path.join(os.tmpdir(), 'no-such-metatool'))).toThrow(
      /needs the MetaTool data set.*tools\.json/,
    );
  });

  it('scores rankings and ranks the baseline by shared words, ties by name', () => {
    const ranker = new WordOverlapRanker([
      { name: 'b_tool', description: 'Weather forecast.' },
      { name: 'a_tool', description: 'The weather.' },
      { name: 'c_tool', description: 'Stock prices.' },
    ]);
    expect(ranker.rank('weather forecast today', 5)).toEqual(['b_tool', 'a_tool']);
    const queries = [
      { query: 'x', tool: 'a' },
      { query: 'y', tool: 'b' },
    ];
    expect(score(queries, (q) => (q === 'x' ? ['a'] : ['c', 'd', 'b']))).toEqual({
      queries: 2,
      recall1: 0.5,
      recall5: 1,
      recall10: 1,
      mrr: (1 + 1 / 3) / 2,
    });
    expect(sanitizeName('PDF&URL tool')).toBe('PDF_URL_tool');
  });

  // Ranks 200 queries over 199 tools twice (ours and the baseline): seconds on a loaded machine.
  it('registers the 199 MetaTool tools and finds more than the baseline on a dev slice', async () => {
    const data = loadMetaTool();
    expect(data.tools).toHaveLength(199);
    const result = await findability('dev', true, data);
    expect(result.detail.ours.queries).toBe(200);
    expect(result.detail.ours.recall5).toBeGreaterThan(result.detail.baseline.recall5);
    expect(result.detail.ours.mrr).toBeGreaterThan(result.detail.baseline.mrr);
  }, 120_000);
});

describe('npm run bench, quick', () => {
  it('runs every scenario and writes the JSON figures', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
    try {
      const file = path.join(dir, 'bench.json');
      execFileSync(
        process.execPath,
        ['--expose-gc', path.join(__dirname, '../bin/bench.js'), '--quick', '--json', file],
        { stdio: 'pipe' },
      );
      const figures = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        unit: string;
        ours: number;
        baseline: number | null;
        ratio: number | null;
        met: boolean;
      }[];
      expect(figures.map((f) => f.name.replace(/N=\d+|\d[\d,]* ?(enabled tools|-file)/g, '#'))).toEqual([
        'resolve, repeated identical request, #',
        'resolve, repeated identical request, #',
        'resolve after a registry change (cold), #',
        'resolve after a registry change (cold) with the native variants, #',
        'resolve while a pack loads/unloads every 100 requests, #',
        'invoke overhead, no-op tool, 100 tools round-robin',
        'token cost of definitions, #, threshold 64',
        'loading the four real packs into a registry',
        'memory per registered tool, #, schemas excluded',
        'grep_search on a # tree vs the rg command',
        'CLI start-up: toolpacks resolve to a printed table vs node -e 0',
        'MCP start-up, 2025-11-25: spawn to the first tools/list answer vs a minimal SDK v2 server',
        'MCP start-up, 2026-07-28: spawn to the first tools/list answer vs a minimal SDK v2 server',
        "MCP tools/call round trip, 2025-11-25: read_file vs the minimal server's echo",
        "MCP tools/call round trip, 2026-07-28: read_file vs the minimal server's echo",
        'Peers: start-up, 2025-11-25 vs server-filesystem',
        'Peers: start-up, 2026-07-28 vs server-filesystem',
        'Peers: read a small file, round trip',
        'Peers: git_status, round trip',
        'Peers: grep a common word, first 50 results',
        "Peers: the tool list's characters (JSON)",
        'Peers: RSS growth over a thousand calls (from the first tools/list)',
        'MCP, a fresh request while grep_search calls saturate the server (2026-07-28, HTTP)',
        'register + resolve a 0.0 MB when clause (1200 keys)',
        '`a =~ /x$/ \\|\\| a =~ /^a+$/` on a 1 MB value',
        'largest result per tool over this repository (a clone with a # commit)',
        'tool search findability, MetaTool dev (slice), recall@5',
        'tool search findability, MetaTool test (slice), recall@5',
        'search_tools latency, one search, # registered tools, p99',
        'search_tools latency, one search, # registered tools, p99',
      ]);
      for (const f of figures) {
        expect(Number.isFinite(f.ours)).toBe(true);
        if (f.baseline !== null) expect(Number.isFinite(f.baseline)).toBe(true);
        // Times are positive; a heap or RSS delta at smoke sizes is GC noise and may not be.
        if (f.unit !== 'bytes/tool' && f.unit !== 'MB')
          expect(f.ours > 0 && (f.baseline === null || f.baseline > 0)).toBe(true);
      }
      // Not a timing: grouping must cut tokens, stay under the limit and keep every tool reachable.
      expect(figures.find((f) => f.name.startsWith('token cost'))!.met).toBe(true);
      // Not a timing either: search_tools ranks better than counting shared words.
      for (const f of figures.filter((f) => f.name.startsWith('tool search findability')))
        expect(f.ours).toBeGreaterThan(f.baseline!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Every scenario at smoke sizes, real processes included (servers, peers, a 30-call flood):
    // 1.5 min on two cores under load 10, 8.6 min with both cores also spun by busy loops (load 13).
  }, 1_200_000);
});
