import { inject, injectable } from 'inversify';
import { textResult, type CancellationToken, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { SearchService, WorkspaceFileSystem } from '@toolpacks/services';

export interface ListDirInput {
  readonly path: string;
}

export const listDirDefinition: ToolDefinition = {
  name: 'list_dir',
  toolReferenceName: 'list_dir',
  displayName: 'List Folder',
  modelDescription:
    "Lists a folder of the workspace: one entry per line, folders with a trailing '/', entries git ignores (so search skips them) marked '(ignored)'. Use '.' for the workspace root. Use it to explore the layout of a project; to find files by name anywhere use file_search.",
  userDescription: 'Lists the contents of a folder.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', description: "Folder path, relative to the workspace root ('.' for the root) or absolute." } },
    required: ['path'],
    additionalProperties: false,
  },
  tags: ['search', 'read'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class ListDirTool implements Tool<ListDirInput> {
  constructor(
    @inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem,
    @inject(SearchService) private readonly search: SearchService,
  ) {}

  async invoke({ input }: ToolInvocationOptions<ListDirInput>, token: CancellationToken) {
    const entries = await this.workspace.readDirectory(input.path);
    const relative = this.workspace.relative(await this.workspace.resolve(input.path));
    if (entries.length === 0) return textResult(`${relative}/ is empty.`);
    // Everything is listed (as Copilot's list_dir does); what search skips is marked, not hidden.
    const ignored =
      (await this.search.ignoredEntries?.(
        relative,
        entries.map((e) => ({ name: e.name, isDirectory: e.type === 'directory' })),
        token,
      )) ?? new Set<string>();
    return textResult(entries.map((e) => `${e.type === 'directory' ? `${e.name}/` : e.name}${ignored.has(e.name) ? ' (ignored)' : ''}`).join('\n'));
  }
}
