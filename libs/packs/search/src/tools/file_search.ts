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
    },
    required: ['query'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class FileSearchTool implements Tool<Input> {
  constructor(@inject(SearchService) private readonly search: SearchService) {}

  async invoke({ input }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const { files, truncated } = await this.search.findFiles(input.query, input.maxResults ?? 100, token);
    if (files.length === 0)
      return textResult(
        `No files match '${input.query}'. A pattern without a slash matches names at any depth; check the extension, or try list_dir.`,
      );
    const head = truncated
      ? `The first ${files.length} files matching '${input.query}' (more exist; make the pattern more specific):`
      : `${files.length} file${files.length === 1 ? ' matches' : 's match'} '${input.query}':`;
    return textResult([head, ...files].join('\n'));
  }
}

export const fileSearch = defineTool({ definition, implementation: FileSearchTool });
