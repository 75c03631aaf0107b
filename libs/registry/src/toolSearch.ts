// Lexical tool search behind `search_tools`: a BM25 index (minisearch) over each enabled tool's
// name (split on `_`, `-` and camelCase), description, toolset and pack descriptions, with
// stopwords dropped and a light English suffix stemmer. Results are deterministic: score, then name.
import MiniSearch from 'minisearch';

export interface SearchableTool {
  readonly name: string;
  readonly description: string;
  /** The toolset's name and description, when the tool is in one. */
  readonly toolSet?: string;
  /** The pack's display name and description, when the tool comes from one. */
  readonly pack?: string;
}

export interface ToolSearchHit {
  readonly name: string;
  readonly score: number;
  /** The first sentence of the tool's description. */
  readonly summary: string;
}

/** Field weights (tuned on the MetaTool dev split only). */
export interface ToolSearchBoosts {
  readonly name: number;
  readonly description: number;
  readonly toolSet: number;
  readonly pack: number;
}

export const DEFAULT_SEARCH_BOOSTS: ToolSearchBoosts = { name: 2, description: 1, toolSet: 0.5, pack: 0.3 };

export interface ToolSearchOptions {
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
}

export interface SearchQuery {
  readonly limit: number;
  /** Tools left out of the ranking (those already sent). */
  readonly exclude?: (name: string) => boolean;
}

/** How many indexes were built (for the registry's own specs). */
export const toolSearchStats = { indexBuilds: 0 };

const DEFAULT_PREFIX_MIN_LENGTH = 5;
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
  private readonly processQueryTerm: (term: string) => string | null;
  private readonly maxDocuments: number;
  private readonly prefixMinLength: number;
  readonly size: number;

  constructor(tools: readonly SearchableTool[], options: ToolSearchOptions = {}) {
    const boosts = { ...DEFAULT_SEARCH_BOOSTS, ...options.boosts };
    const stemming = options.stem ?? true;
    const prefixMinLength = (this.prefixMinLength = options.prefixMinLength ?? DEFAULT_PREFIX_MIN_LENGTH);
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
      extractField: (doc, field) => (field === 'name' ? doc.name : ((doc as unknown as Record<string, string | undefined>)[field] ?? '')),
      searchOptions: {
        boost: { ...boosts },
        prefix: prefixMinLength > 0 ? (term) => term.length >= prefixMinLength : false,
        fuzzy: false,
        combineWith: 'OR',
        bm25: { ...bm25 },
      },
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
    }
    this.maxDocuments = unique.length < COMMON_TERMS_FROM ? Infinity : Math.max(1, (options.maxDocumentShare ?? DEFAULT_MAX_DOCUMENT_SHARE) * unique.length);
    toolSearchStats.indexBuilds++;
    this.size = unique.length;
  }

  /** The best `limit` tools for the query, best first; ties go to the smaller name. */
  search(query: string, options: SearchQuery): ToolSearchHit[] {
    const limit = Math.max(0, Math.floor(options.limit));
    if (limit === 0 || !query.trim()) return [];
    const terms = new Set<string>();
    for (const word of splitWords(query)) {
      const term = this.processQueryTerm(word);
      if (!term) continue;
      const df = this.documentFrequency.get(term) ?? 0;
      // A term no tool has can still match as a prefix; one most tools have says little.
      if (df > this.maxDocuments || (df === 0 && !(this.prefixMinLength > 0 && term.length >= this.prefixMinLength))) continue;
      terms.add(term);
    }
    if (terms.size === 0) return [];
    const exclude = options.exclude;
    const results = this.index.search([...terms].join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      ...(exclude ? { filter: (r) => !exclude(r.id as string) } : {}),
    });
    // minisearch sorts by score; only ties across the cut need the name order.
    let end = Math.min(limit, results.length);
    while (end < results.length && results[end].score === results[end - 1].score) end++;
    const top = results.slice(0, end).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return top.slice(0, limit).map((r) => ({ name: r.id as string, score: r.score, summary: firstSentence(this.descriptions.get(r.id as string) ?? '') }));
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
 * A light English suffix stripper: plurals, -ing, -ed, -ly, -ation/-ment/-ness and a few more,
 * only on words long enough that the stem stays a word's stem. Not Porter: predictable and small.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  const strip = (suffix: string, replacement = '', min = 3): boolean => {
    if (w.endsWith(suffix) && w.length - suffix.length >= min) {
      w = w.slice(0, w.length - suffix.length) + replacement;
      return true;
    }
    return false;
  };
  // Plurals.
  if (!strip('sses', 'ss') && !strip('ies', 'y', 2) && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) strip('s', '', 3);
  // Derivational and inflectional endings, one of them.
  void (
    strip('ational', 'ate') ||
    strip('ization', 'ize') ||
    strip('ation', 'ate') ||
    strip('ments', '') ||
    strip('ment', '', 4) ||
    strip('ness', '') ||
    strip('fulness', '') ||
    strip('ingly', '') ||
    strip('edly', '') ||
    strip('ing', '', 3) ||
    strip('ed', '', 3) ||
    strip('ly', '', 4) ||
    strip('ers', '', 4) ||
    strip('er', '', 4) ||
    strip('ical', '', 4) ||
    strip('ic', '', 4) ||
    strip('al', '', 4) ||
    strip('ity', '', 4) ||
    strip('ive', '', 4) ||
    strip('ful', '', 4) ||
    strip('ous', '', 4) ||
    strip('able', '', 4) ||
    strip('ist', '', 4) ||
    strip('ism', '', 4)
  );
  // Normalise the stem's ending so "create", "creating", "created" meet.
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3 && !/[aeiou]y$/.test(w)) w = `${w.slice(0, -1)}i`;
  return w;
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
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few ' +
    'for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once ' +
    'only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours yourself yourselves please help want need like tell find get give ' +
    "know let make use using also may might must shall us one looking look recommend provide show ask im i'm going"
  ).split(' '),
);
