import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { WorkspaceFileSystem } from '@toolpacks/services';

export interface ListDirInput {
  readonly path: string;
}

export const listDirDefinition: ToolDefinition = {
  name: 'list_dir',
  toolReferenceName: 'list_dir',
  displayName: 'List Folder',
  modelDescription:
    "Lists a folder of the workspace: one entry per line, folders with a trailing '/'. Use '.' for the workspace root. Use it to explore the layout of a project; to find files by name anywhere use file_search.",
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
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  async invoke({ input }: ToolInvocationOptions<ListDirInput>) {
    const entries = await this.workspace.readDirectory(input.path);
    const relative = this.workspace.relative(await this.workspace.resolve(input.path));
    if (entries.length === 0) return textResult(`${relative}/ is empty.`);
    return textResult(entries.map((e) => (e.type === 'directory' ? `${e.name}/` : e.name)).join('\n'));
  }
}
