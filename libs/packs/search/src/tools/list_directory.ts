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
import { SearchService, WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { matchesNameGlob } from '../globText';
import { joinRelative, mapLimited, resolveScope } from '../geminiPaths';
import { ENTRY_TYPE_SCHEMA, entryType, SEARCH_ANNOTATIONS } from '../resultSchemas';

/** Entries listed per answer; the rest are counted. */
export const LIST_DIRECTORY_MAX = 1000;

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
        : ((await this.search.ignoredEntries?.(
            scope.relative,
            entries.map((e) => ({ name: e.name, isDirectory: e.type === 'directory' })),
            token,
          )) ?? new Set<string>());
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
    const page = visible.slice(offset, offset + LIST_DIRECTORY_MAX);
    const all = await mapLimited(page, 16, async ({ name, type }) => {
      if (type === 'directory') return { line: `[DIR] ${name}`, entry: { name, type: entryType(type) } };
      const stat = await this.workspace.stat(joinRelative(scope.relative, name)).catch(() => undefined);
      const size = stat?.size ?? 0;
      return { line: `${name} (${size} bytes)`, entry: { name, type: entryType(type), size } };
    });
    // Cut at an entry to fit the result budget, text and data alike.
    const fit = fitPage(
      all.length,
      resultCharBudget(tokenizationOptions) - 500,
      (i) => all[i].line.length,
      (i) => jsonChars(all[i].entry),
    );
    const shown = all.slice(0, Math.max(1, fit));
    let text = `Directory listing for ${scope.absolute}:\n${shown.map((s) => s.line).join('\n')}`;
    const next = offset + shown.length;
    if (next < visible.length)
      text += `\n[Entries ${offset + 1}–${next} of ${visible.length}. Call list_directory again with offset: ${next} for the next ones, or use glob with dir_path: "${given}" and a pattern to find the ones you need.]`;
    if (ignored.size > 0) text += `\n\n(${ignored.size} ignored)`;
    return structuredResult(
      { ...base, entries: shown.map((s) => s.entry), ...(next < visible.length ? { nextOffset: next } : {}) },
      text,
    );
  }
}

export const listDirectory = defineTool({ definition, implementation: ListDirectoryTool });
