// A file's lines as a prompt-tsx element: it shows as many lines as the token budget allows
// (counted before, so the structured result holds the same lines, and its JSON fits the budget too)
// and says where it stopped, so the model can read on from there.
import { PromptElement, TextChunk } from '@vscode/prompt-tsx';
import type { BasePromptElementProps } from '@vscode/prompt-tsx';
import type { CancellationToken } from '@toolpacks/base';
import { callWith, ItemFit, jsonStringChars, textChunkResult } from '@toolpacks/registry';
import type { LanguageModelToolResult, ToolTokenizationOptions } from '@toolpacks/registry';
import { READ_FILE_PAGING } from './resultSchemas';
import { cutLineSentence, formatSize } from './fileContent';

export interface FileLinesProps extends BasePromptElementProps {
  readonly path: string;
  readonly lines: readonly string[];
  /** 1-based number of lines[0]. */
  readonly firstLine: number;
  /** How many lines the file has; unknown for a large file read in part. */
  readonly totalLines?: number;
  /** How many of `lines` are shown: {@link linesThatFit}. */
  readonly kept: number;
  /**
   * A large file, read by line range: its size in bytes, whether lines follow the ones given, and
   * whether the last line given was cut (with its whole length in bytes when known).
   */
  readonly large?: LargeFileRange;
}

export interface LargeFileRange {
  readonly size: number;
  readonly more: boolean;
  readonly lineCut?: boolean;
  readonly cutLineBytes?: number;
}

/**
 * How many of `lines`, from the first, fit the token budget beside the header and the truncation
 * note, and fit `maxJsonChars` as the JSON of the structured result's content.
 */
export async function linesThatFit(
  path: string,
  lines: readonly string[],
  tokenization: ToolTokenizationOptions,
  token?: CancellationToken,
  maxJsonChars = Infinity,
): Promise<number> {
  // The text is counted in tokens here (each line with its line feed), after the header's.
  const header = 60 + (await tokenization.countTokens(path, token));
  const fit = new ItemFit(
    { maxChars: tokenization.tokenBudget, maxJsonChars },
    { data: 'lines', separator: 0, textBefore: header },
  );
  for (const line of lines)
    if (!fit.take(await tokenization.countTokens(`${line}\n`, token), jsonStringChars(line))) break;
  return fit.kept;
}

export class FileLines extends PromptElement<FileLinesProps> {
  render() {
    return <TextChunk>{fileLinesText(this.props)}</TextChunk>;
  }
}

/**
 * {@link FileLines} as a tool result, built without rendering it (the same prompt-tsx JSON): its
 * render() is one text chunk, which prompt-tsx's element JSON never prunes.
 */
export function fileLinesResult(props: FileLinesProps): LanguageModelToolResult {
  return textChunkResult(FileLines.name, fileLinesText(props));
}

/** The text {@link FileLines} renders: a header, the kept lines, and where to read on. */
export function fileLinesText(props: FileLinesProps): string {
  const { path, lines, firstLine, totalLines, large, kept } = props;
  const lastRequested = firstLine + lines.length - 1;
  const last = firstLine + kept - 1;
  if (large) return largeFile(props, large, kept);
  const header =
    kept === 0 ? `File: ${path} (${totalLines} lines)` : `File: ${path}, lines ${firstLine}-${last} of ${totalLines}`;
  const parts = [header, ...lines.slice(0, kept)];
  if (kept < lines.length) {
    parts.push(
      kept === 0
        ? `[Not even one line fits the token budget. Read a smaller range, or use grep_search to find what you need.]`
        : `[Truncated at line ${last} to fit the token budget (asked for ${firstLine}-${lastRequested}). Call ${callWith(READ_FILE_PAGING, last + 1)} to read on.]`,
    );
  }
  return parts.join('\n');
}

/** A large file's range: "lines X–Y of a large file (N MB); read on from line Y+1.", and a cut line said. */
function largeFile(props: FileLinesProps, large: LargeFileRange, kept: number): string {
  const { path, lines, firstLine, totalLines } = props;
  const of = `a large file (${formatSize(large.size)}${totalLines !== undefined ? `, ${totalLines} lines` : ''})`;
  if (kept === 0)
    return `File: ${path}, ${of}: line ${firstLine} alone does not fit the token budget. Use grep_search to find what you need in it.`;
  const last = firstLine + kept - 1;
  const more = kept < lines.length || large.more;
  // The streamed read cuts only its last line; say so when that line is shown.
  const cut =
    large.lineCut && kept === lines.length
      ? ` ${cutLineSentence(last, lines[kept - 1].length, { bytes: large.cutLineBytes })}`
      : '';
  const header = `File: ${path}, lines ${firstLine}–${last} of ${of}${more ? `; read on from line ${last + 1} (${callWith(READ_FILE_PAGING, last + 1)})` : ''}${cut ? `.${cut}` : ''}`;
  return [header, ...lines.slice(0, kept)].join('\n');
}
