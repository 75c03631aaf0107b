// What the search tools share in their definitions: the same annotations, and the parts of their
// output schemas that describe the same data.
import type { ListDeclaration } from '@toolpacks/registry';

/**
 * Every search tool only reads the workspace (files, folders, git's ignore rules), never changes
 * anything and reaches nothing outside it; the same call gives the same answer while the files stay.
 */
export const SEARCH_ANNOTATIONS = { readOnly: true, destructive: false, idempotent: true, openWorld: false } as const;

/** The files a text search did not read for their size (the text says so too). */
export const SKIPPED_LARGE_FILES_SCHEMA = {
  type: 'object',
  description: 'Files not searched because they are over the size limit.',
  properties: {
    count: { type: 'integer', minimum: 1 },
    limitBytes: { type: 'integer', minimum: 0 },
    examples: { type: 'array', items: { type: 'string' }, description: 'The first few, workspace-relative.' },
  },
  required: ['count', 'limitBytes', 'examples'],
  additionalProperties: false,
} as const;

/** One entry of a folder listing (list_dir, list_directory). */
export const ENTRY_TYPE_SCHEMA = {
  type: 'string',
  enum: ['file', 'folder', 'other'],
  description: "'other': neither a regular file nor a folder (a socket, a device).",
} as const;

/** The listing type of a directory entry's kind. */
export const entryType = (type: 'file' | 'directory' | 'other'): 'file' | 'folder' | 'other' =>
  type === 'directory' ? 'folder' : type;

/**
 * What file_search and Gemini's glob (one job: files by name) return, in each one's words: the paths
 * listed, how many were found, whether more exist, and the offset of the next ones.
 */
export function foundFilesSchema(words: {
  readonly files: string;
  readonly total: string;
  readonly truncated: string;
}) {
  return {
    type: 'object',
    properties: {
      files: { type: 'array', items: { type: 'string' }, description: words.files },
      total: { type: 'integer', minimum: 0, description: words.total },
      truncated: { type: 'boolean', description: words.truncated },
      nextOffset: { type: 'integer', minimum: 0, description: 'The offset that gets the next paths.' },
    },
    required: ['files', 'total', 'truncated'],
    additionalProperties: false,
  } as const;
}

/** A found path as the text lists it (one a line) and as the data does, paged by `offset`. */
export function foundPaths(tool: string, reserve: number): ListDeclaration<string, string> {
  return { text: (path) => path, data: (path) => path, reserve, paging: { tool, field: 'offset' } };
}
