import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { changeSnippet } from '../changeSnippet';
import { geminiFilePath } from '../geminiInput';
import { newOmissionPlaceholders } from '../omissionPlaceholder';
import { lineCount } from '../lineText';
import { WHOLE_FILE_WRITE_OUTPUT } from '../resultSchemas';
import { writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import { WholeFileWrites } from '../wholeFileWrites';

/** Gemini CLI's write_file, the shape Gemini models are trained on: writes a whole file, new or existing. */
const definition = {
  name: 'write_file',
  toolReferenceName: 'create_file',
  models: [{ family: 'gemini*' }],
  displayName: 'Write File',
  modelDescription:
    "Writes the complete content of a file of the workspace: creates it (missing parent folders too) or overwrites it entirely. Returns whether the file was created or overwritten, and the updated code. The content must be the whole file: content holding an omission placeholder such as '// rest of code ...' is refused. To change part of an existing file, prefer replace. 'file_path' and 'content' are required.",
  userDescription: 'Creates or overwrites a file (Gemini).',
  inputSchema: {
    type: 'object',
    properties: {
      file_path: {
        type: 'string',
        description: 'Required. The path of the file to write, relative to the workspace root or absolute.',
      },
      content: { type: 'string', description: 'The complete content to write to the file.' },
    },
    required: ['content'],
  },
  outputSchema: WHOLE_FILE_WRITE_OUTPUT,
  tags: ['files', 'edit'],
  // Every call asks (as it always has), with a question of its own that names the file and shows the change.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class WriteFileTool implements Tool<Input> {
  /** create_file's own body, as create_file {overwrite: true}. */
  private readonly files: WholeFileWrites;

  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {
    this.files = new WholeFileWrites(workspace);
  }

  // Every call asks, naming the file and showing what it writes: an overwrite's diff (as
  // create_file {overwrite} does), a new file's every line; a sensitive path asks every time.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (typeof input?.content !== 'string') return undefined;
    try {
      return await this.files.prepare(await geminiFilePath(this.workspace, input), input.content, true, true);
    } catch {
      return undefined; // invoke reports the problem
    }
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const absolute = await geminiFilePath(this.workspace, input);
    const stat = await this.workspace.stat(absolute);
    if (stat?.type === 'directory')
      throw new WorkspaceError(`Path is a directory, not a file: ${absolute}. Give the path of a file inside it.`);
    const before = stat ? await this.workspace.readText(absolute) : undefined;
    const placeholders = newOmissionPlaceholders(input.content, before);
    if (placeholders.length)
      throw new WorkspaceError(
        `The content holds an omission placeholder (${JSON.stringify(placeholders[0])}): writing it would delete the code it stands for. Nothing was written. Write the complete file content, every line included.`,
      );
    const written = await this.files.write(absolute, input.content, true, writeOptions({ receipt, approved }, token));
    const overwrote = written.change === 'overwritten';
    const done = overwrote
      ? `Successfully overwrote file: ${absolute}.`
      : `Successfully created and wrote to new file: ${absolute}.`;
    return structuredResult(
      { path: written.relative, change: written.change, lines: lineCount(input.content) },
      done,
      'Here is the updated code:',
      changeSnippet(overwrote ? before : undefined, input.content),
    );
  }
}

export const writeFile = defineTool({ definition, implementation: WriteFileTool });
