// Where the repository of the workspace is, and whether git may use it. The rule: the workspace
// root must lie inside the repository's work tree (it may be a subfolder; everything is then
// confined to it). When the workspace itself holds the `.git` entry (the root is the work tree's
// top), that entry is the workspace's content, so a hostile clone controls it: its git directory,
// common directory and object alternates must then lie inside the root, or be git's own
// bookkeeping pointing back at this root (a linked worktree's `gitdir` file, a submodule's
// `core.worktree`). Anything else — a `.git` file (`gitdir: /elsewhere/.git`), `commondir` or
// `objects/info/alternates` reaching another repository, a `core.worktree` outside — is refused
// unless the host trusts it. A repository whose `.git` is above the root belongs to the parent
// folder the user opened a part of; the workspace cannot write there, so it is used as it is.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import type { GitProcessResult } from './gitProcess';

export interface GitLocation {
  /** Real path of the work tree's top. */
  readonly top: string;
  /** The workspace root relative to `top`: '' or 'a/b/' (with the trailing slash). */
  readonly prefix: string;
  readonly gitDir: string;
  readonly commonDir: string;
}

export type GitExec = (args: readonly string[]) => Promise<GitProcessResult>;

export const TRUST_GIT_DIR_HINT =
  'If you trust this repository, allow it with --trust-git-dir in the CLI (hosts: the git option trustGitDirOutsideRoot, NodeHostOptions.git.trustGitDirOutsideRoot).';

export function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

async function real(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return path.resolve(p);
  }
}

/** The repository git discovers from `root` (with its ownership checks), or undefined. */
export async function findRepository(exec: GitExec, root: string): Promise<GitLocation | undefined> {
  const result = await exec([
    'rev-parse',
    '--path-format=absolute',
    '--show-toplevel',
    '--absolute-git-dir',
    '--git-common-dir',
  ]);
  if (result.code !== 0) return undefined;
  const [top, gitDir, commonDir] = result.stdout.split('\n');
  if (!top || !gitDir || !commonDir) return undefined;
  const realTop = await real(top);
  const relative = path.relative(realTop, root);
  const prefix = relative === '' ? '' : `${relative.split(path.sep).join('/')}/`;
  return { top: realTop, prefix, gitDir: await real(gitDir), commonDir: await real(commonDir) };
}

/** Throws a WorkspaceError saying why git may not use `location` from `root`. */
export async function checkRepositoryLocation(
  exec: GitExec,
  location: GitLocation,
  root: string,
  trusted: boolean,
): Promise<void> {
  const { top, gitDir, commonDir } = location;
  if (!isInside(top, root))
    throw new WorkspaceError(
      `The repository's work tree is ${top}, which does not contain the workspace root (core.worktree or a .git file points elsewhere); git is not used here.`,
    );
  const ownedByWorkspace = top === root || isInside(root, gitDir) || isInside(root, commonDir);
  if (!ownedByWorkspace || trusted) return;
  if (top !== root)
    throw new WorkspaceError(
      `The repository in the workspace (${path.relative(root, gitDir) || '.'}) sets its work tree to ${top}, above the workspace root (core.worktree); git is not used here. ${TRUST_GIT_DIR_HINT}`,
    );
  if (!isInside(root, gitDir) && !(await pointsBackAt(exec, gitDir, root)))
    throw new WorkspaceError(
      `The workspace's .git (a file or a link) points to ${gitDir}, outside the workspace and not a worktree or submodule of it; git is not used here. ${TRUST_GIT_DIR_HINT}`,
    );
  if (!isInside(root, commonDir) && isInside(root, gitDir))
    throw new WorkspaceError(
      `The workspace's .git/commondir points to ${commonDir}, outside the workspace; git is not used here. ${TRUST_GIT_DIR_HINT}`,
    );
  if (isInside(root, commonDir)) {
    const outside = await alternatesOutside(path.join(commonDir, 'objects'), root, 0);
    if (outside)
      throw new WorkspaceError(
        `The workspace's repository borrows objects from ${outside} (objects/info/alternates), outside the workspace; git is not used here. ${TRUST_GIT_DIR_HINT}`,
      );
  }
}

/** git's own back-references: a linked worktree's `gitdir` file, or a submodule's core.worktree. */
async function pointsBackAt(exec: GitExec, gitDir: string, root: string): Promise<boolean> {
  const dotGit = path.join(root, '.git');
  try {
    const back = (await fs.readFile(path.join(gitDir, 'gitdir'), 'utf8')).trim();
    if (back && (await real(path.resolve(gitDir, back))) === (await real(dotGit))) return true;
  } catch {
    // not a linked worktree
  }
  const worktree = await exec([
    'config',
    '--file',
    path.join(gitDir, 'config'),
    '--no-includes',
    '--get',
    'core.worktree',
  ]);
  return (
    worktree.code === 0 &&
    worktree.stdout.trim() !== '' &&
    (await real(path.resolve(gitDir, worktree.stdout.trim()))) === root
  );
}

async function alternatesOutside(objects: string, root: string, depth: number): Promise<string | undefined> {
  if (depth > 5) return undefined; // git's own limit on nested alternates
  let text: string;
  try {
    text = await fs.readFile(path.join(objects, 'info', 'alternates'), 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    const target = await real(path.resolve(objects, entry.replace(/^"(.*)"$/, '$1')));
    if (!isInside(root, target)) return target;
    const nested = await alternatesOutside(target, root, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}
