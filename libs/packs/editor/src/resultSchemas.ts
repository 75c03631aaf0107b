// Pieces of the editor tools' output schemas (JSON Schema 2020-12, `as const` so that OutputOf types
// each tool's structured result), and the values the reading tools build from them. One wording per
// field across the pack: a client that reads read_file's result reads gemini_read_file's too.

/**
 * The room a read takes in the call's budget: its text less the header and notes; its data (the
 * lines as `content`) beside its path and less its other fields (kind, bytes, line numbers, the next
 * range, keys and punctuation).
 */
export const READ_ROOM = { reserve: 500, dataReserve: 400 } as const;

/** How read_file pages: `read_file with startLine 120`. */
export const READ_FILE_PAGING = { tool: 'read_file', field: 'startLine', joiner: ' ' } as const;

/** How a view (Anthropic's text editor) pages: `view with view_range [120, -1]`. */
export const VIEW_PAGING = { tool: 'view', field: 'view_range', joiner: ' ' } as const;

/** A path as structured results give it: relative to the workspace root, forward slashes. */
export const PATH = {
  type: 'string',
  description: 'Relative to the workspace root, with forward slashes.',
} as const;

/** What create_file and Gemini's write_file return: the same whole-file write. */
export const WHOLE_FILE_WRITE_OUTPUT = {
  type: 'object',
  properties: {
    path: PATH,
    change: { type: 'string', enum: ['created', 'overwritten'] },
    lines: { type: 'integer', minimum: 0, description: 'Lines written: the whole file now.' },
  },
  required: ['path', 'change', 'lines'],
  additionalProperties: false,
} as const;

/**
 * The editing tools (replace_string_in_file, multi_replace_string_in_file, Gemini's replace,
 * apply_patch) overwrite files' content (destructive), but ask only where their preparation does
 * (a sensitive or write-protected file; apply_patch also a file deleted or moved away): the editor
 * shows and undoes their edits.
 */
export const EDIT_ANNOTATIONS = {
  readOnly: false,
  destructive: true,
  idempotent: false,
  openWorld: false,
  asksByDefault: false,
} as const;

/** What a read of a file returns: a range of a text file's lines, or an image. */
export const READ_PROPERTIES = {
  path: PATH,
  kind: { type: 'string', enum: ['text', 'image'] },
  bytes: { type: 'integer', minimum: 0, description: "The file's size in bytes." },
  startLine: { type: 'integer', minimum: 1, description: 'Text: the first line shown (1-based).' },
  endLine: {
    type: 'integer',
    minimum: 0,
    description: 'Text: the last line shown (inclusive); startLine - 1 when no line is shown.',
  },
  totalLines: {
    type: 'integer',
    minimum: 0,
    description: 'Text: how many lines the file has; absent when a large file was read only in part.',
  },
  content: { type: 'string', description: 'Text: lines startLine to endLine as shown, joined by line feeds.' },
  truncated: {
    type: 'boolean',
    description:
      'Text: the result stops before the range asked for ends (the result budget, a line limit) or cuts a line.',
  },
  nextLine: {
    type: 'integer',
    minimum: 1,
    description: 'Text: the line to read on from (the start line of the next call), when there is more to read.',
  },
  cutLines: {
    type: 'array',
    items: { type: 'integer', minimum: 1 },
    description: 'Text: the lines shown only in part (too long), by number.',
  },
  mimeType: { type: 'string', description: 'Image: image/png, image/jpeg, image/gif or image/webp.' },
  width: { type: 'integer', minimum: 0, description: 'Image: width in pixels, when its header says.' },
  height: { type: 'integer', minimum: 0, description: 'Image: height in pixels, when its header says.' },
} as const;

/** What read_file and Gemini's read_file return: a read, as data. */
export const READ_OUTPUT = {
  type: 'object',
  properties: READ_PROPERTIES,
  required: ['path', 'kind', 'bytes'],
  additionalProperties: false,
} as const;

/** A read changes nothing and reaches nothing outside the workspace. */
export const READ_ANNOTATIONS = { readOnly: true, destructive: false, idempotent: true, openWorld: false } as const;

/** The structured result of a read (the fields of {@link READ_PROPERTIES}); a type, so it is a StructuredContent. */
export type ReadValue = {
  readonly path: string;
  readonly kind: 'text' | 'image';
  readonly bytes: number;
  readonly startLine?: number;
  readonly endLine?: number;
  readonly totalLines?: number;
  readonly content?: string;
  readonly truncated?: boolean;
  readonly nextLine?: number;
  readonly cutLines?: readonly number[];
  readonly mimeType?: string;
  readonly width?: number;
  readonly height?: number;
};

/** An image as a read returns it. */
export interface ImageFacts {
  readonly size: number;
  readonly mimeType: string;
  readonly width?: number;
  readonly height?: number;
}

export function imageValue(path: string, image: ImageFacts): ReadValue {
  return withoutUndefined({
    path,
    kind: 'image' as const,
    bytes: image.size,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
  });
}

/** A text read: `shown` lines from `startLine`, and how to go on. */
export function textValue(value: {
  readonly path: string;
  readonly bytes: number;
  readonly startLine: number;
  readonly shown: readonly string[];
  readonly totalLines?: number;
  readonly truncated: boolean;
  readonly nextLine?: number;
  readonly cutLines?: readonly number[];
  /** The content when it is not the shown lines joined (a final line feed kept). */
  readonly content?: string;
}): ReadValue {
  return withoutUndefined({
    path: value.path,
    kind: 'text' as const,
    bytes: value.bytes,
    startLine: value.startLine,
    endLine: value.startLine + value.shown.length - 1,
    totalLines: value.totalLines,
    content: value.content ?? value.shown.join('\n'),
    truncated: value.truncated,
    nextLine: value.nextLine,
    cutLines: value.cutLines?.length ? value.cutLines : undefined,
  });
}

/**
 * `value` without its undefined properties: a structured result is JSON, and a key that is there
 * with no value would be checked against its schema (and sent as null by some clients).
 */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
