import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  ItemFit,
  jsonStringChars,
  partWithinJson,
  roomFor,
  structuredResult,
  withStructuredContent,
} from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import type { LineRange } from '@toolpacks/services';
import { cutLineBytes, cutLineSentence, formatSize, inspectFile } from '../fileContent';
import { geminiFilePath, legacyInteger } from '../geminiInput';
import { imageValue, READ_ANNOTATIONS, READ_OUTPUT, READ_ROOM, textValue } from '../resultSchemas';
import type { ReadValue } from '../resultSchemas';

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
  models: [{ family: 'gemini*' }],
  displayName: 'Read File',
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
  outputSchema: READ_OUTPUT,
  tags: ['files', 'read'],
  annotations: READ_ANNOTATIONS,
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
    const shown = this.workspace.relative(absolute);
    const file = await inspectFile(this.workspace, absolute, shown);
    if (file.kind === 'image') return withStructuredContent(file.result, imageValue(shown, file));
    // Room for the header: the lines themselves stay within the result budget, as text and as JSON.
    const { maxChars, maxJsonChars } = roomFor(READ_ROOM, tokenizationOptions, shown);
    if (file.large) {
      const last = Math.min(end ?? Infinity, start + GEMINI_MAX_LINES - 1);
      const range = await this.workspace.readLines(absolute, start, last, { maxChars, token });
      const read = largeFileLines(range, end, maxChars, maxJsonChars);
      return structuredResult({ ...read.value, path: shown, bytes: file.size }, read.text);
    }
    const read = readLines(await this.workspace.readText(absolute), start, end, maxChars, maxJsonChars);
    return structuredResult({ ...read.value, path: shown, bytes: file.size }, read.text);
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

/** What a read shows, as text and as data (its path and size are the caller's). */
export interface GeminiRead {
  readonly text: string;
  readonly value: ReadValue;
}

/**
 * Lines `start` to `end` of `text` (at most GEMINI_MAX_LINES, and no more than `maxChars`
 * characters, nor `maxJsonChars` as the JSON of `content`), with the truncation header when that
 * is not all of it.
 */
export function readLines(
  text: string,
  start: number,
  end?: number,
  maxChars = Infinity,
  maxJsonChars = Infinity,
): GeminiRead {
  const finalNewline = /\r?\n$/.test(text);
  const lines = text === '' ? [] : (finalNewline ? text.replace(/\r?\n$/, '') : text).split(/\r?\n/);
  const total = lines.length;
  if (total === 0)
    return { text: '', value: textValue({ ...NO_FILE, startLine: 1, shown: [], totalLines: 0, truncated: false }) };
  if (start > total)
    throw new WorkspaceError(
      `start_line ${start} is past the end of the file, which has ${total} lines. Use a start_line from 1 to ${total}.`,
    );
  // The last line asked for, and the last one a read may show (the line limit).
  const asked = Math.min(end ?? total, total);
  const limit = Math.min(asked, start + GEMINI_MAX_LINES - 1);
  const { shown, cutLines } = fitLines(lines.slice(start - 1, limit), start, maxChars, maxJsonChars);
  const last = start + shown.length - 1;
  const content = shown.join('\n') + (last === total && finalNewline ? '\n' : '');
  const value = textValue({
    ...NO_FILE,
    startLine: start,
    shown,
    totalLines: total,
    content,
    truncated: last < asked || cutLines.length > 0,
    nextLine: last < total ? last + 1 : undefined,
    cutLines,
  });
  if (start === 1 && last === total && cutLines.length === 0) return { text: content, value };
  const action =
    last < total
      ? `Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${last + 1}.`
      : start > 1
        ? `Action: This part reaches the end of the file. To read the lines before it, use start_line: 1 and end_line: ${start - 1}.`
        : `Action: Lines longer than ${GEMINI_MAX_LINE_CHARS} characters were cut (marked '... [truncated]'). Search the file for the text you need.`;
  return {
    text: [
      'IMPORTANT: The file content has been truncated.',
      `Status: Showing lines ${start}-${last} of ${total} total lines.`,
      action,
      '',
      '--- FILE CONTENT (truncated) ---',
      content,
    ].join('\n'),
    value,
  };
}

