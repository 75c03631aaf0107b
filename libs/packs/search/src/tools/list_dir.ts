import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  jsonChars,
  resultCharBudget,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { fitPage } from '../fitPage';
import { SearchService, WorkspaceFileSystem } from '@toolpacks/services';
import { ENTRY_TYPE_SCHEMA, entryType, SEARCH_ANNOTATIONS } from '../resultSchemas';

/** Entries per answer: a folder of 200,000 files would otherwise be one 2.4 MB result. */
export const LIST_DIR_PAGE = 1000;

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
    const page = entries.slice(offset, offset + LIST_DIR_PAGE);
    // Everything is listed (as Copilot's list_dir does); what search skips is marked, not hidden.
    const ignored =
      (await this.search.ignoredEntries?.(
        relative,
        page.map((e) => ({ name: e.name, isDirectory: e.type === 'directory' })),
        token,
      )) ?? new Set<string>();
    const all = page.map((e) => ({
      line: `${e.type === 'directory' ? `${e.name}/` : e.name}${ignored.has(e.name) ? ' (ignored)' : ''}`,
      entry: { name: e.name, type: entryType(e.type), ...(ignored.has(e.name) ? { ignored: true } : {}) },
    }));
    // Cut at an entry to fit the result budget (a folder of very long names), text and data alike.
    const fit = fitPage(
      all.length,
      resultCharBudget(tokenizationOptions) - 300,
      (i) => all[i].line.length,
      (i) => jsonChars(all[i].entry),
    );
    const shown = all.slice(0, Math.max(1, fit));
    const lines = shown.map((s) => s.line);
    const next = offset + shown.length;
    const data = {
      path: relative,
      entries: shown.map((s) => s.entry),
      total: entries.length,
      ...(next < entries.length ? { nextOffset: next } : {}),
    };
    if (offset === 0 && next === entries.length) return structuredResult(data, lines.join('\n'));
    const more = next < entries.length ? ` Call list_dir again with offset: ${next} for the next ones.` : '';
    return structuredResult(data, `${lines.join('\n')}\n[entries ${offset + 1}–${next} of ${entries.length}.${more}]`);
  }
}

export const listDir = defineTool({ definition, implementation: ListDirTool });
