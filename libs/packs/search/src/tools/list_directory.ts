import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { callAgain, defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, ListDeclaration, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService, WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import type { DirectoryEntry } from '@toolpacks/services';
import { ignoredNames, LISTING_PAGE, listingPage } from '../folderListing';
import { matchesNameGlob } from '../globText';
import { joinRelative, mapLimited, resolveScope } from '../geminiPaths';
import { ENTRY_TYPE_SCHEMA, entryType, SEARCH_ANNOTATIONS } from '../resultSchemas';

/** Entries listed per answer; the rest are counted. */
export const LIST_DIRECTORY_MAX = LISTING_PAGE;

/** Gemini CLI's list_directory: one folder level, folders first as `[DIR] name`, files with their sizes. */
const definition = {
  name: 'list_directory',
  toolReferenceName: 'list_dir',
  models: [{ family: 'gemini*' }],
  displayName: 'List Folder',
  modelDescription: `Lists the entries directly inside one folder of the workspace: "Directory listing for <absolute path>:", then the subfolders as "[DIR] <name>" and then the files as "<name> (<size> bytes)", each group sorted by name. Entries .gitignore ignores are left out and counted ("(N ignored)") unless file_filtering_options.respect_git_ignore is false. At most ${LIST_DIRECTORY_MAX} entries per call: a longer listing ends with the offset to ask for next. Use it to explore a project's layout; use glob to find files by name anywhere below a folder, and read_file to read a file.`,
  userDescription: 'Lists the contents of a folder.',
  inputSchema: {
    type: 'object',
    properties: {
      dir_path: {
        type: 'string',
        description: "The folder to list, relative to the workspace root ('.' for the root) or absolute inside it.",
      },
      path: { type: 'string', description: 'Older name of dir_path; use dir_path.' },
      ignore: {
        type: 'array',
        items: { type: 'string' },
        description: "Globs of entry names to leave out, e.g. ['*.log', 'node_modules'].",
      },
      file_filtering_options: {
        type: 'object',
        properties: {
          respect_git_ignore: {
            type: 'boolean',
            description: 'Leave out entries .gitignore ignores. Default: true.',
          },
          respect_gemini_ignore: {
            type: 'boolean',
            description: 'Accepted for compatibility; there are no .geminiignore rules here.',
          },
        },
        additionalProperties: false,
      },
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Skip this many entries (in the order listed) to get the next ones of a long folder. Default: 0.',
      },
    },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'The folder listed, absolute.' },
      entries: {
        type: 'array',
        description: 'The entries listed, folders first, each group by name (the same ones as the text).',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            type: ENTRY_TYPE_SCHEMA,
            size: { type: 'integer', minimum: 0, description: 'In bytes; not given for folders.' },
          },
          required: ['name', 'type'],
          additionalProperties: false,
        },
      },
      total: { type: 'integer', minimum: 0, description: 'Entries left after the ignore rules and globs.' },
      ignored: { type: 'integer', minimum: 0, description: 'Entries left out because .gitignore ignores them.' },
      nextOffset: { type: 'integer', minimum: 0, description: 'The offset that lists the next entries.' },
    },
    required: ['path', 'entries', 'total', 'ignored'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** An entry of the folder, with its size when it is not a folder. */
type Listed = DirectoryEntry & { readonly size?: number };

const LISTING: ListDeclaration<Listed, { name: string; type: ReturnType<typeof entryType>; size?: number }> = {
  text: (e) => (e.type === 'directory' ? `[DIR] ${e.name}` : `${e.name} (${e.size ?? 0} bytes)`),
  data: ({ name, type, size }) =>
    type === 'directory' ? { name, type: entryType(type) } : { name, type: entryType(type), size: size ?? 0 },
  reserve: 500,
  paging: { tool: 'list_directory', field: 'offset' },
};

@injectable()
class ListDirectoryTool implements Tool<Input> {
  constructor(
    @inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem,
    @inject(SearchService) private readonly search: SearchService,
  ) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const given = input.dir_path ?? input.path;
    if (given === undefined)
      throw new WorkspaceError("The 'dir_path' parameter is required: the folder to list, e.g. '.' for the root.");
    const scope = await resolveScope(this.workspace, given);
    if (scope.stat.type !== 'directory')
      throw new WorkspaceError(
        `Error: Path is not a directory: ${scope.absolute}${scope.stat.type === 'file' ? '. Use read_file to read a file.' : ''}`,
      );
    const entries = await this.workspace.readDirectory(scope.relative || '.');
    if (entries.length === 0)
      return structuredResult(
        { path: scope.absolute, entries: [], total: 0, ignored: 0 },
        `Directory ${scope.absolute} is empty.`,
      );

    const ignored =
      input.file_filtering_options?.respect_git_ignore === false
        ? new Set<string>()
        : await ignoredNames(this.search, scope.relative, entries, token);
    const globs = input.ignore ?? [];
    const visible = entries
      .filter((e) => !ignored.has(e.name) && !globs.some((glob) => matchesNameGlob(glob, e.name)))
      .sort((a, b) => {
        const dirA = a.type === 'directory';
        if (dirA !== (b.type === 'directory')) return dirA ? -1 : 1;
        return a.name.localeCompare(b.name);
      });
    const offset = input.offset ?? 0;
    const base = { path: scope.absolute, total: visible.length, ignored: ignored.size };
    if (offset > 0 && offset >= visible.length)
      return structuredResult(
        { ...base, entries: [] },
        `Directory ${scope.absolute} has ${visible.length} entries listed; offset ${offset} is past the last one.`,
      );
    const page = await listingPage(LISTING, visible, offset, tokenizationOptions, (part) =>
      mapLimited(part, 16, async (entry) => {
        if (entry.type === 'directory') return entry;
        const stat = await this.workspace.stat(joinRelative(scope.relative, entry.name)).catch(() => undefined);
        return { ...entry, size: stat?.size ?? 0 };
      }),
    );
    let text = `Directory listing for ${scope.absolute}:\n${page.lines.join('\n')}`;
    if (page.more)
      text += `\n[Entries ${offset + 1}–${page.next} of ${visible.length}. ${callAgain(LISTING.paging, page.next, { sentence: true })}, or use glob with dir_path: "${given}" and a pattern to find the ones you need.]`;
    if (ignored.size > 0) text += `\n\n(${ignored.size} ignored)`;
    return structuredResult({ ...base, entries: page.data, ...page.onward }, text);
  }
}

export const listDirectory = defineTool({ definition, implementation: ListDirectoryTool });