/** Filled in by the tool: the path and size are not the text's business. */
const NO_FILE = { path: '', bytes: 0 };

/**
 * The lines as shown: each cut at GEMINI_MAX_LINE_CHARS (marked), and no more of them than fit
 * `maxChars` as text and `maxJsonChars` as the JSON of the data (the content, and the number of
 * each cut line). The first one is kept, cut to fit, so a read always shows something.
 */
function fitLines(
  lines: readonly string[],
  start: number,
  maxChars: number,
  maxJsonChars: number,
  streamCut = false,
): { shown: string[]; cutLines: number[] } {
  const shown: string[] = [];
  const cutLines: number[] = [];
  // Each line is followed by a line feed in the text; a cut line's number is in the data too.
  const fit = new ItemFit({ maxChars, maxJsonChars }, { data: 'lines', textBefore: 0 });
  for (const [i, line] of lines.entries()) {
    const n = start + i;
    const dataChars = (out: string) => jsonStringChars(out) + (out === line ? 0 : String(n).length + 1);
    const cut = line.length > GEMINI_MAX_LINE_CHARS || (streamCut && i === lines.length - 1);
    let out = cut ? `${line.slice(0, GEMINI_MAX_LINE_CHARS)}${TRUNCATED}` : line;
    if (!fit.take(out.length, dataChars(out))) {
      if (shown.length > 0) break;
      const room = TRUNCATED.length + String(n).length + 1;
      const kept = Math.min(GEMINI_MAX_LINE_CHARS, maxChars - TRUNCATED.length - 1);
      out = `${partWithinJson(line, kept, maxJsonChars - room)}${TRUNCATED}`;
      fit.force(out.length, dataChars(out));
    }
    if (out !== line) cutLines.push(n);
    shown.push(out);
  }
  return { shown, cutLines };
}

const TRUNCATED = '... [truncated]';

/**
 * A range of a large file (streamed), in the same shape as a partial read; `end` is the last line
 * asked for (none: to the end of the file), before the line limit.
 */
function largeFileLines(range: LineRange, end: number | undefined, maxChars: number, maxJsonChars: number): GeminiRead {
  const start = range.startLine;
  const { shown, cutLines } = fitLines(range.lines, start, maxChars, maxJsonChars, range.lineCut === true);
  const last = start + shown.length - 1;
  // Lines follow the ones shown: in the file, or read but left out to fit the result.
  const more = range.more || shown.length < range.lines.length;
  const cutSentences = cutLines.map((n) => {
    const line = range.lines[n - start];
    const streamCut = range.lineCut === true && n === start + range.lines.length - 1;
    const kept = shown[n - start].length - TRUNCATED.length;
    return cutLineSentence(n, kept, streamCut ? { bytes: cutLineBytes(range) } : { chars: line.length });
  });
  const total = range.totalLines !== undefined ? `, ${range.totalLines} total lines` : '';
  const action = [
    more
      ? `Action: To read more of the file, use start_line: ${last + 1} in a subsequent 'read_file' call.`
      : 'Action: This part reaches the end of the file.',
    // A few cut lines are named; past that, how many.
    ...cutSentences.slice(0, 3),
    ...(cutSentences.length > 3
      ? [`${cutSentences.length - 3} more lines were cut at ${GEMINI_MAX_LINE_CHARS} characters.`]
      : []),
  ].join(' ');
  return {
    text: [
      'IMPORTANT: The file content has been truncated.',
      `Status: Showing lines ${start}-${last} of a large file (${formatSize(range.size)}${total}).`,
      action,
      '',
      '--- FILE CONTENT (truncated) ---',
      shown.join('\n'),
    ].join('\n'),
    value: textValue({
      ...NO_FILE,
      startLine: start,
      shown,
      totalLines: range.totalLines,
      truncated: (more && last < (end ?? Infinity)) || cutLines.length > 0,
      nextLine: more ? last + 1 : undefined,
      cutLines,
    }),
  };
}

export const geminiReadFile = defineTool({ definition, implementation: GeminiReadFileTool });
