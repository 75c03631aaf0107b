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
import { SearchService, WorkspaceFileSystem } from '@toolpacks/services';

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
  tags: ['search', 'read'],
  annotations: { readOnly: true, idempotent: true },
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
    if (entries.length === 0) return textResult(`${relative}/ is empty.`);
    const offset = input.offset ?? 0;
    if (offset >= entries.length)
      return textResult(`${relative}/ has ${entries.length} entries; offset ${offset} is past the last one.`);
    const page = entries.slice(offset, offset + LIST_DIR_PAGE);
    // Everything is listed (as Copilot's list_dir does); what search skips is marked, not hidden.
    const ignored =
      (await this.search.ignoredEntries?.(
        relative,
        page.map((e) => ({ name: e.name, isDirectory: e.type === 'directory' })),
        token,
      )) ?? new Set<string>();
    const all = page.map(
      (e) => `${e.type === 'directory' ? `${e.name}/` : e.name}${ignored.has(e.name) ? ' (ignored)' : ''}`,
    );
    // Cut at an entry to fit the result budget (a folder of very long names).
    const lines = all.slice(
      0,
      Math.max(1, fitSections(all, resultCharBudget(tokenizationOptions) - 300, '\n', false).kept),
    );
    const next = offset + lines.length;
    if (offset === 0 && next === entries.length) return textResult(lines.join('\n'));
    const more = next < entries.length ? ` Call list_dir again with offset: ${next} for the next ones.` : '';
    return textResult(`${lines.join('\n')}\n[entries ${offset + 1}–${next} of ${entries.length}.${more}]`);
  }
}

export const listDir = defineTool({ definition, implementation: ListDirTool });
