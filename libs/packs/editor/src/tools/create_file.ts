import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  codeBlock,
  defineTool,
  inertLine,
  textResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { confirmWrites, unifiedDiff } from '../sensitiveWrites';

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
  tags: ['files', 'edit'],
  annotations: { readOnly: false, destructive: false, idempotent: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class CreateFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // A new file asks only at a sensitive path (a hook, git config, tasks, …) or in a write-protected
  // folder, showing the whole new file; overwriting an existing file always asks, with the diff.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    if (typeof input?.filePath !== 'string' || typeof input.content !== 'string') return undefined;
    const relative = this.workspace.relative(await this.workspace.resolve(input.filePath));
    const existing = input.overwrite === true ? await this.workspace.stat(relative).catch(() => undefined) : undefined;
    if (existing?.type !== 'file') return confirmWrites(this.workspace, [{ path: relative, after: input.content }]);
    const before = await this.workspace.readText(relative).catch(() => undefined);
    const write = { path: relative, before: before ?? '', after: input.content };
    const sensitive = await confirmWrites(this.workspace, [write]);
    const title = `Overwrite ${inertLine(relative)}?`;
    // A sensitive file's question already shows the diff, and is asked every time.
    if (sensitive?.alwaysConfirm && sensitive.confirmationMessages)
      return { ...sensitive, confirmationMessages: { ...sensitive.confirmationMessages, title } };
    const message = [
      before === undefined
        ? `${inertLine(relative)} (${existing.size} bytes, not text) will be replaced by ${lineCount(input.content)} lines of text.`
        : `Its whole content will be replaced:\n\n${codeBlock(unifiedDiff(write), 'diff')}`,
      ...(sensitive?.confirmationMessages ? [messageText(sensitive.confirmationMessages.message)] : []),
    ].join('\n\n');
    return {
      confirmationMessages: { title, message },
      ...(sensitive?.approvalKey ? { approvalKey: sensitive.approvalKey } : {}),
    };
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const absolute = await this.workspace.resolve(input.filePath);
    const relative = this.workspace.relative(absolute);
    const existing = await this.workspace.stat(absolute);
    if (existing?.type === 'directory')
      throw new WorkspaceError(`${relative} is a folder; give the path of a file. Nothing was written.`);
    if (existing && input.overwrite !== true) throw exists(relative);
    const options = { allowSensitive: confirmed === true, allowWriteProtected: approved === true, token };
    try {
      await this.workspace.writeText(absolute, input.content, existing ? 'overwrite' : 'create', options);
    } catch (error) {
      // Created by someone else since the check above.
      if (!existing && error instanceof WorkspaceError && / already exists/.test(error.message)) throw exists(relative);
      throw error;
    }
    const lines = lineCount(input.content);
    return textResult(`${existing ? 'Overwrote' : 'Created'} ${relative} (${lines} line${lines === 1 ? '' : 's'}).`);
  }
}

function exists(relative: string): WorkspaceError {
  return new WorkspaceError(
    `${relative} already exists; edit it instead of creating it (replace_string_in_file), or call create_file with overwrite: true to replace its whole content. Nothing was written.`,
  );
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export const createFile = defineTool({ definition, implementation: CreateFileTool });

function messageText(message: string | { readonly value: string }): string {
  return typeof message === 'string' ? message : message.value;
}
