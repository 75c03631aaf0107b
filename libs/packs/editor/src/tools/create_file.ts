import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceFileSystem } from '@toolpacks/services';
import { lineCount } from '../lineText';
import { WHOLE_FILE_WRITE_OUTPUT } from '../resultSchemas';
import { writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import { WholeFileWrites } from '../wholeFileWrites';

const definition = {
  name: 'create_file',
  toolReferenceName: 'create_file',
  displayName: 'Create File',
  modelDescription:
    'Creates a new file with the given content; missing parent folders are created. Fails if the file already exists, unless overwrite is true: then its whole content is replaced (the user is asked, shown the diff). To change part of an existing file use replace_string_in_file (or apply_patch). Returns the path and the number of lines written.',
  userDescription: 'Creates a new file in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: { type: 'string', description: 'Path of the new file, relative to the workspace root or absolute.' },
      content: { type: 'string', description: 'The complete content of the file.' },
      overwrite: {
        type: 'boolean',
        description: 'Replace the file if it exists (its whole content). Without it an existing file is refused.',
      },
    },
    required: ['filePath', 'content'],
    additionalProperties: false,
  },
  outputSchema: WHOLE_FILE_WRITE_OUTPUT,
  tags: ['files', 'edit'],
  // overwrite: true replaces a file's whole content (destructive); its preparation asks then, so the
  // tool does not ask by default (a new file asks only at a sensitive or write-protected path).
  // The same call again changes nothing more: it is refused, or writes the same content.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class CreateFileTool implements Tool<Input> {
  /** One per tool: what each overwrite's question was made from, until its call comes. */
  private readonly files: WholeFileWrites;

  constructor(@inject(WorkspaceFileSystem) workspace: WorkspaceFileSystem) {
    this.files = new WholeFileWrites(workspace);
  }

  // A new file asks only at a sensitive path (a hook, git config, tasks, …) or in a write-protected
  // folder, showing the whole new file; overwriting an existing file always asks, with the diff.
  prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    return this.files.prepare(input?.filePath, input?.content, input?.overwrite === true);
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const written = await this.files.write(
      input.filePath,
      input.content,
      input.overwrite === true,
      writeOptions({ receipt, approved }, token),
    );
    const lines = lineCount(input.content);
    return structuredResult(
      { path: written.relative, change: written.change, lines },
      `${written.change === 'created' ? 'Created' : 'Overwrote'} ${written.relative} (${lines} line${lines === 1 ? '' : 's'}).`,
    );
  }
}

export const createFile = defineTool({ definition, implementation: CreateFileTool });
