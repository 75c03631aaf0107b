import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { callAgain, defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, ListDeclaration, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService, WorkspaceFileSystem } from '@toolpacks/services';
import type { DirectoryEntry } from '@toolpacks/services';
import { ignoredNames, LISTING_PAGE, listingPage } from '../folderListing';
import { ENTRY_TYPE_SCHEMA, entryType, SEARCH_ANNOTATIONS } from '../resultSchemas';

/** Entries per answer: a folder of 200,000 files would otherwise be one 2.4 MB result. */
export const LIST_DIR_PAGE = LISTING_PAGE;

const definition = {
  name: 'list_dir',
  toolReferenceName: 'list_dir',
  displayName: 'List Folder',
  modelDescription: `Lists a folder of the workspace: one entry per line, folders with a trailing '/', entries git ignores (so search skips them) marked '(ignored)'. Use '.' for the workspace root. At most ${LIST_DIR_PAGE} entries per call: a longer listing ends with the offset to ask for next. Use it to explore the layout of a project; to find files by name anywhere use file_search.`,
  userDescription: 'Lists the contents of a folder.',
  inputSchema: {
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: "Folder path, relative to the workspace root ('.' for the root) or absolute.",
      },
      offset: {
        type: 'integer',
        minimum: 0,
        description: `Skip this many entries (sorted by name) to read a long folder on. Default: 0.`,
      },
    },
    required: ['path'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: "The folder, workspace-relative ('.' for the root)." },
      entries: {
        type: 'array',
        description: 'The entries listed, sorted by name (the same ones as the text).',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            type: ENTRY_TYPE_SCHEMA,
            ignored: { type: 'boolean', description: 'Git ignores it, so search skips it. Present only when true.' },
          },
          required: ['name', 'type'],
          additionalProperties: false,
        },
      },
      total: { type: 'integer', minimum: 0, description: 'Entries in the folder.' },
      nextOffset: { type: 'integer', minimum: 0, description: 'The offset that lists the next entries.' },
    },
    required: ['path', 'entries', 'total'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** An entry of the folder, and whether git ignores it. */
type Listed = DirectoryEntry & { readonly ignored: boolean };

// Everything is listed (as Copilot's list_dir does); what search skips is marked, not hidden.
const LISTING: ListDeclaration<Listed, { name: string; type: ReturnType<typeof entryType>; ignored?: true }> = {
  text: (e) => `${e.type === 'directory' ? `${e.name}/` : e.name}${e.ignored ? ' (ignored)' : ''}`,
  data: (e) => ({ name: e.name, type: entryType(e.type), ...(e.ignored ? { ignored: true as const } : {}) }),
  reserve: 300,
  paging: { tool: 'list_dir', field: 'offset' },
};

@injectable()
class ListDirTool implements Tool<Input> {
  constructor(
    @inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem,
    @inject(SearchService) private readonly search: SearchService,
  ) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const entries = await this.workspace.readDirectory(input.path);
    const relative = this.workspace.relative(await this.workspace.resolve(input.path));
    if (entries.length === 0)
      return structuredResult({ path: relative, entries: [], total: 0 }, `${relative}/ is empty.`);
    const offset = input.offset ?? 0;
    if (offset >= entries.length)
      return structuredResult(
        { path: relative, entries: [], total: entries.length },
        `${relative}/ has ${entries.length} entries; offset ${offset} is past the last one.`,
      );
    const page = await listingPage(LISTING, entries, offset, tokenizationOptions, async (part) => {
      const ignored = await ignoredNames(this.search, relative, part, token);
      return part.map((e) => ({ ...e, ignored: ignored.has(e.name) }));
    });
    const data = { path: relative, entries: page.data, total: entries.length, ...page.onward };
    const lines = page.lines.join('\n');
    if (offset === 0 && !page.more) return structuredResult(data, lines);
    const more = page.more ? ` ${callAgain(LISTING.paging, page.next, { sentence: true })}.` : '';
    return structuredResult(data, `${lines}\n[entries ${offset + 1}–${page.next} of ${entries.length}.${more}]`);
  }
}

export const listDir = defineTool({ definition, implementation: ListDirTool });
