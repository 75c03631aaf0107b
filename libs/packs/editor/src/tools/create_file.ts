import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  textResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceFileSystem } from '@toolpacks/services';
import { confirmWrites } from '../sensitiveWrites';

const definition = {
  name: 'create_file',
  toolReferenceName: 'create_file',
  displayName: 'Create File',
  modelDescription:
    'Creates a new file with the given content; missing parent folders are created. Fails if the file already exists: to change an existing file use replace_string_in_file (or apply_patch). Returns the path and the number of lines written.',
  userDescription: 'Creates a new file in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: { type: 'string', description: 'Path of the new file, relative to the workspace root or absolute.' },
      content: { type: 'string', description: 'The complete content of the file.' },
    },
    required: ['filePath', 'content'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  annotations: { readOnly: false, destructive: false, idempotent: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class CreateFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Only a sensitive path (a hook, git config, tasks, …) or a write-protected folder asks,
  // showing the whole new file.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    if (typeof input?.filePath !== 'string' || typeof input.content !== 'string') return undefined;
    const relative = this.workspace.relative(await this.workspace.resolve(input.filePath));
    return confirmWrites(this.workspace, [{ path: relative, after: input.content }]);
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const absolute = await this.workspace.resolve(input.filePath);
    await this.workspace.writeText(absolute, input.content, 'create', {
      allowSensitive: confirmed === true,
      allowWriteProtected: approved === true,
      token,
    });
    const lines = input.content === '' ? 0 : input.content.split('\n').length - (input.content.endsWith('\n') ? 1 : 0);
    return textResult(`Created ${this.workspace.relative(absolute)} (${lines} line${lines === 1 ? '' : 's'}).`);
  }
}

export const createFile = defineTool({ definition, implementation: CreateFileTool });
