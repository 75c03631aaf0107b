// Branch names from the model: nothing git could read as an option, nothing git's own rules
// (`git check-ref-format --branch`) refuse or rewrite (`@{-1}` would name another branch); and the
// branch list, read as NUL-ended fields so an upstream and a subject never run together.
import { WorkspaceError, type GitBranchEntry, type GitBranchList } from '@toolpacks/services';
import { quote } from './gitRevision';
import type { GitSession } from './gitSession';

/** The checks that need no git: a string, not empty, not option-like, not absurdly long. */
export function checkBranchNameSyntax(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '')
    throw new WorkspaceError('A branch name is required, e.g. feature/login.');
  if (name.startsWith('-'))
    throw new WorkspaceError(
      `Branch name '${quote(name)}' starts with '-', which git would read as an option; it is refused. Pick a name such as fix-login.`,
    );
  if (name.length > 200) throw new WorkspaceError(`Branch name '${quote(name)}' is too long (200 characters at most).`);
  if (name.includes('@{') || name === 'HEAD' || name === '@')
    throw new WorkspaceError(`'${quote(name)}' is not a valid branch name. Pick a name such as fix-login.`);
  return name;
}

/** `git check-ref-format --branch` accepted `name` unchanged (its output), or why not. */
export function checkBranchNameResult(name: string, code: number, output: string): string {
  if (code !== 0 || output.trim() !== name)
    throw new WorkspaceError(
      `'${quote(name)}' is not a valid branch name (git check-ref-format --branch refuses it: no spaces, '..', '~', '^', ':', '?', '*', '[', '\\', a leading '.' or a trailing '.lock' or '/'). Pick a name such as fix-login.`,
    );
  return name;
}

/** The fields of `git branch --list --format`, each ended by a NUL (no ref name, hash or subject holds one). */
const BRANCH_FORMAT = [
  '%(HEAD)',
  '%(refname)',
  '%(refname:short)',
  '%(objectname:short)',
  '%(upstream:short)',
  '%(subject)',
].join('%00');

/** `git branch --list --format=<BRANCH_FORMAT>%00` output: six NUL-ended fields per entry, a newline after each. */
export function parseBranchList(output: string, truncated: boolean): GitBranchList {
  const fields = output.split('\0');
  const branches: GitBranchEntry[] = [];
  // The last field is what follows the last entry's NUL: its newline, or part of an entry the cap cut.
  for (let i = 0; i + 6 < fields.length; i += 6) {
    const [head, ref, label, commit, upstream, subject] = fields.slice(i, i + 6);
    branches.push({
      ...(ref.startsWith('refs/heads/') ? { name: ref.slice('refs/heads/'.length) } : {}),
      label,
      current: head.replace(/^\n/, '') === '*',
      commit,
      ...(upstream !== '' ? { upstream } : {}),
      subject,
    });
  }
  return { branches, truncated };
}

/** The local branches (and a detached HEAD), each with its tip, upstream and subject as separate fields. */
export async function branches(session: GitSession): Promise<GitBranchList> {
  const { text, truncated } = await session.readFull([
    'branch',
    '--list',
    '--no-color',
    `--format=${BRANCH_FORMAT}%00`,
  ]);
  const list = parseBranchList(text, truncated);
  if (list.branches.length > 0 || truncated) return list;
  const current = await session.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], session.readOverrides);
  return { branches: [], unborn: current.stdout.trim() || 'HEAD', truncated: false };
}
