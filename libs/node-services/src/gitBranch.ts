// Branch names from the model: nothing git could read as an option, nothing git's own rules
// (`git check-ref-format --branch`) refuse or rewrite (`@{-1}` would name another branch).
import { WorkspaceError } from '@toolpacks/services';
import { quote } from './gitRevision';

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
