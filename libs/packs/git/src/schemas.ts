// What the git tools' definitions share: their annotations, and the parts of their output schemas
// that describe the same data (a changed file, a commit).
import type { RoomDeclaration } from '@toolpacks/registry';
import type { GitFileState } from '@toolpacks/services';

/**
 * The reads (status, diff, log, show, blame) change nothing, reach nothing beyond the repository of
 * the workspace, and give the same answer while the repository stays as it is.
 */
export const READ_ANNOTATIONS = { readOnly: true, destructive: false, idempotent: true, openWorld: false } as const;

/** A path as the tools give it: relative to the workspace root. */
const PATH = { type: 'string', description: 'Relative to the workspace root.' } as const;

/** One changed file of a diff or commit, from git's per-file summary (numstat) and its patch. */
export const FILE_CHANGE_SCHEMA = {
  type: 'object',
  properties: {
    path: PATH,
    from: { type: 'string', description: 'The path it was renamed or copied from.' },
    status: {
      type: 'string',
      enum: ['added', 'modified', 'deleted', 'renamed', 'copied', 'typechange'],
      description:
        "From the file's patch; absent when only the per-file summary was read (stat: true, or past git's output cap).",
    },
    additions: { type: 'integer', minimum: 0, description: 'Lines added; absent for a binary file.' },
    deletions: { type: 'integer', minimum: 0, description: 'Lines deleted; absent for a binary file.' },
    binary: { type: 'boolean', description: 'Present (true) for a binary file.' },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

/** The fields of a diff's or commit's structured result that say what was read and what was left out. */
export const PATCH_PROPERTIES = {
  files: {
    type: 'array',
    items: FILE_CHANGE_SCHEMA,
    description: "Every changed file in git's order, as far as the result budget holds them (then truncated).",
  },
  fileCount: { type: 'integer', minimum: 0, description: 'How many files changed in all.' },
  omitted: {
    type: 'array',
    items: { type: 'string' },
    description: 'Files whose diff the text leaves out (call again with path set to one of them).',
  },
  nextHunkOffset: {
    type: 'integer',
    minimum: 1,
    description: "One file's diff was cut at a hunk: call again with this hunkOffset for the rest.",
  },
  patch: {
    type: 'string',
    description: 'The diff the text shows, when it fits the result budget beside the rest of this value.',
  },
  truncated: {
    type: 'boolean',
    description: 'Something was left out (a file, a hunk, part of a list, or git cut its output).',
  },
} as const;

/** A commit as git_log and git_show give it. */
export const COMMIT_PROPERTIES = {
  hash: { type: 'string', description: "The commit's hash (abbreviated in git_log)." },
  author: { type: 'string' },
  subject: { type: 'string', description: "The message's first paragraph, on one line." },
} as const;

/** The states of a file in the index or the working tree, for a schema's enum. */
export const FILE_STATES = [
  'unmodified',
  'modified',
  'typechange',
  'added',
  'deleted',
  'renamed',
  'copied',
  'unmerged',
  'untracked',
  'ignored',
] as const satisfies readonly GitFileState[];

/** The registry's room for a list of data beside other fields: those fields' JSON and 150 characters more. */
export const BESIDE_FIELDS: RoomDeclaration = { dataReserve: 150 };

/** The call's whole budget as room: for a value of the result that may take a share of it. */
export const WHOLE_BUDGET: RoomDeclaration = {};
