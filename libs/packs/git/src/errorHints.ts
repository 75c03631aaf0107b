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

/** `message` with its first words `lead` said as `as` (unchanged when it does not start with them). */
function leading(message: string, lead: string, as: string): string {
  return message.startsWith(lead) ? as + message.slice(lead.length) : message;
}

/**
 * Errors whose words name a tool first or mid-sentence, where a hint after them cannot: the service
 * says the fact with a plain subject ("The switch to 'b' was refused: …"), the pack says it as the
 * tool ("git_switch to 'b' was refused: …") with its next step where it belongs.
 */
const rewordings: Partial<Record<WorkspaceErrorCode, (message: string, data: WorkspaceError['data']) => string>> = {
  'switch-blocked': (m) =>
    `${leading(m, 'The switch', 'git_switch')}\nCommit them (git_add, git_commit), discard them (git_restore) or move them away, then switch again.`,
  'switch-overwrites': (m) => {
    const end = m.indexOf('\n');
    const next = ' Commit them (git_add, git_commit) or discard them (git_restore), then switch again.';
    return end < 0 ? m + next : m.slice(0, end) + next + m.slice(end);
  },
  'branch-moved': (m) => `${leading(m, 'The switch', 'git_switch')} Call git_switch again to see the new question.`,
  'switch-outside-workspace': (m) => leading(m, 'Switching branches', 'git_switch'),
  'no-branch': (m, data) =>
    `${m} git_branch lists the branches; to make a new one, call git_switch with create: true (and startPoint, e.g. origin/${String(data?.branch ?? 'name')}, to start it elsewhere).`,
  'revision-is-path': (m) => leading(m, 'A diff takes', 'git_diff takes'),
  'paths-and-all': (m) => m.replace(/, not both\.$/, ' to git_add, not both.'),
  'no-paths': (m) => leading(m, 'Paths are needed', 'git_add needs paths'),
};

/** The error as the git pack says it: reworded when its code needs the tool in its words, else itself. */
export function inGitWords(error: unknown): unknown {
  if (!(error instanceof WorkspaceError) || !Object.hasOwn(rewordings, error.code)) return error;
  const reworded = new WorkspaceError(rewordings[error.code]!(error.message, error.data), error.code, error.data);
  reworded.stack = error.stack;
  return reworded;
}

/** Runs a service call; an error it throws comes out in the git pack's words (see inGitWords). */
export async function saidByGit<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw inGitWords(error);
  }
}

/** An error's words as the model reads them: its message, then the pack's sentence for its code. */
export function gitErrorWords(error: unknown, toolName: string): string {
  const said = inGitWords(error);
  if (!(said instanceof Error)) return String(said);
  const hint = said instanceof WorkspaceError ? gitErrorHint(said.code, toolName) : undefined;
  return hint ? `${said.message} ${hint}` : said.message;
}
