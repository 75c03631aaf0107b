import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';

export interface ReplaceStringInput {
  readonly filePath: string;
  readonly oldString: string;
  readonly newString: string;
}

export const replaceStringInFileDefinition: ToolDefinition = {
  name: 'replace_string_in_file',
  // One picker entry for editing: GPT models get apply_patch under the same reference name.
  toolReferenceName: 'edit_file',
  displayName: 'Replace String in File',
  modelDescription:
    'Edits an existing file by replacing exactly one occurrence of oldString with newString. oldString must match the file exactly (whitespace and indentation included) and occur exactly once: include 3-5 lines of unchanged context around the change to make it unique. Returns the lines that changed. If it fails, read the file again and retry with the exact text. To create a file use create_file.',
  userDescription: 'Edits a file by replacing text.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: { type: 'string', description: 'Path of the file to edit, relative to the workspace root or absolute.' },
      oldString: { type: 'string', minLength: 1, description: 'The exact text to replace, with surrounding context so that it occurs once.' },
      newString: { type: 'string', description: 'The text to put in its place.' },
    },
    required: ['filePath', 'oldString', 'newString'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  annotations: { readOnly: false, destructive: false, idempotent: false },
};

@injectable()
export class ReplaceStringInFileTool implements Tool<ReplaceStringInput> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  async invoke({ input }: ToolInvocationOptions<ReplaceStringInput>) {
    if (input.oldString === input.newString) throw new WorkspaceError('oldString and newString are the same; nothing would change.');
    const absolute = await this.workspace.resolve(input.filePath);
    const relative = this.workspace.relative(absolute);
    let changedAt = 0;
    await this.workspace.edit(absolute, (text) => {
      // Models write \n; keep a CRLF file CRLF.
      const crlf = !text.includes(input.oldString) && text.includes('\r\n');
      const oldString = crlf ? input.oldString.replace(/\r?\n/g, '\r\n') : input.oldString;
      const newString = crlf ? input.newString.replace(/\r?\n/g, '\r\n') : input.newString;
      const positions = occurrences(text, oldString);
      if (positions.length === 0)
        throw new WorkspaceError(`oldString was not found in ${relative}. Read the file again and copy the exact text, including whitespace and indentation.`);
      if (positions.length > 1) {
        const lines = positions.map((p) => text.slice(0, p).split('\n').length);
        throw new WorkspaceError(`oldString occurs ${positions.length} times in ${relative} (lines ${lines.join(', ')}); it must occur exactly once. Add surrounding lines to make it unique.`);
      }
      changedAt = text.slice(0, positions[0]).split('\n').length;
      return text.slice(0, positions[0]) + newString + text.slice(positions[0] + oldString.length);
    });
    const newLines = input.newString.split('\n').length;
    return textResult(`Replaced 1 occurrence in ${relative}; lines ${changedAt}-${changedAt + newLines - 1} now read:\n${input.newString}`);
  }
}

function occurrences(text: string, search: string): number[] {
  const positions: number[] = [];
  for (let i = text.indexOf(search); i >= 0; i = text.indexOf(search, i + search.length)) positions.push(i);
  return positions;
}
