import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  fitSections,
  resultCharBudget,
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
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'Skip this many paths (in the order they are listed) to get the next ones. Default: 0.',
      },
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

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const offset = input.offset ?? 0;
    const found = await this.search.findFiles(input.query, offset + (input.maxResults ?? 100), token);
    const files = found.files.slice(offset);
    if (files.length === 0)
      return textResult(
        offset > 0 && found.files.length > 0
          ? `No more files match '${input.query}' past offset ${offset} (${found.files.length} do).`
          : `No files match '${input.query}'. A pattern without a slash matches names at any depth; check the extension, or try list_dir.`,
      );
    const fit = fitSections(files, resultCharBudget(tokenizationOptions) - 500, '\n', false);
    const kept = Math.max(1, fit.kept);
    const end = offset + kept;
    const more = kept < files.length || found.truncated;
    const head =
      !more && offset === 0
        ? `${kept} file${kept === 1 ? ' matches' : 's match'} '${input.query}':`
        : !more
          ? `Files ${offset + 1}–${end} matching '${input.query}' (the last ones):`
          : offset === 0 && kept === files.length
            ? `The first ${kept} files matching '${input.query}' (more exist; make the pattern more specific, or call file_search again with offset: ${end} for the next ones):`
            : `Files ${offset + 1}–${end} matching '${input.query}' (more exist${kept < files.length ? '; cut to fit the result budget' : ''}: call file_search again with offset: ${end} for the next ones, or make the pattern more specific):`;
    return textResult([head, ...files.slice(0, kept)].join('\n'));
  }
}

export const fileSearch = defineTool({ definition, implementation: FileSearchTool });
