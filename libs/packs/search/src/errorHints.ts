// The workspace file system's errors say what happened and name no tool; by the error's code, this
// is the sentence the model gets after those words: which tool finds the right path.
import type { WorkspaceErrorCode } from '@toolpacks/services';

export const searchErrorHints = {
  'not-found': 'Use file_search or list_dir to find the right path.',
  'parent-not-found': 'Use list_dir or file_search to find the right path.',
  'folder-not-found': 'Use file_search to find paths.',
  // list_dir of a file: after "'a.ts' is a file, not a folder;" the sentence goes on.
  'is-file': 'use read_file to read it.',
} as const satisfies Partial<Record<WorkspaceErrorCode, string>>;
