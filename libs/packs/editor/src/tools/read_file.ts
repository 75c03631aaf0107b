import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defaultTokenization, defineTool, roomFor, withStructuredContent } from '@toolpacks/registry';
import type {
  InputOf,
  Tool,
  ToolDefinition,
  ToolInvocationOptions,
  ToolTokenizationOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { cutLineBytes, inspectFile } from '../fileContent';
import { fileLinesResult, linesThatFit } from '../fileLines';
import type { FileLinesProps } from '../fileLines';
import { imageValue, READ_ANNOTATIONS, READ_OUTPUT, READ_ROOM, textValue } from '../resultSchemas';

/** Used when the host gives no token budget: enough for a large file, never a whole log. */
export const DEFAULT_READ_BUDGET = 12_000;

const definition = {
  name: 'read_file',
  toolReferenceName: 'read_file',
  canBeReferencedInPrompt: true,
  displayName: 'Read File',
  modelDescription:
    'Reads a text file of the workspace and returns its lines, optionally only startLine to endLine (1-based, inclusive). Long files are cut to fit the token budget and the result says which line to read on from. Files of any size can be read by line range (a large file is streamed; the result says which line to read on from). Images (png, jpeg, gif, webp up to 3.75 MB) are returned as images; other binary files are refused. Use it before editing a file, or to look at code you found with grep_search or file_search. Not for folders (use list_dir).',
  userDescription: 'Reads a file of the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: { type: 'string', description: 'Path of the file, relative to the workspace root or absolute.' },
      startLine: { type: 'integer', minimum: 1, description: 'First line to read (1-based). Default: 1.' },
      endLine: {
        type: 'integer',
        minimum: 1,
        description: 'Last line to read (inclusive). Default: the end of the file.',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  outputSchema: READ_OUTPUT,
  tags: ['files', 'read'],
  annotations: READ_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ReadFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token: CancellationToken) {
    const absolute = await this.workspace.resolve(input.filePath);
    const shown = this.workspace.relative(absolute);
    const file = await inspectFile(this.workspace, absolute, shown);
    if (file.kind === 'image') return withStructuredContent(file.result, imageValue(shown, file));
    const budget = tokenizationOptions ?? defaultTokenization(DEFAULT_READ_BUDGET);
    const room = roomFor(READ_ROOM, tokenizationOptions, shown);
    if (file.large) {
      const start = input.startLine ?? 1;
      if (input.endLine !== undefined && input.endLine < start)
        throw new WorkspaceError(`endLine ${input.endLine} is before startLine ${start}.`);
      const range = await this.workspace.readLines(absolute, start, input.endLine ?? Number.MAX_SAFE_INTEGER, {
        maxChars: room.maxChars,
        token,
      });
      const large = { size: range.size, more: range.more, lineCut: range.lineCut, cutLineBytes: cutLineBytes(range) };
      return render(
        { path: shown, lines: range.lines, firstLine: start, totalLines: range.totalLines, large },
        file.size,
        budget,
        room.maxJsonChars,
        token,
      );
    }
    const text = await this.workspace.readText(absolute);
    const lines = text.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const total = text === '' ? 0 : lines.length;
    const start = input.startLine ?? 1;
    const end = Math.min(input.endLine ?? total, total);
    if (total > 0 && start > total)
      throw new WorkspaceError(`The file has ${total} lines; startLine ${start} is past the end.`);
    if (end < start && total > 0) throw new WorkspaceError(`endLine ${input.endLine} is before startLine ${start}.`);
    return render(
      { path: shown, lines: total === 0 ? [] : lines.slice(start - 1, end), firstLine: start, totalLines: total },
      file.size,
      budget,
      room.maxJsonChars,
      token,
    );
  }
}

/**
 * The lines that fit the budget, as prompt-tsx for the model and as data: the same lines, the same
 * line to read on from; no more of them than fit `maxJsonChars` as the data's content.
 */
async function render(
  props: Omit<FileLinesProps, 'kept'>,
  bytes: number,
  budget: ToolTokenizationOptions,
  maxJsonChars: number,
  token: CancellationToken,
) {
  const kept = await linesThatFit(props.path, props.lines, budget, token, maxJsonChars);
  const result = fileLinesResult({ ...props, kept });
  const shown = props.lines.slice(0, kept);
  const more = kept < props.lines.length || props.large?.more === true;
  // A large file's streamed read cuts only its last line; it is shown cut when every line fits.
  const cut = props.large?.lineCut === true && kept === props.lines.length && kept > 0;
  return withStructuredContent(
    result,
    textValue({
      path: props.path,
      bytes,
      startLine: props.firstLine,
      shown,
      totalLines: props.totalLines,
      truncated: more || cut,
      // The text names no line to read on from when not even one line fits.
      nextLine: more && kept > 0 ? props.firstLine + kept : undefined,
      cutLines: cut ? [props.firstLine + kept - 1] : undefined,
    }),
  );
}

export const readFile = defineTool({ definition, implementation: ReadFileTool });
