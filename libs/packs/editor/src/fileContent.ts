// What a file is before it is read as text: an image the model can look at (png, jpeg, gif, webp,
// decided by magic bytes), another binary file (refused with its type and size), or text — small
// enough to read whole, or large (read by a streamed line range).
import { callWith, LanguageModelDataPart, LanguageModelTextPart, LanguageModelToolResult } from '@toolpacks/registry';
import type { Room } from '@toolpacks/registry';
import type { CancellationToken } from '@toolpacks/base';
import { WorkspaceError } from '@toolpacks/services';
import type { LineRange, WorkspaceFileSystem } from '@toolpacks/services';
import { catNClipped } from './catN';
import { VIEW_PAGING } from './resultSchemas';
import { shownOf, VIEW_LIMITS } from './textEditorEdits';
import type { FileView } from './textEditorEdits';

/**
 * Images up to this size are returned as image data: 3.75 MB raw is 5 MB once base64-encoded,
 * the per-image limit of Anthropic's API (and within the others').
 */
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;
const MAX_IMAGE_SIZE = '3.75 MB';
/** Text files above this size are read by line range (streamed), never whole. */
export const LARGE_TEXT_BYTES = 8 * 1024 * 1024;
/** How much of a file's start decides what it is. */
const HEAD_BYTES = 8192;

export type FileKind =
  | { readonly kind: 'text'; readonly size: number; readonly large: boolean }
  | {
      readonly kind: 'image';
      readonly size: number;
      readonly mimeType: string;
      readonly width?: number;
      readonly height?: number;
      /** The image as a result: a short description and the image data. */
      readonly result: LanguageModelToolResult;
    };

interface Sniffed {
  readonly kind: 'image' | 'binary' | 'text';
  readonly mimeType?: string;
  readonly label?: string;
}

/**
 * What `absolute` holds. Images come back ready to return; binary files are refused with their
 * type and size; missing files and folders are refused by the workspace as readText does.
 */
export async function inspectFile(
  workspace: WorkspaceFileSystem,
  absolute: string,
  shownPath: string,
): Promise<FileKind> {
  const head = await workspace.readBytes(absolute, HEAD_BYTES);
  const sniffed = sniff(head.bytes);
  if (sniffed.kind === 'text') return { kind: 'text', size: head.size, large: head.size > LARGE_TEXT_BYTES };
  if (sniffed.kind === 'binary')
    throw new WorkspaceError(
      `${shownPath} is a binary file (${sniffed.label}, ${formatSize(head.size)}); it cannot be read as text.`,
    );
  if (head.size > MAX_IMAGE_BYTES)
    throw new WorkspaceError(
      `${shownPath} is an image (${sniffed.label}, ${formatSize(head.size)}) over the ${MAX_IMAGE_SIZE} limit for images (5 MB once base64-encoded, the most a model's API takes per image); it was not read.`,
    );
  const { bytes, size } =
    head.bytes.length === head.size ? head : await workspace.readBytes(absolute, MAX_IMAGE_BYTES + 1);
  if (size > MAX_IMAGE_BYTES || bytes.length !== size)
    throw new WorkspaceError(`${shownPath} changed while it was read (now ${formatSize(size)}); read it again.`);
  const dimensions = imageDimensions(bytes, sniffed.mimeType!);
  const description = `Image ${shownPath} (${sniffed.label}, ${formatSize(size)}${dimensions ? `, ${dimensions.width}×${dimensions.height} pixels` : ''}).`;
  return {
    kind: 'image',
    size,
    mimeType: sniffed.mimeType!,
    ...dimensions,
    result: new LanguageModelToolResult([
      new LanguageModelTextPart(description),
      new LanguageModelDataPart(bytes, sniffed.mimeType!),
    ]),
  };
}

