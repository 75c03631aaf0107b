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

/**
 * Errors whose words name a tool first or mid-sentence, where a hint after them cannot: the service
 * says the fact with a plain subject ("The switch to 'b' was refused: …"), the pack says it as the
 * tool ("git_switch to 'b' was refused: …", `leads`) with its next step where it belongs (`tails`).
 */
const leads: readonly (readonly [service: string, tool: (toolName: string) => string])[] = [
  ['The switch', () => 'git_switch'],
  ['Switching branches', () => 'git_switch'],
  ['The restore', () => 'git_restore'],
  ['A diff takes', () => 'git_diff takes'],
  ['Paths are needed', (toolName) => `${toolName} needs paths`],
  ['The call takes', (toolName) => `${toolName} takes`],
  ['Every path must', (toolName) => `${toolName}: every path must`],
];

const tails: Partial<Record<WorkspaceErrorCode, (message: string, data: WorkspaceError['data']) => string>> = {
  'switch-blocked': (m) =>
    `${m}\nCommit them (git_add, git_commit), discard them (git_restore) or move them away, then switch again.`,
  'switch-overwrites': (m) => {
    const end = m.indexOf('\n');
    const next = ' Commit them (git_add, git_commit) or discard them (git_restore), then switch again.';
    return end < 0 ? m + next : m.slice(0, end) + next + m.slice(end);
  },
  'branch-moved': (m) => `${m} Call git_switch again to see the new question.`,
  'no-branch': (m, data) =>
    `${m} git_branch lists the branches; to make a new one, call git_switch with create: true (and startPoint, e.g. origin/${String(data?.branch ?? 'name')}, to start it elsewhere).`,
  'paths-and-all': (m) => m.replace(/, not both\.$/, ' to git_add, not both.'),
};

/** The error as the git pack says it for `toolName`: its subject and next step in the pack's words. */
export function inGitWords(error: unknown, toolName: string): unknown {
  if (!(error instanceof WorkspaceError)) return error;
  const lead = leads.find(([service]) => error.message.startsWith(service));
  let message = lead ? lead[1](toolName) + error.message.slice(lead[0].length) : error.message;
  if (Object.hasOwn(tails, error.code)) message = tails[error.code]!(message, error.data);
  if (message === error.message) return error;
  const reworded = new WorkspaceError(message, error.code, error.data);
  reworded.stack = error.stack;
  return reworded;
}

/** Runs a service call for `toolName`; an error it throws comes out in the git pack's words (see inGitWords). */
export async function saidByGit<T>(toolName: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw inGitWords(error, toolName);
  }
}

/** An error's words as the model reads them: its message, then the pack's sentence for its code. */
export function gitErrorWords(error: unknown, toolName: string): string {
  const said = inGitWords(error, toolName);
  if (!(said instanceof Error)) return String(said);
  const hint = said instanceof WorkspaceError ? gitErrorHint(said.code, toolName) : undefined;
  return hint ? `${said.message} ${hint}` : said.message;
}
