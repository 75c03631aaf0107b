// search_tools as the resolver offers it: the tool's definition, which of a search's hits it
// activates, and one search index per enabled set of the current registry version, built on the
// first search and shared by every set with the same enabled tools.
import type { ToolSearcher } from './resolvedToolSet';
import { ToolSearchIndex, type ToolSearchHit } from './searchIndex';
import type { ToolSetGraph } from '../store/toolSetGraph';
import type { ToolStore } from '../store/toolStore';
import type { LanguageModelToolInformation } from '../definitions';
import { SEARCH_TOOLS_NAME } from '../definitions';

/** At most this many results per search (fewer when fewer fit in the model's limit). */
export const MAX_SEARCH_RESULTS = 20;
/** Results of a search that gives no `limit`. */
export const DEFAULT_SEARCH_RESULTS = 5;

/**
 * Which hits a search activates unless the query names tools (tuned on the MetaTool dev split only,
 * for at most two activated per query on average while the right tool is activated as often as
 * possible): a hit whose score is at least `ratio` of the best hit's, whose strength (score in
 * units of one rare word matched) is at least `floor`, among the first `max` hits.
 */
export const SEARCH_ACTIVATION = Object.freeze({ ratio: 0.45, floor: 1.25, max: 3 });

/**
 * The hits a search activates, best first: the tools the query names exactly when it names any
 * (the model asking for tools a search listed), otherwise the confident ones by
 * {@link SEARCH_ACTIVATION}, at most `limit`; none when even the best is too weak.
 */
export function activatedHits(hits: readonly ToolSearchHit[], limit: number): ToolSearchHit[] {
  const named = hits.filter((h) => h.named);
  if (named.length) return named.slice(0, Math.max(0, limit));
  const best = hits.reduce((top, h) => Math.max(top, h.score), 0);
  const max = Math.min(limit, SEARCH_ACTIVATION.max);
  return hits
    .slice(0, Math.max(0, max))
    .filter((h) => h.score > 0 && h.score >= SEARCH_ACTIVATION.ratio * best && h.strength >= SEARCH_ACTIVATION.floor);
}

/** Search indexes kept per version (one per enabled set; about 7 MB each at 10,000 tools). */
const SEARCH_INDEX_CACHE_SIZE = 4;
/** The longest query search_tools takes. */
const MAX_QUERY_CHARS = 2000;

export const SEARCH_TOOL_INFO: LanguageModelToolInformation = Object.freeze({
  name: SEARCH_TOOLS_NAME,
  description:
    `Finds tools you were not given by what they do and activates the confident matches: those can be called from ` +
    `your next step on. Describe the task in a few words (for example "convert a PDF to text"); each result is a ` +
    `tool name, what it does, its score relative to the best match (1.00) and whether it was activated. To use a ` +
    `listed tool that was not activated, call this again with its exact name as the query (several names separated ` +
    `by spaces activate them all).`,
  inputSchema: Object.freeze({
    type: 'object',
    properties: {
      // Far above any task description (the longest MetaTool query has 1,089 characters): a model's
      // runaway text is refused before the index splits, stems and scores it.
      query: { type: 'string', maxLength: MAX_QUERY_CHARS, description: 'What you want to do, in a few words.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SEARCH_RESULTS,
        description:
          `How many tools to list (default ${DEFAULT_SEARCH_RESULTS}); at most ${SEARCH_ACTIVATION.max} of them are ` +
          `activated.`,
      },
    },
    required: ['query'],
    additionalProperties: false,
  }),
});

/** What the index needs of an enabled tool. */
export interface SearchableEnabledTool {
  readonly name: string;
  readonly info: LanguageModelToolInformation;
  readonly toolSet?: string;
  readonly packId?: string;
  /** The tool whose implementation runs (an override's, when one applies). */
  readonly implementation: { readonly definition: { readonly name: string } };
}

/** The search indexes of one registry: per enabled set, built on its first search. */
export class SearchIndexes {
  private version = -1;
  private readonly indexes = new Map<string, ToolSearchIndex>();

  constructor(private readonly store: ToolStore) {}

  /** Drops every index (the registry changed). */
  clear(): void {
    this.indexes.clear();
  }

  /** search_tools of one resolved set: ranks `searchable` except the tools in `sent`. */
  searcher(
    searchable: readonly SearchableEnabledTool[],
    sent: ReadonlySet<string>,
    slots: number,
    graph: ToolSetGraph,
    version: number,
  ): ToolSearcher {
    let index: ToolSearchIndex | undefined;
    const getIndex = () => {
      if (index) return index;
      // Built for the version the set was resolved at; a set from an older version builds its own.
      if (this.store.version !== version) return (index = this.build(searchable, graph));
      if (this.version !== version) {
        this.indexes.clear();
        this.version = version;
      }
      const key = searchable
        .map((t) =>
          t.implementation.definition.name === t.name ? t.name : `${t.name}>${t.implementation.definition.name}`,
        )
        .join('\u0001');
      index = this.indexes.get(key);
      if (!index) {
        index = this.build(searchable, graph);
        if (this.indexes.size >= SEARCH_INDEX_CACHE_SIZE) this.indexes.delete(this.indexes.keys().next().value!);
        this.indexes.set(key, index);
      }
      return index;
    };
    return {
      name: SEARCH_TOOLS_NAME,
      slots,
      search: (query, limit) => getIndex().search(query, { limit, exclude: (name) => sent.has(name) }),
    };
  }

  private build(tools: readonly SearchableEnabledTool[], graph: ToolSetGraph): ToolSearchIndex {
    return new ToolSearchIndex(
      tools.map((t) => {
        const pack = t.packId ? this.store.packRecords.get(t.packId)?.pack.displayName : undefined;
        return {
          name: t.name,
          description: t.info.description,
          toolSet: t.toolSet ? `${t.toolSet} ${graph.description(t.toolSet) ?? ''}` : undefined,
          pack: pack ?? t.packId,
        };
      }),
    );
  }
}
