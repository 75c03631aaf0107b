// search_tools as the resolver offers it: the tool's definition, and one search index per enabled
// set of the current registry version, built on the first search and shared by every set with the
// same enabled tools.
import type { ToolSearcher } from './resolvedToolSet';
import { ToolSearchIndex } from './searchIndex';
import type { ToolSetGraph } from '../store/toolSetGraph';
import type { ToolStore } from '../store/toolStore';
import type { LanguageModelToolInformation } from '../definitions';
import { SEARCH_TOOLS_NAME } from '../definitions';

/** At most this many results per search (fewer when fewer fit in the model's limit). */
export const MAX_SEARCH_RESULTS = 20;
export const DEFAULT_SEARCH_RESULTS = 5;

/** Search indexes kept per version (one per enabled set; about 18 MB each at 10,000 tools). */
const SEARCH_INDEX_CACHE_SIZE = 4;

export const SEARCH_TOOL_INFO: LanguageModelToolInformation = Object.freeze({
  name: SEARCH_TOOLS_NAME,
  description: `Finds tools you were not given by what they do and makes the best matches available: they can be called from your next step on. Describe the task in a few words (for example "convert a PDF to text"); each result is a tool name and what it does.`,
  inputSchema: Object.freeze({
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What you want to do, in a few words.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SEARCH_RESULTS,
        description: `How many tools to return (default ${DEFAULT_SEARCH_RESULTS}).`,
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

export class SearchIndexes {
  private version = -1;
  private readonly indexes = new Map<string, ToolSearchIndex>();

  constructor(private readonly store: ToolStore) {}

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
