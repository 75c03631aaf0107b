// Lexical tool search behind `search_tools`: a BM25 index over each enabled tool's name (split on
// `_`, `-` and camelCase), description, toolset and pack descriptions, with stopwords dropped and
// the Porter2 (Snowball English) stemmer on both sides, scored as minisearch 7.2 scored it but on
// flat arrays (searchIndexPostings.ts). A query term matches indexed terms it begins (prefix), one
// edit away (fuzzy, long terms) and, weighted lower, the longest indexed term it begins with
// ("repository" finds "repo"). Query terms weigh by their IDF; the more query terms a tool matches
// the better, but less steeply than minisearch's own count. Results are deterministic: score, then
// name; a query made of tools' exact names only finds those tools: that is how the model asks for a
// tool a search listed but did not activate. Each hit also carries its strength, the score in units
// of one rare word matched, so a floor means the same at 20 tools and at 10,000.
import { FieldPostings, type TermQuery, type TermScores } from './searchIndexPostings';
import { bestPositions, PassCombiner, type ScoredTerm } from './searchIndexRanking';
import { firstSentence, processTerm, splitWords } from './searchIndexTerms';

export { firstSentence, splitWords, stem } from './searchIndexTerms';

export interface SearchableTool {
  readonly name: string;
  readonly description: string;
  /** The toolset's name and description, when the tool is in one. */
  readonly toolSet?: string;
  /** The pack's display name and description, when the tool comes from one. */
  readonly pack?: string;
}

/** One search result. */
export interface ToolSearchHit {
  readonly name: string;
  /** The BM25 score (IDF-weighted terms, field boosts, softened term count); 0 for a named tool no word matched. */
  readonly score: number;
  /**
   * The score in units of one word that only one tool has, matched once (the square of that word's
   * IDF; the IDF alone when terms are not IDF-weighted): comparable across installations of any
   * size. About 1.5 for a tool whose description has one such word of the query, less when only
   * common words match.
   */
  readonly strength: number;
  /** True when the query is made of tools' exact names only, this one among them. */
  readonly named?: boolean;
  /** The first sentence of the tool's description. */
  readonly summary: string;
}

/** Field weights (tuned on the MetaTool dev split only). */
export interface ToolSearchBoosts {
  /** Weight of the tool's name, split into words. */
  readonly name: number;
  /** Weight of the tool's description. */
  readonly description: number;
  /** Weight of the toolset's name and description. */
  readonly toolSet: number;
  /** Weight of the pack's display name and description. */
  readonly pack: number;
}

/** The field weights a search uses unless told otherwise. */
export const DEFAULT_SEARCH_BOOSTS: ToolSearchBoosts = { name: 2, description: 1, toolSet: 0.5, pack: 0.3 };

/** How an index ranks (defaults tuned on the MetaTool dev split only). */
export interface ToolSearchOptions {
  /** Field weights over {@link DEFAULT_SEARCH_BOOSTS}. */
  readonly boosts?: Partial<ToolSearchBoosts>;
  /** Whether terms are stemmed (default true). */
  readonly stem?: boolean;
  /** Prefix matching for query terms of at least this many characters (default 5; 0 turns it off). */
  readonly prefixMinLength?: number;
  /** BM25 parameters (default k 1.2, b 0.3, d 0.5: descriptions are short, length matters little). */
  readonly bm25?: { readonly k: number; readonly b: number; readonly d: number };
  /**
   * Query terms found in more than this share of the tools are left out of the query (default
   * 0.25): they barely move a BM25 score, and in a large installation ("tool", "file") they make
   * every tool a candidate, which is what makes a search slow. Only from 1,000 tools on: in a
   * small set a word like "commit" is in a third of the tools and still the word that decides.
   */
  readonly maxDocumentShare?: number;
  /**
   * Query terms of at least this many characters also match indexed terms one edit away (default 6; 0 turns it off).
   */
  readonly fuzzyMinLength?: number;
  /**
   * Weight of a query term's back-off (default 0.5; 0 turns it off): a query term of 6+ characters
   * also matches the longest shorter indexed term of 4+ characters it begins with, so "repository"
   * finds "repo" and "rental" finds "rent" (prefix matching covers the other direction).
   */
  readonly backoffWeight?: number;
  /** Whether each query term weighs by its IDF over the tools, so rare words decide (default true). */
  readonly weightTermsByIdf?: boolean;
  /**
   * A tool's score is its BM25 sum times (query terms it matches) ^ coordination (default 0.5;
   * minisearch's own is 1): matching more of the query counts, but a long query's filler words,
   * each found in some tool, do not outweigh the one rare word that decides.
   */
  readonly coordination?: number;
  /**
   * Relevance feedback from the best hit (default 10; 0 turns it off): its rarest words not in the
   * query join a second pass, each weighted `feedbackWeight` (default 0.2), so tools described like
   * the best match rank up — a query in a user's words reaches tools in a developer's words.
   */
  readonly feedbackTerms?: number;
  /** Weight of a feedback word beside a query word (see `feedbackTerms`). */
  readonly feedbackWeight?: number;
}

