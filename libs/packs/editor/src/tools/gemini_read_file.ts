import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  resultCharBudget,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem, type LineRange } from '@toolpacks/services';
import { cutLineBytes, cutLineSentence, formatSize, inspectFile } from '../fileContent';
import { geminiFilePath, legacyInteger } from '../geminiInput';

/** At most this many lines per read, and this many characters per line (Gemini CLI's limits). */
export const GEMINI_MAX_LINES = 2000;
export const GEMINI_MAX_LINE_CHARS = 2000;

/**
 * Gemini CLI's read_file, the shape Gemini models are trained on: the raw text (no line numbers),
 * at most 2000 lines, and a header saying which lines a partial read shows.
 */
const definition = {
  name: 'gemini_read_file',
  overridesTool: 'read_file',
  models: [{ family: 'gemini-*' }],
  modelDescription:
    "Reads a text file of the workspace and returns its content as it is, without line numbers. At most 2000 lines are returned per call and lines longer than 2000 characters are cut; a partial result starts with a note giving the lines shown (Showing lines S-E of N total lines) and the start_line to read on from. Use start_line and end_line (1-based, inclusive) to read part of a large file (files of any size can be read this way). Images (png, jpeg, gif, webp up to 3.75 MB) are returned as images; other binary files are refused. Read a file before changing it with replace. 'file_path' is required. Not for folders.",
  userDescription: 'Reads a file of the workspace (Gemini).',
  inputSchema: {
    type: 'object',
    properties: {
      file_path: {
        type: 'string',
        description: 'Required. The path of the file to read, relative to the workspace root or absolute.',
      },
      start_line: { type: 'integer', minimum: 1, description: 'Optional: the first line to read (1-based).' },
      end_line: { type: 'integer', minimum: 1, description: 'Optional: the last line to read (1-based, inclusive).' },
    },
  },
  tags: ['files', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GeminiReadFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  async invoke({ input, tokenizationOptions }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const { start, end } = requestedLines(input);
    if (end !== undefined && start > end) throw new WorkspaceError('start_line cannot be greater than end_line');
    const absolute = await geminiFilePath(this.workspace, input);
    const stat = await this.workspace.stat(absolute);
    if (!stat)
      throw new WorkspaceError(
        'Could not read file because no file was found at the specified path. Check the path, or list the folder to find the file.',
      );
    if (stat.type === 'directory')
      throw new WorkspaceError(
        'Could not read file because the provided path is a directory, not a file. List the folder to see its files.',
      );
    const file = await inspectFile(this.workspace, absolute, this.workspace.relative(absolute));
    if (file.kind === 'image') return file.result;
    if (file.large) {
      const range = await this.workspace.readLines(
        absolute,
        start,
        Math.min(end ?? Infinity, start + GEMINI_MAX_LINES - 1),
        {
          maxChars: resultCharBudget(tokenizationOptions) - 500,
          token,
        },
      );
      return textResult(largeFileLines(range));
    }
    return textResult(readLines(await this.workspace.readText(absolute), start, end));
  }
}

/** The 1-based range asked for: start_line/end_line, or the old 0-based offset and line count. */
function requestedLines(input: Input): { start: number; end?: number } {
  if (input.start_line !== undefined || input.end_line !== undefined)
    return { start: input.start_line ?? 1, end: input.end_line };
  const offset = legacyInteger(input, 'offset', 0);
  const limit = legacyInteger(input, 'limit', 1);
  const start = (offset ?? 0) + 1;
  return { start, end: limit === undefined ? undefined : start + limit - 1 };
}

/** Lines `start` to `end` of `text` (at most GEMINI_MAX_LINES), with the truncation header when that is not all of it. */
export function readLines(text: string, start: number, end?: number): string {
  const finalNewline = /\r?\n$/.test(text);
  const lines = text === '' ? [] : (finalNewline ? text.replace(/\r?\n$/, '') : text).split(/\r?\n/);
  const total = lines.length;
  if (total === 0) return '';
  if (start > total)
    throw new WorkspaceError(
      `start_line ${start} is past the end of the file, which has ${total} lines. Use a start_line from 1 to ${total}.`,
    );
  const last = Math.min(end ?? total, total, start + GEMINI_MAX_LINES - 1);
  let cut = false;
  const shown = lines.slice(start - 1, last).map((line) => {
    if (line.length <= GEMINI_MAX_LINE_CHARS) return line;
    cut = true;
    return `${line.slice(0, GEMINI_MAX_LINE_CHARS)}... [truncated]`;
  });
  const content = shown.join('\n') + (last === total && finalNewline ? '\n' : '');
  if (start === 1 && last === total && !cut) return content;
  const action =
    last < total
      ? `Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${last + 1}.`
      : start > 1
        ? `Action: This part reaches the end of the file. To read the lines before it, use start_line: 1 and end_line: ${start - 1}.`
        : `Action: Lines longer than ${GEMINI_MAX_LINE_CHARS} characters were cut (marked '... [truncated]'). Search the file for the text you need.`;
  return [
    'IMPORTANT: The file content has been truncated.',
    `Status: Showing lines ${start}-${last} of ${total} total lines.`,
    action,
    '',
    '--- FILE CONTENT (truncated) ---',
    content,
  ].join('\n');
}

/** A range of a large file (streamed), in the same shape as a partial read. */
function largeFileLines(range: LineRange): string {
  const start = range.startLine;
  const last = start + range.lines.length - 1;
  const cutSentences: string[] = [];
  const shown = range.lines.map((line, i) => {
    const streamCut = range.lineCut === true && i === range.lines.length - 1;
    if (line.length <= GEMINI_MAX_LINE_CHARS && !streamCut) return line;
    const kept = Math.min(line.length, GEMINI_MAX_LINE_CHARS);
    cutSentences.push(
      cutLineSentence(start + i, kept, streamCut ? { bytes: cutLineBytes(range) } : { chars: line.length }),
    );
    return `${line.slice(0, kept)}... [truncated]`;
  });
  const total = range.totalLines !== undefined ? `, ${range.totalLines} total lines` : '';
  const action = [
    range.more
      ? `Action: To read more of the file, use start_line: ${last + 1} in a subsequent 'read_file' call.`
      : 'Action: This part reaches the end of the file.',
    // A few cut lines are named; past that, how many.
    ...cutSentences.slice(0, 3),
    ...(cutSentences.length > 3
      ? [`${cutSentences.length - 3} more lines were cut at ${GEMINI_MAX_LINE_CHARS} characters.`]
      : []),
  ].join(' ');
  return [
    'IMPORTANT: The file content has been truncated.',
    `Status: Showing lines ${start}-${last} of a large file (${formatSize(range.size)}${total}).`,
    action,
    '',
    '--- FILE CONTENT (truncated) ---',
    shown.join('\n'),
  ].join('\n');
}

export const geminiReadFile = defineTool({ definition, implementation: GeminiReadFileTool });