/** The type of a file from its first bytes. */
export function sniff(head: Uint8Array): Sniffed {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const starts = (...bytes: number[]) => bytes.every((byte, i) => b[i] === byte);
  const ascii = (at: number, text: string) =>
    b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { kind: 'image', mimeType: 'image/png', label: 'PNG' };
  if (starts(0xff, 0xd8, 0xff)) return { kind: 'image', mimeType: 'image/jpeg', label: 'JPEG' };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { kind: 'image', mimeType: 'image/gif', label: 'GIF' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { kind: 'image', mimeType: 'image/webp', label: 'WebP' };
  const binary = (label: string): Sniffed => ({ kind: 'binary', label });
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return binary('zip archive');
  if (starts(0x1f, 0x8b)) return binary('gzip archive');
  if (ascii(0, '%PDF-')) return binary('PDF document');
  if (starts(0x7f, 0x45, 0x4c, 0x46)) return binary('ELF executable');
  if (ascii(0, 'MZ') && b.includes(0)) return binary('Windows executable');
  if (starts(0xcf, 0xfa, 0xed, 0xfe) || starts(0xfe, 0xed, 0xfa, 0xcf) || starts(0xca, 0xfe, 0xba, 0xbe))
    return binary('Mach-O executable or Java class');
  if (starts(0x00, 0x61, 0x73, 0x6d)) return binary('WebAssembly module');
  if (ascii(0, 'SQLite format 3')) return binary('SQLite database');
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return binary('7z archive');
  if (ascii(0, 'Rar!')) return binary('RAR archive');
  if (starts(0x42, 0x5a, 0x68)) return binary('bzip2 archive');
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return binary('xz archive');
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return binary('zstd archive');
  if (ascii(257, 'ustar')) return binary('tar archive');
  if (ascii(0, 'BM') && b.includes(0)) return binary('BMP image, not a supported image type');
  if (starts(0x00, 0x00, 0x01, 0x00)) return binary('ICO image, not a supported image type');
  if (ascii(0, 'II*\0') || ascii(0, 'MM\0*')) return binary('TIFF image, not a supported image type');
  if (ascii(4, 'ftyp')) return binary('MP4/MOV media');
  if (ascii(0, 'ID3') || starts(0xff, 0xfb)) return binary('MP3 audio');
  if (ascii(0, 'OggS')) return binary('Ogg media');
  if (ascii(0, 'RIFF')) return binary('RIFF media (WAV/AVI)');
  if (ascii(0, 'wOFF') || ascii(0, 'wOF2')) return binary('WOFF font');
  if (b.subarray(0, HEAD_BYTES).includes(0)) return binary('binary data');
  return { kind: 'text' };
}

/** Width and height from the image's header, when it is where the format puts it. */
export function imageDimensions(bytes: Uint8Array, mimeType: string): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (mimeType === 'image/png' && b.length >= 24) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    if (mimeType === 'image/gif' && b.length >= 10) return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    if (mimeType === 'image/webp' && b.length >= 30) {
      const chunk = b.toString('latin1', 12, 16);
      if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
      if (chunk === 'VP8L') {
        const bits = b.readUInt32LE(21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    }
    if (mimeType === 'image/jpeg') {
      for (let at = 2; at + 9 < b.length;) {
        if (b[at] !== 0xff) return undefined;
        const marker = b[at + 1];
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
        at += 2 + b.readUInt16BE(at + 2);
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** 512 bytes, 3.4 KB, 1.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * The whole length of the line `range` cut (its last line), when the file system says it: the
 * Node one's readLines adds `cutLineBytes`; other hosts may not.
 */
export function cutLineBytes(range: LineRange): number | undefined {
  const bytes = (range as LineRange & { cutLineBytes?: unknown }).cutLineBytes;
  return range.lineCut && typeof bytes === 'number' ? bytes : undefined;
}

/** "Line 1 was cut at 16000 characters (of 9437184 bytes); use grep_search to find text in it." */
export function cutLineSentence(line: number, shownChars: number, whole: { chars?: number; bytes?: number }): string {
  const of =
    whole.chars !== undefined
      ? `of ${whole.chars} characters`
      : whole.bytes !== undefined
        ? `of ${whole.bytes} bytes`
        : 'it is longer';
  return `Line ${line} was cut at ${shownChars} characters (${of}); use grep_search to find text in it.`;
}

/**
 * `view` (Anthropic's text editor) of a large file: `cat -n` of the lines in `viewRange` (or from the
 * top), streamed and clipped like any view (within `limits`), with the line to read on from.
 */
export async function viewLargeFile(
  workspace: WorkspaceFileSystem,
  absolute: string,
  shownPath: string,
  viewRange: readonly number[] | undefined,
  token?: CancellationToken,
  limits: Room = VIEW_LIMITS,
): Promise<FileView> {
  let [start, end] = [1, -1];
  if (viewRange !== undefined) {
    if (viewRange.length !== 2 || !viewRange.every(Number.isInteger) || viewRange[0] < 1)
      throw new WorkspaceError(
        'Invalid `view_range`. It should be a list of two integers: [start, end], 1-based and inclusive, end -1 for the end of the file.',
      );
    [start, end] = viewRange;
    if (end !== -1 && end < start)
      throw new WorkspaceError(
        `Invalid \`view_range\`: [${start}, ${end}]. Its second element \`${end}\` should be larger than or equal to its first \`${start}\` (or -1 for the end).`,
      );
  }
  const range = await workspace.readLines(absolute, start, end === -1 ? Number.MAX_SAFE_INTEGER : end, {
    maxChars: limits.maxChars,
    token,
  });
  const clipped = catNClipped(range.lines, start, limits.maxChars, limits.maxJsonChars);
  const last = start + clipped.shown - 1;
  const of = `a large file (${formatSize(range.size)}${range.totalLines !== undefined ? `, ${range.totalLines} lines` : ''})`;
  const view = { startLine: start, totalLines: range.totalLines, ...shownOf(range.lines, clipped, start) };
  if (clipped.shown === 0) {
    const line = range.lines[0] ?? '';
    const shownChars = Math.max(0, clipped.text.length - (clipped.text.indexOf('\t') + 1));
    const whole = range.lines.length === 1 && range.lineCut ? { bytes: cutLineBytes(range) } : { chars: line.length };
    const next = (range.more || range.lines.length > 1) && (end === -1 || end > start);
    return {
      ...view,
      text: `Here's the result of running \`cat -n\` on ${shownPath}:\n${clipped.text}\n<response clipped><NOTE>Line ${start} of ${of} alone is longer than the limit. ${cutLineSentence(start, shownChars, whole)}${next ? ` Read on from line ${start + 1}: call ${callWith(VIEW_PAGING, `[${start + 1}, ${end}]`)}.` : ''}</NOTE>`,
      truncated: true,
      ...(next ? { nextViewRange: [start + 1, end] as const } : {}),
    };
  }
  const more = clipped.clipped || range.more;
  const next = [last + 1, end === -1 || end > last + 1 ? end : -1] as const;
  // The streamed read cuts only its last line; it is shown cut when every line fits.
  const cut = range.lineCut === true && !clipped.clipped;
  const note = more
    ? `<NOTE>Shown: lines ${start}–${last} of ${of}; read on from line ${last + 1}: call ${callWith(VIEW_PAGING, `[${next.join(', ')}]`)}.</NOTE>`
    : `<NOTE>Shown: lines ${start}–${last} of ${of}.</NOTE>`;
  return {
    ...view,
    text: `Here's the result of running \`cat -n\` on ${shownPath}:\n${clipped.text}\n${note}`,
    truncated: more || cut,
    ...(more ? { nextViewRange: next } : {}),
    ...(cut ? { cutLines: [last] } : {}),
  };
}
