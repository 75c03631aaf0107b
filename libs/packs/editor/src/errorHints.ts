// The workspace file system's errors say what happened and name no tool; by the error's code, this
// is the sentence the model gets after those words (the registry adds it to the error a tool
// throws; a tool that wraps an error in its own words adds it with errorWords).
import { WorkspaceError } from '@toolpacks/services';
import type { WorkspaceErrorCode } from '@toolpacks/services';

export const editorErrorHints = {
  'not-found': 'Use file_search or list_dir to find the right path.',
  'path-not-found': 'Use list_dir or file_search to find the right path.',
  'parent-not-found': 'Use list_dir or file_search to find the right path.',
  'folder-not-found': 'Use file_search to find paths.',
  // After words that end in ';' ("'src' is a folder;"): the sentence goes on.
  'is-folder': 'use list_dir to see what it holds.',
  'is-root': 'use list_dir to see what it holds.',
  'is-file': 'use read_file to read it.',
  'too-large': 'Use grep_search to find the part you need.',
  'changed-while-deleting': 'Nothing was deleted; look at it again (list_dir) and retry.',
  'changed-while-moving': 'Look at it again (list_dir) and retry.',
} as const satisfies Partial<Record<WorkspaceErrorCode, string>>;

/** An error's words as the model reads them: its message, then this pack's sentence for its code. */
export function errorWords(error: Error): string {
  const code = error instanceof WorkspaceError ? error.code : undefined;
  const hint = code && Object.hasOwn(editorErrorHints, code) ? (editorErrorHints as Record<string, string>)[code] : '';
  return hint ? `${error.message} ${hint}` : error.message;
}