/** One search's bounds. */
export interface SearchQuery {
  /** At most this many hits. */
  readonly limit: number;
  /** Tools left out of the ranking (those already sent). */
  readonly exclude?: (name: string) => boolean;
}

/** How many indexes were built (for the registry's own specs). */
export const toolSearchStats = { indexBuilds: 0 };

const DEFAULT_PREFIX_MIN_LENGTH = 5;
const DEFAULT_FUZZY_MIN_LENGTH = 6;
const DEFAULT_BACKOFF_WEIGHT = 0.5;
const DEFAULT_COORDINATION = 0.5;
const DEFAULT_FEEDBACK_TERMS = 10;
const DEFAULT_FEEDBACK_WEIGHT = 0.2;
/** Back-off: query terms of at least this length, to indexed terms of at least that one. */
const BACKOFF_FROM_LENGTH = 6;
const BACKOFF_MIN_LENGTH = 4;
const DEFAULT_MAX_DOCUMENT_SHARE = 0.25;
/** Below this many tools every query term counts (common terms cost no speed there). */
const COMMON_TERMS_FROM = 1_000;
const DEFAULT_BM25 = { k: 1.2, b: 0.3, d: 0.5 };

const FIELDS = ['name', 'description', 'toolSet', 'pack'] as const;

/** A ranking: the tools the query matched, each one's score, and what orders them (the second pass's score). */
interface Ranked {
  readonly docs: readonly number[];
  readonly scores: readonly number[];
  readonly order: readonly number[];
}

/** One search's memo: each query word's term, and each searched term's scores (both passes share them). */
interface SearchMemo {
  readonly terms: Map<string, string | null>;
  readonly scored: Map<string, TermScores>;
  readonly boosts: Map<string, number>;
}

/** Built once per enabled set; `search` only reads it. */
export class ToolSearchIndex {
  private readonly postings: FieldPostings;
  private readonly combiner: PassCombiner;
  /** The tools by id (the order they came in), and each one's place in name order (ties go to the smaller name). */
  private readonly names: string[] = [];
  private readonly descriptions: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly nameRanks: Int32Array;
  /** In how many tools each processed term occurs (any field). */
  private readonly documentFrequency = new Map<string, number>();
  /** Each tool's processed terms (any field), for relevance feedback; rarest first once a search needed them. */
  private readonly termsOf: string[][] = [];
  private readonly rarestFirst: boolean[] = [];
  /** The second pass's scores by tool, read for the first pass's tools. */
  private readonly secondScores: Float64Array;
  private readonly processQueryTerm: (term: string) => string | null;
  private readonly maxDocuments: number;
  private readonly prefixMinLength: number;
  private readonly fuzzyMinLength: number;
  private readonly backoffWeight: number;
  private readonly weightTermsByIdf: boolean;
  private readonly coordination: number;
  private readonly feedbackTerms: number;
  private readonly feedbackWeight: number;
  /** What a strength of 1 is in score: see {@link ToolSearchHit.strength}. */
  private readonly unit: number;
  /** How many distinct tools the index holds. */
  readonly size: number;

