// git's own data: a folder or gitfile named .git anywhere in the workspace, and everything in one.
// The write path never deletes it or moves anything into or out of it, confirmed or not (its
// content may still be edited, with the user's confirmation, as a sensitive path).
import { WorkspaceError } from '@toolpacks/services';
import { quote } from './quote';

/** Whether a workspace-relative path is `.git` (any case, a folder or a gitfile) or inside one. */
export function isGitData(relative: string): boolean {
  return relative.split(/[\\/]/).some((part) => part.toLowerCase() === '.git');
}

/** Throws for a path in git's own data: it is never deleted or moved, nor anything moved into it. */
export function refuseGitData(relative: string): void {
  if (isGitData(relative))
    throw new WorkspaceError(
      `${quote(relative)} is git's own data (.git or inside it); it is never deleted or moved by a tool, nor is anything moved into it. Nothing was changed.`,
    );
}
