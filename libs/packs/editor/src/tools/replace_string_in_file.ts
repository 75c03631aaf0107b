import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, roomFor, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { newTextLines } from '../lineText';
import { replaceOnce } from '../replaceOnce';
import { EDIT_ANNOTATIONS, PATH } from '../resultSchemas';
import { confirmFileEdit, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';

/** One replacement: this tool's input, and each of multi_replace_string_in_file's replacements. */
export const REPLACEMENT_PROPERTIES = {
  filePath: {
    type: 'string',
    description: 'Path of the file to edit, relative to the workspace root or absolute.',
  },
  oldString: {
    type: 'string',
    minLength: 1,
    description: 'The exact text to replace, with surrounding context so that it occurs once.',
  },
  newString: { type: 'string', description: 'The text to put in its place.' },
} as const;

const definition = {
  name: 'replace_string_in_file',
  // One picker entry for editing: GPT models get apply_patch under the same reference name.
  toolReferenceName: 'edit_file',
  displayName: 'Replace String in File',
  modelDescription:
    'Edits an existing file by replacing exactly one occurrence of oldString with newString. oldString must match the file exactly (whitespace and indentation included) and occur exactly once: include 3-5 lines of unchanged context around the change to make it unique. Returns the lines that changed. If it fails, read the file again and retry with the exact text. To create a file use create_file.',
  userDescription: 'Edits a file by replacing text.',
  inputSchema: {
    type: 'object',
    properties: REPLACEMENT_PROPERTIES,
    required: ['filePath', 'oldString', 'newString'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      replacements: { type: 'integer', minimum: 1, description: 'Occurrences replaced (always 1).' },
      startLine: { type: 'integer', minimum: 1, description: 'The first line of the new text in the file now.' },
      endLine: {
        type: 'integer',
        minimum: 0,
        description: 'The last line of the new text in the file now; startLine - 1 when the new text is empty.',
      },
    },
    required: ['path', 'replacements', 'startLine', 'endLine'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  annotations: EDIT_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The new text echoed takes the result but for the sentence around it. */
const ECHO_ROOM = { reserve: 1_000 } as const;

@injectable()
class ReplaceStringInFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Only a sensitive file (git config, hooks, tasks, …) or a write-protected one asks, with the
  // diff of this very change.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (typeof input?.filePath !== 'string') return undefined;
    return confirmFileEdit(
      this.workspace,
      input.filePath,
      (before, relative) => replaceOnce(before, input.oldString, input.newString, relative).text,
    );
  }

  async invoke({ input, receipt, approved, tokenizationOptions }: EditCall<Input>, token?: CancellationToken) {
    if (input.oldString === input.newString)
      throw new WorkspaceError('oldString and newString are the same; nothing would change.');
    const absolute = await this.workspace.resolve(input.filePath);
    const relative = this.workspace.relative(absolute);
    let changedAt = 0;
    await this.workspace.edit(
      absolute,
      (text) => {
        const replaced = replaceOnce(text, input.oldString, input.newString, relative);
        changedAt = replaced.line;
        return replaced.text;
      },
      writeOptions({ receipt, approved }, token),
    );
    const { endLine } = newTextLines(changedAt, input.newString);
    const done = `Replaced 1 occurrence in ${relative}`;
    // The new text is echoed when it fits the result; a longer one is the model's own, named by its lines.
    const echoed = input.newString.length <= roomFor(ECHO_ROOM, tokenizationOptions).maxChars;
    return structuredResult(
      { path: relative, replacements: 1, startLine: changedAt, endLine },
      endLine < changedAt
        ? `${done}: the text was removed at line ${changedAt}.`
        : echoed
          ? `${done}; lines ${changedAt}-${endLine} now read:\n${input.newString}`
          : `${done}; lines ${changedAt}-${endLine} now hold newString (${input.newString.length} characters, too long to repeat here). Read the file to check them.`,
    );
  }
}

export const replaceStringInFile = defineTool({ definition, implementation: ReplaceStringInFileTool });
