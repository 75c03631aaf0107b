import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { SearchService } from '@toolpacks/services';
import { formatMatchesByFile } from '../formatMatches';

/**
 * Gemini models call grep_search with regex syntax in plain-text queries and drop optional
 * flags; this override gives them a two-field schema, literal case-insensitive matching, and
 * results grouped by file.
 */
const definition = {
  name: 'gemini_grep_search',
  overridesTool: 'grep_search',
  models: [{ family: 'gemini*' }],
  modelDescription:
    'Finds every line in the workspace that contains the exact text `query` (not a regular expression; case is ignored). Returns the lines grouped under their file path, with line numbers. Use includePattern (a glob like "**/*.ts") to search only some files. Then read_file to see the context.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'Exact text to find. Not a regular expression.' },
      includePattern: { type: 'string', description: 'Optional glob of files to search, e.g. "src/**/*.ts".' },
    },
    required: ['query'],
  },
  tags: ['search', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GeminiGrepSearchTool implements Tool<Input> {
  constructor(@inject(SearchService) private readonly search: SearchService) {}

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const result = await this.search.grep(
      {
        pattern: input.query,
        isRegexp: false,
        caseSensitive: false,
        includePattern: input.includePattern,
        maxResults: 60,
      },
      token,
    );
    return textResult(formatMatchesByFile(input.query, result));
  }
}

export const geminiGrepSearch = defineTool({ definition, implementation: GeminiGrepSearchTool });
