import SearchableMap from 'minisearch/SearchableMap';
import { FieldPostings } from './searchIndexPostings';
import { bestPositions, PassCombiner } from './searchIndexRanking';

const BM25 = { k: 1.2, b: 0.3, d: 0.5 };

/** Postings over one field of whole words (no stemming): tool i has `texts[i]`. */
function postingsOf(texts: readonly string[]): FieldPostings {
  const postings = new FieldPostings([1], BM25);
  for (const text of texts) {
    const words = text.split(' ');
    postings.add([{ length: new Set(words).size, terms: words }]);
  }
  return postings;
}

const asMap = (scores: { docs: readonly number[]; scores: readonly number[] }) =>
  new Map(scores.docs.map((doc, i) => [doc, scores.scores[i]]));

describe('the search index postings', () => {
  const postings = postingsOf(['convert pdf', 'converter', 'conversion table', 'covert colours', 'pdf pdf']);
  const query = { term: 'convert', prefix: false, fuzzy: false, boost: 1 };

  it('scores the exact term alone unless prefix or fuzzy matching is asked for', () => {
    expect(asMap(postings.score(query))).toEqual(new Map([[0, expect.any(Number)]]));
    expect([...asMap(postings.score({ ...query, prefix: true })).keys()]).toEqual([0, 1]);
    // "covert" is one edit away from "convert"; "conversion" is neither a prefix match nor one edit away.
    expect([...asMap(postings.score({ ...query, fuzzy: true })).keys()]).toEqual([0, 3]);
  });

  it('weighs a prefix or fuzzy match below the exact one and scales every score by the boost', () => {
    const exact = asMap(postings.score({ term: 'pdf', prefix: false, fuzzy: false, boost: 1 }));
    const both = asMap(postings.score({ ...query, prefix: true, fuzzy: true }));
    expect(both.get(1)!).toBeLessThan(both.get(0)!);
    expect(both.get(3)!).toBeLessThan(both.get(0)!);
    const doubled = asMap(postings.score({ term: 'pdf', prefix: false, fuzzy: false, boost: 2 }));
    for (const [doc, score] of exact) expect(doubled.get(doc)).toBe(2 * score);
    // Saturating term frequency: twice the word is worth more than once, less than twice as much.
    expect(exact.get(4)!).toBeGreaterThan(exact.get(0)!);
    expect(exact.get(4)!).toBeLessThan(2 * exact.get(0)!);
  });
});

describe('terms one edit away', () => {
  it('are the ones minisearch’s fuzzy search found, in its order, over a vocabulary full of near words', () => {
    // Words of 1–8 letters over four letters (Park–Miller numbers): many share prefixes,
    // many are prefixes of others (inserted before and after them) and many are one edit apart; few
    // enough for every length that they are compared, not walked.
    let seed = 7;
    const next = () => (seed = (seed * 16_807) % 2_147_483_647);
    const words = Array.from({ length: 1_200 }, () =>
      Array.from({ length: 1 + (next() % 8) }, () => 'abcd'[next() % 4]).join(''),
    );
    const postings = new FieldPostings([1], BM25);
    const tree = new SearchableMap<true>();
    for (let i = 0; i < words.length; i += 5) {
      const terms = words.slice(i, i + 5);
      postings.add([{ length: terms.length, terms }]);
      for (const term of terms) if (!tree.has(term)) tree.set(term, true);
    }
    const queries = [...new Set([...words, 'abcdabcda', 'dddddddd', 'é', 'abcdé', ''])];
    for (const query of queries)
      expect([query, postings.nearTerms(query)]).toEqual([query, [...tree.fuzzyGet(query, 1).keys()]]);
  });
});

describe('one ranking pass', () => {
  const scores = (pairs: [number, number][]) => ({ docs: pairs.map(([d]) => d), scores: pairs.map(([, s]) => s) });

  it('adds the terms’ scores per tool and counts a back-off and its query term, both matched, once', () => {
    const combiner = new PassCombiner(4);
    const word = scores([
      [0, 1],
      [1, 2],
    ]);
    const backoff = scores([
      [1, 0.5],
      [2, 0.25],
    ]);
    const other = scores([[0, 3]]);
    const pass = combiner.combine([{ scores: word }, { scores: backoff, backoffOf: word }, { scores: other }], 1);
    // Tool 0: two query terms (1 + 3) × 2; tool 1: one query term (word and its back-off) 2.5 × 1; tool 2: 0.25 × 1.
    expect(asMap(pass)).toEqual(
      new Map([
        [0, 8],
        [1, 2.5],
        [2, 0.25],
      ]),
    );
    // The same terms without the back-off link count two for tool 1; the scratch was reset in between.
    const apart = combiner.combine([{ scores: word }, { scores: backoff }], 1, (doc) => doc === 0);
    expect(asMap(apart)).toEqual(
      new Map([
        [1, 5],
        [2, 0.25],
      ]),
    );
  });

  it('picks the best few by score, ties to the smaller name rank, as a full sort would', () => {
    const docs = [0, 1, 2, 3, 4, 5, 6, 7];
    const values = [0.5, 2, 2, 0.1, 3, 2, 0.5, 9];
    const ranks = Int32Array.from([7, 6, 5, 4, 3, 2, 1, 0]);
    const sorted = docs.map((_, i) => i).sort((a, b) => values[b] - values[a] || ranks[docs[a]] - ranks[docs[b]]);
    for (const limit of [0, 1, 3, 5, 8, 20])
      expect(bestPositions(docs, values, ranks, limit)).toEqual(sorted.slice(0, limit));
    // Past the window's length the same order comes from sorting every entry.
    const many = Array.from({ length: 300 }, (_, i) => i);
    const manyValues = many.map((i) => (i * 37) % 11);
    const manyRanks = Int32Array.from(many.map((i) => (i * 101) % 300));
    const manySorted = many
      .map((_, i) => i)
      .sort((a, b) => manyValues[b] - manyValues[a] || manyRanks[a] - manyRanks[b]);
    for (const limit of [20, 64, 65, 200, 400])
      expect(bestPositions(many, manyValues, manyRanks, limit)).toEqual(manySorted.slice(0, limit));
  });
});
