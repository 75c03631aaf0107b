// The tool search's inverted index: per term and field, the tools that have the term and how often,
// with the terms in a radix tree (minisearch's SearchableMap) for prefix and one-edit matches.
// It scores a query term as minisearch 7.2's `search` did — the same BM25 per field, the same prefix
// and fuzzy weights, the same terms added in the same order, so the same floating-point sums and the
// same rankings — but into flat per-tool arrays: minisearch made a result object, a match record and
// a term list per tool and query term, and that garbage was most of a search's tail at 10,000 tools.
import type SearchableMap from 'minisearch/SearchableMap';

/** BM25 parameters: term-frequency saturation k, length normalisation b, a match's floor d. */
export interface Bm25 {
  readonly k: number;
  readonly b: number;
  readonly d: number;
}

/** How one query term is searched. */
export interface TermQuery {
  readonly term: string;
  /** Also the longer indexed terms it begins. */
  readonly prefix: boolean;
  /** Also the indexed terms one edit away. */
  readonly fuzzy: boolean;
  /** Multiplies every score the term gives. */
  readonly boost: number;
}

/** One query term's score per tool: the tools it matched (in first-match order) and each one's sum. */
export interface TermScores {
  readonly docs: readonly number[];
  readonly scores: readonly number[];
}

/** A term's postings in one field: tool ids (ascending), the term's count in each, and (once scored) each one's BM25. */
interface FieldTermPostings {
  readonly docs: number[];
  readonly counts: number[];
  bm25?: Float64Array;
}

/** A term's postings, per field (undefined where no tool has it in that field). */
type TermPostings = (FieldTermPostings | undefined)[];

/** minisearch's default weights of a prefix and of a fuzzy match beside an exact one. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Above this many terms of the lengths that can be one edit away, the tree is walked instead (~15 µs either way). */
const MAX_COMPARED_TERMS = 600;
/** Stamps restart before they could overflow an Int32Array. */
const MAX_STAMP = 2 ** 30;

let searchableMap: typeof SearchableMap | undefined;

/** minisearch's radix tree, its module required when the first index is built: most starts never search tools (~4 ms). */
function termTree<T>(): SearchableMap<T> {
  if (!searchableMap) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed
    const loaded = require('minisearch/SearchableMap') as typeof SearchableMap | { default: typeof SearchableMap };
    searchableMap = 'default' in loaded ? loaded.default : loaded;
  }
  return new searchableMap<T>();
}

/** Tools' fields as terms; ids are given in order from 0, one per `add`. */
export class FieldPostings {
  private readonly terms = new Map<string, TermPostings>();
  private readonly tree = termTree<TermPostings>();
  /** Per field, each tool's count of distinct words (before stopwords and stemming, as minisearch counted). */
  private readonly lengths: number[][];
  private readonly averageLengths: number[];
  private count = 0;
  /** Scratch of one term's scoring: the running sum per tool, and which tools the term has reached. */
  private sums = new Float64Array(0);
  private reached = new Int32Array(0);
  private stamp = 0;
  /** The terms by length, and each one's place in the tree's depth-first order: built on the first fuzzy search. */
  private near?: { readonly byLength: Map<number, string[]>; readonly place: Map<string, number> };

  /** `boosts`: each field's weight, in field order. */
  constructor(
    private readonly boosts: readonly number[],
    private readonly bm25: Bm25,
  ) {
    this.lengths = boosts.map(() => []);
    this.averageLengths = boosts.map(() => 0);
  }

  /** How many tools were added. */
  get size(): number {
    return this.count;
  }

  /** Whether any tool has this term, in any field. */
  has(term: string): boolean {
    return this.terms.has(term);
  }

  /** Adds the next tool: per field, its number of distinct words and its terms in order (repeats count). */
  add(fields: readonly { readonly length: number; readonly terms: readonly string[] }[]): void {
    const doc = this.count++;
    fields.forEach((field, f) => {
      this.lengths[f][doc] = field.length;
      // The running mean, updated as minisearch updates it (the same rounding, so the same BM25).
      this.averageLengths[f] = (this.averageLengths[f] * doc + field.length) / (doc + 1);
      for (const term of field.terms) {
        let postings = this.terms.get(term);
        if (!postings) {
          postings = this.boosts.map(() => undefined);
          this.terms.set(term, postings);
          // Terms enter the tree in the order minisearch inserted them: the tree's shape, and with it
          // the order prefix and fuzzy matches are added in, stay the same.
          this.tree.set(term, postings);
        }
        const inField = (postings[f] ??= { docs: [], counts: [] });
        const last = inField.docs.length - 1;
        if (inField.docs[last] === doc) inField.counts[last]++;
        else {
          inField.docs.push(doc);
          inField.counts.push(1);
        }
      }
    });
  }

