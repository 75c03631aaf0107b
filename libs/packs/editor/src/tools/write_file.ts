import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  structuredResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { changeSnippet } from '../changeSnippet';
import { geminiFilePath } from '../geminiInput';
import { newOmissionPlaceholders } from '../omissionPlaceholder';
import { lineCount } from '../lineText';
import { PATH } from '../resultSchemas';
import { confirmWrites, writesNeedConfirmation } from '../sensitiveWrites';

/** Gemini CLI's write_file, the shape Gemini models are trained on: writes a whole file, new or existing. */
const definition = {
  name: 'write_file',
  toolReferenceName: 'create_file',
  models: [{ family: 'gemini-*' }],
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
  outputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      change: { type: 'string', enum: ['created', 'overwritten'] },
      lines: { type: 'integer', minimum: 0, description: 'Lines written: the whole file now.' },
    },
    required: ['path', 'change', 'lines'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  // It overwrites without a question of its own, so every call asks (as it always has).
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class WriteFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Overwriting asks like every destructive tool; a sensitive path (a hook, git config, tasks, …) or
  // a write-protected file asks with the diff of this very write.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    if (typeof input?.content !== 'string') return undefined;
    try {
      const relative = this.workspace.relative(await geminiFilePath(this.workspace, input));
      if (!(await writesNeedConfirmation(this.workspace, [relative]))) return undefined;
      const stat = await this.workspace.stat(relative);
      const before = stat?.type === 'file' ? await this.workspace.readText(relative) : undefined;
      return await confirmWrites(this.workspace, [{ path: relative, before, after: input.content }]);
    } catch {
      return undefined; // invoke reports the problem
    }
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
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
    await this.workspace.writeText(absolute, input.content, stat ? 'overwrite' : 'create', {
      allowSensitive: confirmed === true,
      allowWriteProtected: approved === true,
      token,
    });
    const done = stat
      ? `Successfully overwrote file: ${absolute}.`
      : `Successfully created and wrote to new file: ${absolute}.`;
    return structuredResult(
      {
        path: this.workspace.relative(absolute),
        change: stat ? ('overwritten' as const) : ('created' as const),
        lines: lineCount(input.content),
      },
      done,
      'Here is the updated code:',
      changeSnippet(before, input.content),
    );
  }
}

export const writeFile = defineTool({ definition, implementation: WriteFileTool });