  constructor(tools: readonly SearchableTool[], options: ToolSearchOptions = {}) {
    const boosts: Partial<Record<string, number>> = { ...DEFAULT_SEARCH_BOOSTS, ...options.boosts };
    const stemming = options.stem ?? true;
    this.prefixMinLength = options.prefixMinLength ?? DEFAULT_PREFIX_MIN_LENGTH;
    this.fuzzyMinLength = options.fuzzyMinLength ?? DEFAULT_FUZZY_MIN_LENGTH;
    this.backoffWeight = options.backoffWeight ?? DEFAULT_BACKOFF_WEIGHT;
    this.weightTermsByIdf = options.weightTermsByIdf ?? true;
    this.coordination = options.coordination ?? DEFAULT_COORDINATION;
    this.feedbackTerms = options.feedbackTerms ?? DEFAULT_FEEDBACK_TERMS;
    this.feedbackWeight = options.feedbackWeight ?? DEFAULT_FEEDBACK_WEIGHT;
    // Words repeat across tools: each is processed once while the index is built.
    const processed = new Map<string, string | null>();
    const process = (word: string) => {
      let term = processed.get(word);
      if (term === undefined) processed.set(word, (term = processTerm(word, stemming)));
      return term;
    };
    // Queries do not grow the cache.
    this.processQueryTerm = (word) => processed.get(word) ?? processTerm(word, stemming);
    // A field weight of 0 counts as 1 (as minisearch took it).
    this.postings = new FieldPostings(
      FIELDS.map((field) => boosts[field] || 1),
      options.bm25 ?? DEFAULT_BM25,
    );
    for (const tool of tools) {
      if (this.ids.has(tool.name)) continue;
      this.ids.set(tool.name, this.names.length);
      this.names.push(tool.name);
      this.descriptions.push(tool.description);
      const terms = new Set<string>();
      this.postings.add(
        FIELDS.map((field) => {
          const words = splitWords((field === 'name' ? tool.name : tool[field]) ?? '');
          const fieldTerms: string[] = [];
          for (const word of words) {
            const term = process(word);
            if (term) fieldTerms.push(term);
          }
          for (const term of fieldTerms) terms.add(term);
          return { length: new Set(words).size, terms: fieldTerms };
        }),
      );
      for (const term of terms) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      this.termsOf.push([...terms]);
    }
    this.size = this.names.length;
    // Names in JavaScript's string order (UTF-16 code units), as ties were broken.
    const byName = this.names.map((_, doc) => doc).sort((a, b) => (this.names[a] < this.names[b] ? -1 : 1));
    this.nameRanks = new Int32Array(this.size);
    byName.forEach((doc, rank) => (this.nameRanks[doc] = rank));
    this.combiner = new PassCombiner(this.size);
    this.secondScores = new Float64Array(this.size);
    this.maxDocuments =
      this.size < COMMON_TERMS_FROM
        ? Infinity
        : Math.max(1, (options.maxDocumentShare ?? DEFAULT_MAX_DOCUMENT_SHARE) * this.size);
    toolSearchStats.indexBuilds++;
    const rareIdf = Math.log(1 + (Math.max(1, this.size) - 0.5) / 1.5);
    this.unit = Math.max(1e-9, this.weightTermsByIdf ? rareIdf * rareIdf : rareIdf);
  }

  /**
   * The best `limit` tools for the query, best first; ties go to the smaller name. A query made of
   * tools' exact names only (split on spaces, commas and quotes) finds those tools alone, in its
   * order (the ones not excluded).
   */
  search(query: string, options: SearchQuery): ToolSearchHit[] {
    const limit = Math.max(0, Math.floor(options.limit));
    if (limit === 0 || !query.trim()) return [];
    const named = this.namedTools(query, options.exclude);
    const ranked = this.rank(query, options.exclude);
    const hits = named.length
      ? named.map((name) => {
          const at = ranked.docs.indexOf(this.ids.get(name)!);
          return { name, score: at < 0 ? 0 : ranked.scores[at], named: true };
        })
      : bestPositions(ranked.docs, ranked.order, this.nameRanks, limit).map((at) => ({
          name: this.names[ranked.docs[at]],
          score: ranked.scores[at],
        }));
    return hits.slice(0, limit).map((h) => ({
      name: h.name,
      score: h.score,
      strength: h.score / this.unit,
      ...('named' in h ? { named: true } : {}),
      summary: firstSentence(this.descriptions[this.ids.get(h.name)!]),
    }));
  }