  /**
   * A query term's score per tool: the term itself, then (prefix) the longer terms it begins, then
   * (fuzzy) the other terms one edit away, each weighted by how far it is from the query term.
   */
  score(query: TermQuery): TermScores {
    if (this.sums.length !== this.count) {
      this.sums = new Float64Array(this.count);
      this.reached = new Int32Array(this.count);
    }
    if (++this.stamp > MAX_STAMP) {
      this.reached.fill(0);
      this.stamp = 1;
    }
    const docs: number[] = [];
    const { term } = query;
    const exact = this.terms.get(term);
    if (exact) this.addTerm(exact, 1, query.boost, docs);
    const fuzzy = query.fuzzy ? new Map(this.nearTerms(term).map((near) => [near, near !== term])) : undefined;
    if (query.prefix)
      for (const [longer, postings] of this.tree.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (!distance) continue;
        // A term both longer and one edit away counts as a prefix match only.
        fuzzy?.delete(longer);
        this.addTerm(postings, (PREFIX_WEIGHT * longer.length) / (longer.length + 0.3 * distance), query.boost, docs);
      }
    if (fuzzy)
      for (const [near, edited] of fuzzy)
        if (edited)
          this.addTerm(this.terms.get(near)!, (FUZZY_WEIGHT * near.length) / (near.length + 1), query.boost, docs);
    const scores = new Array<number>(docs.length);
    for (let i = 0; i < docs.length; i++) scores[i] = this.sums[docs[i]];
    return { docs, scores };
  }

  /**
   * The indexed terms one edit away from `term` or equal to it, in the order minisearch's fuzzy
   * search lists them (the tree's depth-first order), which is the order they add to a score in.
   * Where few terms have a length that can match, comparing them costs less than walking the tree
   * with a Levenshtein row per character (a third of the time at the bench's 10,000 tools); a large
   * vocabulary is walked.
   */
  nearTerms(term: string): string[] {
    const near = (this.near ??= this.nearIndex());
    const lengths = [term.length - 1, term.length, term.length + 1];
    const candidates = lengths.reduce((sum, length) => sum + (near.byLength.get(length)?.length ?? 0), 0);
    if (candidates > MAX_COMPARED_TERMS) return [...this.tree.fuzzyGet(term, 1).keys()];
    const found: string[] = [];
    for (const length of lengths)
      for (const candidate of near.byLength.get(length) ?? [])
        if (withinOneEdit(term, candidate)) found.push(candidate);
    return found.sort((a, b) => near.place.get(a)! - near.place.get(b)!);
  }

  private nearIndex(): { byLength: Map<number, string[]>; place: Map<string, number> } {
    const byLength = new Map<number, string[]>();
    for (const term of this.terms.keys()) {
      const same = byLength.get(term.length);
      if (same) same.push(term);
      else byLength.set(term.length, [term]);
    }
    // The tree's iterator goes depth first, each node's children last to first; the fuzzy search
    // went first to first: its order is the iterator's reversed.
    const place = new Map<string, number>();
    let at = this.terms.size;
    for (const term of this.tree.keys()) place.set(term, --at);
    return { byLength, place };
  }

  /** Adds one indexed term's BM25, weighted, to the tools that have it (field by field, as minisearch did). */
  private addTerm(postings: TermPostings, weight: number, boost: number, docs: number[]): void {
    const { sums, reached, stamp } = this;
    for (let f = 0; f < postings.length; f++) {
      const inField = postings[f];
      if (!inField) continue;
      const bm25 = inField.bm25 ?? this.fieldBm25(inField, f);
      const factor = weight * boost * this.boosts[f];
      const ids = inField.docs;
      for (let j = 0; j < ids.length; j++) {
        const doc = ids[j];
        if (reached[doc] === stamp) sums[doc] += factor * bm25[j];
        else {
          reached[doc] = stamp;
          sums[doc] = factor * bm25[j];
          docs.push(doc);
        }
      }
    }
  }

  /**
   * Each posting's BM25 in one field, computed once the index is complete. The expression keeps
   * minisearch's order of operations: a change in the last bit could reorder near ties.
   */
  private fieldBm25(inField: FieldTermPostings, f: number): Float64Array {
    const { k, b, d } = this.bm25;
    const matching = inField.docs.length;
    const idf = Math.log(1 + (this.count - matching + 0.5) / (matching + 0.5));
    const average = this.averageLengths[f];
    const scores = new Float64Array(matching);
    for (let j = 0; j < matching; j++) {
      const count = inField.counts[j];
      const length = this.lengths[f][inField.docs[j]];
      scores[j] = idf * (d + (count * (k + 1)) / (count + k * (1 - b + (b * length) / average)));
    }
    return (inField.bm25 = scores);
  }
}

/** Whether two terms are at most one edit apart (Levenshtein, UTF-16 code units as minisearch compared them). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return true;
  // After the first difference, the rest must be equal once one character is replaced, dropped or added.
  const skipA = a.length >= b.length ? 1 : 0;
  const skipB = b.length >= a.length ? 1 : 0;
  for (let j = i; j + skipA < a.length || j + skipB < b.length; j++)
    if (a.charCodeAt(j + skipA) !== b.charCodeAt(j + skipB)) return false;
  return true;
}
