// The git service's errors say what happened and name no tool; by the error's code (and the tool that
// failed), this is the sentence the model gets after those words. The registry adds it to the error a
// tool throws, after one space; a question that shows an error itself adds it with gitErrorWords.
import { WorkspaceError, type WorkspaceErrorCode } from '@toolpacks/services';

const hints = {
  'nothing-to-stage': '(ignored files are never staged; git_status shows what changed).',
  'nothing-to-unstage': '(git_status shows what is staged).',
  'nothing-to-discard':
    'New (untracked) files are not restored: delete them with delete_file. To unstage staged changes, call git_restore with staged: true.',
  'not-a-commit': 'Give a branch, tag or commit hash (git_branch lists branches, git_log commits).',
  // After "N staged change(s) lie outside the workspace root;": the sentence goes on.
  'staged-outside-workspace':
    "git_commit never commits outside it. Unstage or commit them yourself, or commit with all: true to record only the workspace's tracked changes.",
  'nothing-to-commit':
    'Stage files with git_add (new files too), or call git_commit with paths: [...] to add the files and commit them in one call, or with all: true to include every change to tracked files.',
  'commit-failed-after-staging':
    'Fix the problem and call git_commit again (without paths, or with them: staging again is harmless), or unstage them with git_restore {staged: true}.',
} as const satisfies Partial<Record<WorkspaceErrorCode, string>>;

/** Per tool where one code means different things: git_switch's "already exists" already says what to do. */
const toolHints: Readonly<Record<string, Partial<Record<WorkspaceErrorCode, string>>>> = {
  git_branch: { 'branch-exists': 'Switch to it with git_switch, or pick another name.' },
};

/** The git pack's sentence for an error's code thrown by `toolName`, or undefined. */
export function gitErrorHint(code: string, toolName: string): string | undefined {
  const forTool = Object.hasOwn(toolHints, toolName) ? toolHints[toolName] : undefined;
  if (forTool && Object.hasOwn(forTool, code)) return forTool[code as WorkspaceErrorCode];
  return Object.hasOwn(hints, code) ? (hints as Record<string, string>)[code] : undefined;
}

/** An error's words as the model reads them: its message, then the pack's sentence for its code. */
export function gitErrorWords(error: unknown, toolName: string): string {
  if (!(error instanceof Error)) return String(error);
  const hint = error instanceof WorkspaceError ? gitErrorHint(error.code, toolName) : undefined;
  return hint ? `${error.message} ${hint}` : error.message;
}
