// Timing on a shared, noisy machine: ours and the baseline run interleaved in the same process,
// alternating which goes first, and each figure is the median over rounds.

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Milliseconds per operation of `iterations` calls. */
export async function perOp(iterations: number, op: (i: number) => unknown): Promise<number> {
  const start = nowMs();
  for (let i = 0; i < iterations; i++) {
    const result = op(i);
    if (result instanceof Promise) await result;
  }
  return (nowMs() - start) / iterations;
}

/** Medians of per-op time for ours and the baseline over `rounds` interleaved rounds. */
export async function interleaved(
  rounds: number,
  ours: () => Promise<number>,
  baseline: () => Promise<number>,
): Promise<{ ours: number; baseline: number }> {
  const o: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      o.push(await ours());
      b.push(await baseline());
    } else {
      b.push(await baseline());
      o.push(await ours());
    }
  }
  return { ours: median(o), baseline: median(b) };
}

export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc to measure memory.');
  gc();
  gc();
}
