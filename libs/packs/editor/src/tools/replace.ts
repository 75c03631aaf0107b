import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { changeSnippet } from '../changeSnippet';
import { geminiFilePath, legacyInteger } from '../geminiInput';
import { applyReplace, checkNoNewPlaceholder } from '../geminiReplace';
import type { ReplaceRequest } from '../geminiReplace';
import { lineCount } from '../lineText';
import { EDIT_ANNOTATIONS, PATH } from '../resultSchemas';
import { confirmFileEdit, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';

/** Gemini CLI's replace, the shape Gemini models are trained on: exact text replacement, or a new file. */
const definition = {
  name: 'replace',
  toolReferenceName: 'edit_file',
  models: [{ family: 'gemini*' }],
  displayName: 'Replace',
  modelDescription:
    "Replaces text in a file of the workspace. old_string must match the file exactly (whitespace, indentation and line breaks included; Windows line endings are handled); include at least 3 lines of context before and after the change so that it matches once. By default exactly one occurrence must be found; set allow_multiple to true to replace every occurrence. An empty old_string creates a new file with new_string as its content. Returns the number of replacements and the updated code. If it fails, nothing was written: read the file again with read_file and retry with the exact text. 'file_path' is required.",
  userDescription: 'Edits a file by replacing text (Gemini).',
  inputSchema: {
    type: 'object',
    properties: {
      file_path: {
        type: 'string',
        description: 'Required. The path of the file to change, relative to the workspace root or absolute.',
      },
      instruction: { type: 'string', description: 'A short description of the change: what it does and why.' },
      old_string: {
        type: 'string',
        description:
          'The exact text to replace, with at least 3 lines of context around the change. Empty to create a new file.',
      },
      new_string: { type: 'string', description: 'The exact text to put in its place.' },
      allow_multiple: {
        type: 'boolean',
        description: 'Replace every occurrence of old_string. Default false: it must occur exactly once.',
      },
    },
    required: ['instruction', 'old_string', 'new_string'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      change: {
        type: 'string',
        enum: ['created', 'edited'],
        description: 'created: an empty old_string made a new file.',
      },
      replacements: { type: 'integer', minimum: 0, description: 'Occurrences replaced (0 for a new file).' },
      lines: { type: 'integer', minimum: 0, description: 'Lines the file has now.' },
    },
    required: ['path', 'change', 'replacements', 'lines'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  annotations: EDIT_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ReplaceTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Only a sensitive file (git config, hooks, tasks, …) or a write-protected one asks, with the
  // diff of this very change. A call that fails is left to invoke, which reports it.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (typeof input?.old_string !== 'string' || typeof input.new_string !== 'string') return undefined;
    try {
      const relative = this.workspace.relative(await geminiFilePath(this.workspace, input));
      const change =
        input.old_string === ''
          ? { created: input.new_string }
          : (before: string) => applyReplace(before, request(input), relative).text;
      return await confirmFileEdit(this.workspace, relative, change);
    } catch {
      return undefined;
    }
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const absolute = await geminiFilePath(this.workspace, input);
    const relative = this.workspace.relative(absolute);
    const options = writeOptions({ receipt, approved }, token);
    checkNoNewPlaceholder(input.old_string, input.new_string);
    const stat = await this.workspace.stat(absolute);
    if (input.old_string === '') {
      if (stat)
        throw new WorkspaceError(
          `File already exists, cannot create: ${absolute}. To change it, give the exact text to replace in old_string.`,
        );
      await this.workspace.writeText(absolute, input.new_string, 'create', options);
      return structuredResult(
        { path: relative, change: 'created' as const, replacements: 0, lines: lineCount(input.new_string) },
        `Created new file: ${absolute} with provided content.`,
      );
    }
    if (!stat) throw new WorkspaceError(`File not found: ${absolute}. Use an empty old_string to create a new file.`);
    if (stat.type === 'directory')
      throw new WorkspaceError(`Path is a directory, not a file: ${absolute}. Give the path of a file inside it.`);
    let replacements = 0;
    const { before, after } = await this.workspace.edit(
      absolute,
      (text) => {
        const replaced = applyReplace(text, request(input), absolute);
        replacements = replaced.replacements;
        return replaced.text;
      },
      options,
    );
    return structuredResult(
      { path: relative, change: 'edited' as const, replacements, lines: lineCount(after) },
      `Successfully modified file: ${absolute} (${replacements} replacements).`,
      'Here is the updated code:',
      changeSnippet(before, after),
    );
  }
}

/** The replacement the call asks for; the old expected_replacements (a count) is read too. */
function request(input: Input): ReplaceRequest {
  return {
    oldString: input.old_string,
    newString: input.new_string,
    allowMultiple: input.allow_multiple,
    expectedReplacements:
      input.allow_multiple === undefined ? legacyInteger(input, 'expected_replacements', 1) : undefined,
  };
}

export const replace = defineTool({ definition, implementation: ReplaceTool });
