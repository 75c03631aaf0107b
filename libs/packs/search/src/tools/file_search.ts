import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { callAgain, defineTool, structuredResult, fitList } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService } from '@toolpacks/services';
import { foundFilesSchema, foundPaths, SEARCH_ANNOTATIONS } from '../resultSchemas';

const definition = {
  name: 'file_search',
  toolReferenceName: 'file_search',
  displayName: 'Find Files',
  modelDescription:
    "Finds files of the workspace by glob and returns their workspace-relative paths, one per line. A pattern without a slash matches file names at any depth ('*.test.ts', 'package.json'); with a slash it matches the path ('src/**/index.*'). Lists the files git lists: what .gitignore files ignore is left out (list_dir shows it, marked). Use it when you know a file's name but not where it is. To search file contents use grep_search.",
  userDescription: 'Finds files by name.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: "Glob, e.g. '**/*.ts', '*.md' or 'src/**/index.*'." },
      maxResults: { type: 'integer', minimum: 1, maximum: 2000, description: 'At most this many paths. Default: 100.' },
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Skip this many paths (in the order they are listed) to get the next ones. Default: 0.',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: foundFilesSchema({
    files: 'Workspace-relative paths listed, in path order (the same ones as the text).',
    total: 'Matching files found, counted from the first; more exist when truncated.',
    truncated: 'The search stopped at offset + maxResults; more files match.',
  }),
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** A path as the text lists it and as the data does. */
const FOUND = foundPaths('file_search', 500);

@injectable()
class FileSearchTool implements Tool<Input> {
  constructor(@inject(SearchService) private readonly search: SearchService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const offset = input.offset ?? 0;
    const found = await this.search.findFiles(input.query, offset + (input.maxResults ?? 100), token);
    const total = found.files.length;
    const files = found.files.slice(offset);
    if (files.length === 0)
      return structuredResult(
        { files: [], total, truncated: found.truncated },
        offset > 0 && total > 0
          ? `No more files match '${input.query}' past offset ${offset} (${total} do).`
          : `No files match '${input.query}'. A pattern without a slash matches names at any depth; check the extension, or try list_dir.`,
      );
    // Cut at a path, the text and the data at the same one.
    const page = fitList(FOUND, files, { budget: tokenizationOptions, offset });
    const kept = page.kept;
    const end = page.next;
    const more = page.cut || found.truncated;
    const head =
      !more && offset === 0
        ? `${kept} file${kept === 1 ? ' matches' : 's match'} '${input.query}':`
        : !more
          ? `Files ${offset + 1}–${end} matching '${input.query}' (the last ones):`
          : offset === 0 && kept === files.length
            ? `The first ${kept} files matching '${input.query}' (more exist; make the pattern more specific, or ${callAgain(FOUND.paging, end)}):`
            : `Files ${offset + 1}–${end} matching '${input.query}' (more exist${page.cut ? '; cut to fit the result budget' : ''}: ${callAgain(FOUND.paging, end)}, or make the pattern more specific):`;
    return structuredResult(
      { files: page.data, total, truncated: found.truncated, ...(more ? { nextOffset: end } : {}) },
      [head, ...page.lines].join('\n'),
    );
  }
}

export const fileSearch = defineTool({ definition, implementation: FileSearchTool });
