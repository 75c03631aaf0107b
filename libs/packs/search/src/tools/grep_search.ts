import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService } from '@toolpacks/services';
import { formatMatches } from '../formatMatches';
import { SEARCH_ANNOTATIONS, SKIPPED_LARGE_FILES_SCHEMA } from '../resultSchemas';

const definition = {
  name: 'grep_search',
  toolReferenceName: 'grep_search',
  canBeReferencedInPrompt: true,
  displayName: 'Search Text',
  modelDescription:
    'Searches the text of the workspace files for a string or a regular expression and returns matching lines as `path:line: text`, in path order. Searches the files git lists: what .gitignore files ignore (dependencies, build output) is skipped, tracked files never are; binary files are not searched. A long result is cut at a match and says which offset gets the next ones. Use it to find where something is defined or used; then read_file around the lines you need. For file names use file_search.',
  userDescription: 'Searches text in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        description: 'The text, or a JavaScript regular expression when isRegexp is true.',
      },
      isRegexp: { type: 'boolean', description: 'Treat query as a regular expression. Default: false.' },
      includePattern: {
        type: 'string',
        description: "Only search files matching this glob, e.g. 'src/**/*.ts' or '*.md'.",
      },
      maxResults: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many lines. Default: 50.' },
      caseSensitive: { type: 'boolean', description: 'Match case. Default: false.' },
      offset: {
        type: 'integer',
        minimum: 0,
        description:
          'Skip this many matches (in the order they are listed) to get the next ones of a long result. Default: 0.',
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      matches: {
        type: 'array',
        description: 'The matching lines listed, in path order (the same ones as the text).',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'Workspace-relative, forward slashes.' },
            line: { type: 'integer', minimum: 1, description: '1-based line number.' },
            text: { type: 'string', description: "The line's text." },
          },
          required: ['path', 'line', 'text'],
          additionalProperties: false,
        },
      },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'How many matches there are in all; absent when the search stopped at offset + maxResults.',
      },
      truncated: { type: 'boolean', description: 'More matches exist than are listed.' },
      nextOffset: { type: 'integer', minimum: 0, description: 'The offset that gets the next matches.' },
      skippedLargeFiles: SKIPPED_LARGE_FILES_SCHEMA,
    },
    required: ['matches', 'truncated'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: SEARCH_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GrepSearchTool implements Tool<Input> {
  constructor(@inject(SearchService) private readonly search: SearchService) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const offset = input.offset ?? 0;
    const maxResults = input.maxResults ?? 50;
    const result = await this.search.grep(
      {
        pattern: input.query,
        isRegexp: input.isRegexp ?? false,
        caseSensitive: input.caseSensitive ?? false,
        includePattern: input.includePattern,
        maxResults: offset + maxResults,
      },
      token,
    );
    const { text, data } = formatMatches(input.query, result, {
      offset,
      budget: tokenizationOptions,
    });
    return structuredResult(data, text);
  }
}

export const grepSearch = defineTool({ definition, implementation: GrepSearchTool });
