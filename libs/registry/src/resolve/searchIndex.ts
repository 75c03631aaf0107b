// Lexical tool search behind `search_tools`: a BM25 index (minisearch) over each enabled tool's
// name (split on `_`, `-` and camelCase), description, toolset and pack descriptions, with
// stopwords dropped and the Porter2 (Snowball English) stemmer on both sides. A query term matches
// indexed terms it begins (prefix), one edit away (fuzzy, long terms) and, weighted lower, the
// longest indexed term it begins with ("repository" finds "repo"). Query terms weigh by their IDF;
// the more query terms a tool matches the better, but less steeply than minisearch's own count.
// Results are deterministic: score, then name; a query made of tools' exact names only finds those
// tools: that is how the model asks for a tool a search listed but did not activate. Each hit also
// carries its strength, the score in units of one rare word matched, so a floor means the same at
// 20 tools and at 10,000.
// The package ships no types; this reference carries them to every project that compiles the registry.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./wink-porter2-stemmer.d.ts" />
import MiniSearch from 'minisearch';
import porter2 from 'wink-porter2-stemmer';

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

/** Built once per enabled set; `search` only reads it. */
export class ToolSearchIndex {
  private readonly index: MiniSearch<SearchableTool>;
  private readonly descriptions = new Map<string, string>();
  /** In how many tools each processed term occurs (any field). */
  private readonly documentFrequency = new Map<string, number>();
  /** Each tool's processed terms (any field), for relevance feedback. */
  private readonly termsOf = new Map<string, ReadonlySet<string>>();
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
    const boosts = { ...DEFAULT_SEARCH_BOOSTS, ...options.boosts };
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
    // The terms of the tool being added, for the document frequencies.
    let terms = new Set<string>();
    const bm25 = options.bm25 ?? DEFAULT_BM25;
    this.index = new MiniSearch<SearchableTool>({
      idField: 'name',
      fields: [...FIELDS],
      tokenize: splitWords,
      processTerm: (word) => {
        const term = process(word);
        if (term) terms.add(term);
        return term;
      },
      extractField: (doc, field) =>
        field === 'name' ? doc.name : ((doc as unknown as Record<string, string | undefined>)[field] ?? ''),
      // Prefix, fuzzy and term weights are set per search (a back-off term gets none of the first two).
      searchOptions: { boost: { ...boosts }, combineWith: 'OR', bm25: { ...bm25 } },
    });
    const unique: SearchableTool[] = [];
    for (const tool of tools) {
      if (this.descriptions.has(tool.name)) continue;
      this.descriptions.set(tool.name, tool.description);
      unique.push(tool);
    }
    for (const tool of unique) {
      terms = new Set();
      this.index.add(tool);
      for (const term of terms) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      this.termsOf.set(tool.name, terms);
    }
    this.maxDocuments =
      unique.length < COMMON_TERMS_FROM
        ? Infinity
        : Math.max(1, (options.maxDocumentShare ?? DEFAULT_MAX_DOCUMENT_SHARE) * unique.length);
    toolSearchStats.indexBuilds++;
    this.size = unique.length;
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
      ? named.map((name) => ({ name, score: ranked.find((h) => h.name === name)?.score ?? 0, named: true }))
      : ranked;
    return hits.slice(0, limit).map((h) => ({
      name: h.name,
      score: h.score,
      strength: h.score / this.unit,
      ...('named' in h ? { named: true } : {}),
      summary: firstSentence(this.descriptions.get(h.name) ?? ''),
    }));
  }

  /** When every word of the query is a tool's exact name: those tools, in its order, but the excluded. */
  private namedTools(query: string, exclude: ((name: string) => boolean) | undefined): string[] {
    const words = query.split(/[\s,;'"`]+/).filter(Boolean);
    if (!words.every((word) => this.descriptions.has(word))) return [];
    return [...new Set(words)].filter((word) => !exclude?.(word));
  }

  /**
   * Every tool the query's terms match, best first: a first pass, then one with the best hit's words (relevance
   * feedback).
   */
  private rank(query: string, exclude: ((name: string) => boolean) | undefined): { name: string; score: number }[] {
    const words = splitWords(query);
    const first = this.rankTerms(words, exclude, new Set());
    if (this.feedbackTerms <= 0 || first.length === 0) return first;
    const asked = new Set(words.map((word) => this.processQueryTerm(word)));
    const feedback = [...(this.termsOf.get(first[0].name) ?? [])]
      .filter((term) => !asked.has(term) && (this.documentFrequency.get(term) ?? 0) <= this.maxDocuments)
      .sort((a, b) => this.idf(b) - this.idf(a) || (a < b ? -1 : 1))
      .slice(0, this.feedbackTerms);
    if (!feedback.length) return first;
    // Feedback only orders what the query's own words matched, and a hit's score stays theirs: a
    // confident match is one the query asked for, never one that merely resembles the best hit.
    const own = new Map(first.map((hit) => [hit.name, hit.score]));
    return this.rankTerms(words, exclude, new Set(feedback))
      .filter((hit) => own.has(hit.name))
      .map((hit) => ({ name: hit.name, score: own.get(hit.name)! }));
  }

  /** The tools that query words (and feedback terms, weighted lower) match, best first. */
  private rankTerms(
    words: readonly string[],
    exclude: ((name: string) => boolean) | undefined,
    feedback: ReadonlySet<string>,
  ): { name: string; score: number }[] {
    // Each term searched, with the query term it stands for (itself, or the one it is the back-off of).
    const source = new Map<string, string>();
    const backoffs = new Set<string>();
    for (const word of words) {
      const term = this.processQueryTerm(word);
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
    if (source.size === 0) return [];
    // Prefix and fuzzy matching for the query's own words only.
    const original = (term: string) => !backoffs.has(term) && !feedback.has(term);
    const results = this.index.search([...source.keys()].join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      prefix: (term) => original(term) && this.prefixMinLength > 0 && term.length >= this.prefixMinLength,
      fuzzy: (term) => (original(term) && this.fuzzyMinLength > 0 && term.length >= this.fuzzyMinLength ? 1 : false),
      boostTerm: (term) =>
        (original(term) ? 1 : feedback.has(term) ? this.feedbackWeight : this.backoffWeight) *
        (this.weightTermsByIdf ? this.idf(term) : 1),
      ...(exclude ? { filter: (r) => !exclude(r.id as string) } : {}),
    });
    // minisearch multiplied each score by the number of terms matched (a back-off counted apart
    // from its query term): the query terms matched ^ coordination instead.
    const hits = results.map((r) => {
      const matched =
        backoffs.size === 0 ? r.queryTerms.length : new Set(r.queryTerms.map((t) => source.get(t) ?? t)).size;
      return {
        name: r.id as string,
        score: (r.score / Math.max(1, r.queryTerms.length)) * matched ** this.coordination,
      };
    });
    hits.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return hits;
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

/** Words of a text: split on anything but letters and digits, and at camelCase and acronym boundaries. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function processTerm(term: string, stemming: boolean): string | null {
  const word = term.toLowerCase();
  if (STOPWORDS.has(word)) return null;
  return stemming ? stem(word) : word;
}

/**
 * The Porter2 ("English" Snowball) stemmer, from wink-porter2-stemmer (a well-kept implementation
 * of snowballstem.org's algorithm). Lowercase a–z words only: anything else (digits, other
 * scripts) and words of up to two letters are returned as they are. "generate" → "generat".
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  return porter2(word);
}

/** The description up to the end of its first sentence (at most 200 characters). */
export function firstSentence(text: string): string {
  const trimmed = text.trim();
  const match = /^[\s\S]*?[.!?](?=\s|$)/.exec(trimmed);
  const sentence = match ? match[0] : trimmed;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few ' +
    'for from further had has have having he her here hers herself him himself his how i if in into is it its ' +
    'itself just me more most my myself no nor not now of off on once ' +
    'only or other our ours ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours yourself ' +
    'yourselves please help want need like tell find get give ' +
    "know let make use using also may might must shall us one looking look recommend provide show ask im i'm going"
  ).split(' '),
);
