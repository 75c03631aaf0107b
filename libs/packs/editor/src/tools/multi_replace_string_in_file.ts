import { inject, injectable } from 'inversify';
import { boundedList } from '@toolpacks/base';
import type { CancellationToken } from '@toolpacks/base';
import { codeBlock, defineTool, inertLine, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { errorWords } from '../errorHints';
import { replaceOnce } from '../replaceOnce';
import { EDIT_ANNOTATIONS, PATH } from '../resultSchemas';
import { confirmWrites, unifiedDiff, writesNeedConfirmation, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import { REPLACEMENT_PROPERTIES } from './replace_string_in_file';

/** Copilot's multi_replace_string_in_file: several replace_string_in_file edits, all or nothing. */
const definition = {
  name: 'multi_replace_string_in_file',
  // The same picker entry as replace_string_in_file: it is the same job, several edits at once.
  toolReferenceName: 'multi_replace_string_in_file',
  displayName: 'Multi-Replace String in Files',
  modelDescription:
    'Makes several replace_string_in_file edits in one call, in one or more files, all or nothing: if any oldString is not found exactly once, nothing is written and the error names the replacement. Each replacement follows the rules of replace_string_in_file: oldString must match the file exactly (whitespace and indentation included) and occur exactly once, with 3-5 lines of unchanged context. Several replacements in one file apply in order, each to the text left by the previous ones. Prefer it over several replace_string_in_file calls. Returns every file changed and the lines that changed.',
  userDescription: 'Makes several text replacements in one or more files at once.',
  inputSchema: {
    type: 'object',
    properties: {
      explanation: { type: 'string', description: 'A short sentence on what the edits do.' },
      replacements: {
        type: 'array',
        minItems: 1,
        description: 'The replacements, applied in order.',
        items: {
          type: 'object',
          properties: {
            explanation: { type: 'string', description: 'What this replacement does (optional).' },
            ...REPLACEMENT_PROPERTIES,
          },
          required: ['filePath', 'oldString', 'newString'],
          additionalProperties: false,
        },
      },
    },
    required: ['explanation', 'replacements'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      replacements: { type: 'integer', minimum: 1, description: 'Occurrences replaced in all.' },
      files: {
        type: 'array',
        description: 'Every file changed, in the order of its first replacement.',
        items: {
          type: 'object',
          properties: {
            path: PATH,
            replacements: { type: 'integer', minimum: 1 },
            lines: {
              type: 'array',
              items: { type: 'integer', minimum: 1 },
              description: 'The line where each replacement starts, in the text after it, in call order.',
            },
          },
          required: ['path', 'replacements', 'lines'],
          additionalProperties: false,
        },
      },
    },
    required: ['replacements', 'files'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  annotations: EDIT_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

interface FileEdit {
  readonly path: string;
  readonly before: string;
  after: string;
  /** 1-based lines where each replacement in this file starts (in the text after it). */
  readonly lines: number[];
  count: number;
}

@injectable()
class MultiReplaceStringInFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Like replace_string_in_file: only sensitive files (git config, hooks, tasks, …) or
  // write-protected ones ask; the question then shows the diff of every file of the call.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (!Array.isArray(input?.replacements)) return undefined;
    const paths = input.replacements.flatMap((r) => (typeof r?.filePath === 'string' ? [r.filePath] : []));
    if (!(await writesNeedConfirmation(this.workspace, paths))) return undefined;
    let edits: FileEdit[];
    try {
      edits = await this.plan(input);
    } catch {
      return undefined; // invoke reports the problem
    }
    const writes = edits.map(({ path, before, after }) => ({ path, before, after }));
    const asked = await confirmWrites(this.workspace, writes);
    if (!asked?.confirmationMessages) return asked;
    const message = asked.confirmationMessages.message;
    const others = writes.map((w) => `${inertLine(w.path)}\n\n${codeBlock(unifiedDiff(w), 'diff')}`);
    return {
      ...asked,
      confirmationMessages: {
        title: edits.length === 1 ? asked.confirmationMessages.title : `Edit ${edits.length} files?`,
        message: [
          typeof message === 'string' ? message : message.value,
          `Every file this call changes (all or nothing):`,
          ...others,
        ].join('\n\n'),
      },
    };
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const edits = await this.plan(input);
    // One batch through the write path: every file is compared with the text read above right
    // before its rename, so a file changed meanwhile fails the whole call and nothing is written.
    await this.workspace.applyChanges(
      edits.map((e) => ({ type: 'update' as const, path: e.path, content: e.after, expected: e.before })),
      writeOptions({ receipt, approved }, token),
    );
    const total = edits.reduce((sum, e) => sum + e.count, 0);
    const files = edits.map(
      (e) => `${e.path} (${e.lines.length === 1 ? 'line' : 'lines'} ${boundedList(e.lines.map(String), 20, ', ')})`,
    );
    return structuredResult(
      { replacements: total, files: edits.map((e) => ({ path: e.path, replacements: e.count, lines: e.lines })) },
      `Replaced ${total} occurrence${total === 1 ? '' : 's'} in ${edits.length} file${edits.length === 1 ? '' : 's'}: ${files.join('; ')}. Read a file again before editing it further.`,
    );
  }

  /** Every file read once, every replacement applied in memory in order; any failure throws before a write. */
  private async plan(input: Input): Promise<FileEdit[]> {
    const edits = new Map<string, FileEdit>();
    for (const [i, replacement] of input.replacements.entries()) {
      const which = `Replacement ${i + 1} of ${input.replacements.length}`;
      try {
        if (replacement.oldString === replacement.newString)
          throw new WorkspaceError('oldString and newString are the same; nothing would change.');
        const path = this.workspace.relative(await this.workspace.resolve(replacement.filePath));
        let edit = edits.get(path);
        if (!edit) {
          const before = await this.workspace.readText(path);
          edit = { path, before, after: before, lines: [], count: 0 };
          edits.set(path, edit);
        }
        const replaced = replaceOnce(edit.after, replacement.oldString, replacement.newString, path);
        edit.after = replaced.text;
        edit.lines.push(replaced.line);
        edit.count++;
      } catch (error) {
        if (error instanceof WorkspaceError)
          throw new WorkspaceError(
            `${which} (${replacement.filePath}): ${errorWords(error)} Nothing was written: no file was changed. Fix this replacement and send the whole call again.`,
          );
        throw error;
      }
    }
    return [...edits.values()];
  }
}

export const multiReplaceStringInFile = defineTool({ definition, implementation: MultiReplaceStringInFileTool });
