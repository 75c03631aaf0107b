// A line range of an open file, streamed in chunks: memory stays about `maxChars` whatever the
// file's size (readLines of the workspace file system; the file is opened and confined there).
import type { FileHandle } from 'node:fs/promises';
import { WorkspaceError, type LineRange, type ReadLinesOptions } from '@toolpacks/services';
import { quote } from './quote';

/** A line range, and when a line was cut, how long it really is. */
export interface StreamedLineRange extends LineRange {
  /** The cut line's whole length in bytes (set with `lineCut`). */
  readonly cutLineBytes?: number;
}

const LINE_CHUNK_BYTES = 1024 * 1024;
/** After the range, the lines of the rest of the file are counted when it is at most this big. */
const COUNT_REST_BYTES = 16 * 1024 * 1024;

/** Lines startLine..endLine of an open file, read in chunks: memory stays about `maxChars` whatever the file's size. */
export async function streamLines(
  handle: FileHandle,
  input: string,
  startLine: number,
  endLine: number,
  options: ReadLinesOptions = {},
): Promise<StreamedLineRange> {
  if (!Number.isInteger(startLine) || startLine < 1)
    throw new WorkspaceError(`The first line must be a whole number from 1 (got ${startLine}).`);
  if (!Number.isInteger(endLine) || endLine < startLine)
    throw new WorkspaceError(`The last line (${endLine}) is before the first line (${startLine}).`);
  const maxChars = Math.max(1, options.maxChars ?? 1_000_000);
  const { size } = await handle.stat();
  const buffer = Buffer.allocUnsafe(LINE_CHUNK_BYTES);
  const lines: string[] = [];
  let chars = 0;
  let lineCut = false;
  let cutLineBytes = 0; // the whole length of the line cut
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let line = 1; // the number of the line being read
  let lineBytes = 0; // bytes of that line seen so far
  let position = 0;
  let restStart: number | undefined; // where the first line not returned starts, when the read stopped early
  outer: for (;;) {
    if (options.token?.isCancellationRequested) throw new WorkspaceError('The read was cancelled.');
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    if (position < 8192 && chunk.subarray(0, 8192 - position).includes(0))
      throw new WorkspaceError(`File ${quote(input)} is binary (${size} bytes); it cannot be read as text.`);
    const chunkStart = position;
    position += bytesRead;
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(10, from);
      const end = newline < 0 ? chunk.length : newline;
      if (line >= startLine && pieceBytes < maxChars) {
        const piece = chunk.subarray(from, Math.min(end, from + maxChars - pieceBytes));
        pieces.push(Buffer.from(piece));
        pieceBytes += piece.length;
      }
      lineBytes += end - from;
      if (newline < 0) break;
      if (line >= startLine) {
        const text = decodeLine(pieces, lineBytes > maxChars);
        if (lines.length > 0 && chars + text.length > maxChars) {
          restStart = chunkStart + newline + 1 - lineBytes - 1;
          break outer;
        }
        if (lineBytes > maxChars) [lineCut, cutLineBytes] = [true, lineBytes];
        lines.push(text);
        chars += text.length + 1;
        pieces = [];
        pieceBytes = 0;
      }
      line++;
      lineBytes = 0;
      from = newline + 1;
      if (line > endLine || chars >= maxChars) {
        restStart = chunkStart + from;
        break outer;
      }
    }
  }
  if (restStart === undefined) {
    // The end of the file: a last line without a line end counts too.
    if (lineBytes > 0 && line >= startLine && line <= endLine) {
      if (lineBytes > maxChars) [lineCut, cutLineBytes] = [true, lineBytes];
      lines.push(decodeLine(pieces, lineBytes > maxChars));
    }
    const total = lineBytes > 0 ? line : line - 1;
    if (startLine > Math.max(total, 1))
      throw new WorkspaceError(`The file has ${total} lines; line ${startLine} is past the end.`);
    return { lines, startLine, more: false, totalLines: total, size, ...(lineCut ? { lineCut, cutLineBytes } : {}) };
  }
  const more = restStart < size;
  const returnedEnd = startLine + lines.length - 1;
  let totalLines: number | undefined = more ? undefined : returnedEnd;
  if (more && size - restStart <= COUNT_REST_BYTES) {
    let newlines = 0;
    let last = -1;
    let at = restStart;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) newlines++;
      last = chunk[bytesRead - 1];
      at += bytesRead;
    }
    totalLines = returnedEnd + newlines + (last !== -1 && last !== 10 ? 1 : 0);
  }
  return {
    lines,
    startLine,
    more,
    ...(totalLines !== undefined ? { totalLines } : {}),
    size,
    ...(lineCut ? { lineCut, cutLineBytes } : {}),
  };
}

function decodeLine(pieces: Buffer[], cut: boolean): string {
  const text = Buffer.concat(pieces).toString('utf8');
  return !cut && text.endsWith('\r') ? text.slice(0, -1) : text;
}