  /** When every word of the query is a tool's exact name: those tools, in its order, but the excluded. */
  private namedTools(query: string, exclude: ((name: string) => boolean) | undefined): string[] {
    const words = query.split(/[\s,;'"`]+/).filter(Boolean);
    if (!words.every((word) => this.ids.has(word))) return [];
    return [...new Set(words)].filter((word) => !exclude?.(word));
  }

  /**
   * Every tool the query's terms match with its score, ordered by a second pass with the best hit's
   * words (relevance feedback).
   */
  private rank(query: string, exclude: ((name: string) => boolean) | undefined): Ranked {
    const memo: SearchMemo = { terms: new Map(), scored: new Map(), boosts: new Map() };
    const words = splitWords(query);
    const first = this.pass(words, new Set(), memo, exclude && ((doc) => exclude(this.names[doc])));
    if (this.feedbackTerms <= 0 || first.docs.length === 0) return { ...first, order: first.scores };
    const asked = new Set(words.map((word) => this.queryTerm(word, memo)));
    const best = first.docs[bestPositions(first.docs, first.scores, this.nameRanks, 1)[0]];
    const feedback = this.rarestTermsOf(best)
      .filter((term) => !asked.has(term) && (this.documentFrequency.get(term) ?? 0) <= this.maxDocuments)
      .slice(0, this.feedbackTerms);
    if (!feedback.length) return { ...first, order: first.scores };
    // Feedback only orders what the query's own words matched (the second pass matches those and
    // more), and a hit's score stays theirs: a confident match is one the query asked for, never one
    // that merely resembles the best hit.
    const second = this.pass(words, new Set(feedback), memo);
    second.docs.forEach((doc, i) => (this.secondScores[doc] = second.scores[i]));
    return { ...first, order: first.docs.map((doc) => this.secondScores[doc]) };
  }

  /** The tools that query words (and feedback terms, weighted lower) match, and their scores. */
  private pass(
    words: readonly string[],
    feedback: ReadonlySet<string>,
    memo: SearchMemo,
    skip?: (doc: number) => boolean,
  ): { docs: number[]; scores: number[] } {
    // Each term searched, with the query term it stands for (itself, or the one it is the back-off of).
    const source = new Map<string, string>();
    const backoffs = new Set<string>();
    for (const word of words) {
      const term = this.queryTerm(word, memo);
      if (!term || source.get(term) === term) continue;
      const df = this.documentFrequency.get(term) ?? 0;
      // One most tools have says little.
      if (df > this.maxDocuments) continue;
      // A term no tool has can still match as a prefix or one edit away.
      if (df > 0 || this.matchesBeyond(term)) {
        source.set(term, term);
        backoffs.delete(term);
      }
      const backoff = this.backoff(term);
      if (backoff && !source.has(backoff)) {
        source.set(backoff, term);
        backoffs.add(backoff);
      }
    }
    for (const term of feedback) if (!source.has(term)) source.set(term, term);
    // Prefix and fuzzy matching for the query's own words only.
    const original = (term: string) => !backoffs.has(term) && !feedback.has(term);
    for (const term of source.keys()) {
      const own = original(term);
      this.scoreTerm(memo, {
        term,
        prefix: own && this.prefixMinLength > 0 && term.length >= this.prefixMinLength,
        fuzzy: own && this.fuzzyMinLength > 0 && term.length >= this.fuzzyMinLength,
        boost:
          (own ? 1 : feedback.has(term) ? this.feedbackWeight : this.backoffWeight) *
          (this.weightTermsByIdf ? this.idf(term) : 1),
      });
    }
    // A back-off and its query term, both matched, count as one query term matched.
    const searched = [...source].map(([term, from]): ScoredTerm => ({
      scores: memo.scored.get(term)!,
      backoffOf: backoffs.has(term) && source.get(from) === from ? memo.scored.get(from) : undefined,
    }));
    return this.combiner.combine(searched, this.coordination, skip);
  }

  /** A query word's term, processed once per search. */
  private queryTerm(word: string, memo: SearchMemo): string | null {
    let term = memo.terms.get(word);
    if (term === undefined) memo.terms.set(word, (term = this.processQueryTerm(word)));
    return term;
  }

  /** A term's scores, computed once per search (a pass weighs a term as the other did, but a back-off that is also feedback). */
  private scoreTerm(memo: SearchMemo, query: TermQuery): void {
    if (!memo.scored.has(query.term) || memo.boosts.get(query.term) !== query.boost) {
      memo.scored.set(query.term, this.postings.score(query));
      memo.boosts.set(query.term, query.boost);
    }
  }

  /** A tool's terms, rarest first (ties by term): the feedback candidates. */
  private rarestTermsOf(doc: number): string[] {
    const terms = this.termsOf[doc];
    if (!this.rarestFirst[doc]) {
      const idf = new Map(terms.map((term) => [term, this.idf(term)]));
      terms.sort((a, b) => idf.get(b)! - idf.get(a)! || (a < b ? -1 : 1));
      this.rarestFirst[doc] = true;
    }
    return terms;
  }

  /** Whether a term matches more than itself: as a prefix, or one edit away. */
  private matchesBeyond(term: string): boolean {
    return (
      (this.prefixMinLength > 0 && term.length >= this.prefixMinLength) ||
      (this.fuzzyMinLength > 0 && term.length >= this.fuzzyMinLength)
    );
  }

  /** The longest shorter indexed term (4+ characters) a query term of 6+ begins with, unless most tools have it. */
  private backoff(term: string): string | undefined {
    if (this.backoffWeight <= 0 || term.length < BACKOFF_FROM_LENGTH) return undefined;
    for (let length = term.length - 1; length >= BACKOFF_MIN_LENGTH; length--) {
      const df = this.documentFrequency.get(term.slice(0, length));
      if (df) return df <= this.maxDocuments ? term.slice(0, length) : undefined;
    }
    return undefined;
  }

  /** BM25's IDF of a term over the tools (any field). */
  private idf(term: string): number {
    const df = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }
}
