// One pass of the tool search's ranking over flat per-tool arrays: the query terms' scores added in
// query order (as minisearch's 'OR' added them), the query terms each tool matched counted, and the
// best few picked without sorting every match.
import type { TermScores } from './searchIndexPostings';

/** A searched term's scores, and those of the query term it is the back-off of (matching both counts once). */
export interface ScoredTerm {
  readonly scores: TermScores;
  readonly backoffOf?: TermScores;
}

/** The tools a pass matched and each one's score. */
export interface PassScores {
  readonly docs: number[];
  readonly scores: number[];
}

/** Per-tool sums of one pass, reused from search to search (a search runs to its end before the next). */
export class PassCombiner {
  private readonly totals: Float64Array;
  /** Query terms (searched terms) each tool matched. */
  private readonly terms: Uint16Array;
  /** Of those, the distinct ones once a back-off and its query term count as one. */
  private readonly distinct: Uint16Array;
  /** Marks the tools a back-off's query term matched. */
  private readonly marks: Int32Array;
  private mark = 0;
  private touched: number[] = [];

  constructor(size: number) {
    this.totals = new Float64Array(size);
    this.terms = new Uint16Array(size);
    this.distinct = new Uint16Array(size);
    this.marks = new Int32Array(size);
  }

  /**
   * Each tool's score over `terms` (in query order): its BM25 sum times (query terms it matched) ^
   * `coordination`, the sum's rounding kept as minisearch had it (× terms matched, then ÷). The
   * tools `skip` names are left out.
   */
  combine(searched: readonly ScoredTerm[], coordination: number, skip?: (doc: number) => boolean): PassScores {
    const { totals, terms: counts, distinct } = this;
    for (const { scores, backoffOf } of searched) {
      if (backoffOf) this.markDocs(backoffOf.docs);
      const { docs } = scores;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (counts[doc] === 0) this.touched.push(doc);
        totals[doc] += scores.scores[i];
        counts[doc]++;
        if (!backoffOf || this.marks[doc] !== this.mark) distinct[doc]++;
      }
    }
    const out: PassScores = { docs: [], scores: [] };
    for (const doc of this.touched) {
      if (!skip?.(doc)) {
        const matched = counts[doc];
        out.docs.push(doc);
        out.scores.push(((totals[doc] * matched) / matched) * distinct[doc] ** coordination);
      }
      totals[doc] = 0;
      counts[doc] = 0;
      distinct[doc] = 0;
    }
    this.touched = [];
    return out;
  }

  private markDocs(docs: readonly number[]): void {
    if (++this.mark > 2 ** 30) {
      this.marks.fill(0);
      this.mark = 1;
    }
    for (const doc of docs) this.marks[doc] = this.mark;
  }
}

/** Up to this many best entries are picked through a sorted window; more are picked by sorting all. */
const WINDOW_LIMIT = 64;

/**
 * The positions of the `limit` best entries, best first: higher `scores`, then lower `ranks` of
 * `docs` (each tool's place in name order). Keeps a sorted window of `limit` instead of sorting all.
 */
export function bestPositions(
  docs: readonly number[],
  scores: readonly number[],
  ranks: Int32Array,
  limit: number,
): number[] {
  if (limit <= 0) return [];
  // A long window costs more than it saves (each entry moves along it): sort them all instead.
  if (limit > WINDOW_LIMIT)
    return docs
      .map((_, i) => i)
      .sort((a, b) => scores[b] - scores[a] || ranks[docs[a]] - ranks[docs[b]])
      .slice(0, limit);
  const before = (a: number, b: number) =>
    scores[a] > scores[b] || (scores[a] === scores[b] && ranks[docs[a]] < ranks[docs[b]]);
  const best: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (best.length === limit && !before(i, best[limit - 1])) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && before(i, best[at - 1])) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = i;
  }
  return best;
}
