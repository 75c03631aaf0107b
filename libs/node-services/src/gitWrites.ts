// The git writes other than commit: add, restore, branch and switch, each described for its
// confirmation (files, diff, programs it runs, what blocks it), then run with exactly that, and
// returned with it (the tools' data says what was written without describing again).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type AddDescription,
  type BranchDescription,
  type GitWriteResult,
  type RestoreDescription,
  type SensitiveFile,
  type SwitchBlocker,
  type SwitchDescription,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { checkBranchNameResult, checkBranchNameSyntax } from './gitBranch';
import { ADD_HOOKS, BRANCH_HOOKS, RESTORE_HOOKS, SWITCH_HOOKS } from './gitCommitPlan';
import { checkRevision, quote } from './gitRevision';
import {
  GitCommandError,
  PREFIXES,
  names as changedNames,
  pathList,
  programOverrides,
  programs as repositoryPrograms,
  runAdd,
  untrackedNames,
  type GitSession,
} from './gitSession';

/** Stages `paths` (root-relative pathspecs from addPaths). */
export async function add(
  session: GitSession,
  paths: readonly string[],
  allowRepositoryPrograms?: boolean,
): Promise<GitWriteResult<AddDescription>> {
  const description = await describeAddIn(session, paths);
  if (description.files.length === 0)
    throw new WorkspaceError(
      `Nothing to stage in ${paths.map((p) => `'${quote(p)}'`).join(', ')}: no changed, deleted or new files there (ignored files are never staged; git_status shows what changed).`,
    );
  const overrides = programOverrides(session, description, allowRepositoryPrograms, 'git add');
  await runAdd(session, paths, overrides);
  const files = description.files;
  const text = `Staged ${files.length} file(s)${description.newCount ? ` (${description.newCount} new)` : ''}: ${boundedList(files, 50)}\nReview them with git_diff {staged: true}; commit with git_commit.`;
  return { text, description };
}

/** Unstages (`staged`) or discards the changes of `paths` (root-relative pathspecs from pathList). */
export async function restore(
  session: GitSession,
  paths: readonly string[],
  options: { staged?: boolean; allowRepositoryPrograms?: boolean },
): Promise<GitWriteResult<RestoreDescription>> {
  const staged = options.staged === true;
  const description = await describeRestoreIn(session, paths, staged);
  const where = paths.map((p) => `'${quote(p)}'`).join(', ');
  if (description.files.length === 0)
    throw new WorkspaceError(
      staged
        ? `Nothing is staged in ${where}, so there is nothing to unstage (git_status shows what is staged).`
        : `No unstaged changes to tracked files in ${where}, so there is nothing to discard. New (untracked) files are not restored: delete them with delete_file. To unstage staged changes, call git_restore with staged: true.`,
    );
  if (description.sensitive.length > 0 && !options.allowRepositoryPrograms)
    throw new WorkspaceError(
      `Discarding the changes of ${boundedList(description.sensitive.map((f) => `${f.path} (${f.reason})`))} needs a person's confirmation of this very call, so nothing was changed.`,
    );
  const overrides = programOverrides(session, description, options.allowRepositoryPrograms, 'git restore');
  const result = await session.exec(['restore', staged ? '--staged' : '--worktree', '--', ...paths], overrides);
  if (result.code !== 0) throw new GitCommandError('restore', result.stderr || result.stdout);
  const files = boundedList(description.files, 50);
  const text = staged
    ? `Unstaged ${description.files.length} file(s): ${files}. Their changes stay in the working tree.`
    : `Discarded the working-tree changes of ${description.files.length} file(s): ${files}.`;
  return { text, description };
}

/** Creates branch `name` at `startPoint` (default HEAD) without switching to it. */
export async function createBranch(
  session: GitSession,
  name: string,
  options: { startPoint?: string; allowRepositoryPrograms?: boolean },
): Promise<string> {
  const description = await describeCreateBranchIn(session, name, options.startPoint);
  const overrides = programOverrides(session, description, options.allowRepositoryPrograms, 'git branch');
  const args = ['branch', '--end-of-options', name, ...(options.startPoint !== undefined ? [options.startPoint] : [])];
  const result = await session.exec(args, overrides);
  if (result.code !== 0) throw new GitCommandError('branch', result.stderr || result.stdout);
  return `Created branch '${name}' at ${description.startsAt}. The current branch did not change; switch to it with git_switch.`;
}

/** Switches the working tree to `branch` (with `create`, a new one), refusing what would be lost. */
export async function switchBranch(
  session: GitSession,
  branch: string,
  options: { create?: boolean; startPoint?: string; allowRepositoryPrograms?: boolean },
): Promise<GitWriteResult<SwitchDescription>> {
  const d = await describeSwitchIn(session, branch, options);
  if (d.blocked.length > 0)
    throw new WorkspaceError(
      `git_switch to '${branch}' was refused: ${d.blocked.length} file(s) would stop it or be lost:\n${d.blocked
        .slice(0, 20)
        .map((b) => `- ${b.path}: ${b.reason}`)
        .join(
          '\n',
        )}${d.blocked.length > 20 ? `\n… (${d.blocked.length - 20} more)` : ''}\nCommit them (git_add, git_commit), discard them (git_restore) or move them away, then switch again.`,
    );
  const overrides = programOverrides(session, d, options.allowRepositoryPrograms, 'git switch');
  const args = options.create
    ? [
        'switch',
        '--no-guess',
        '--create',
        branch,
        ...(options.startPoint !== undefined ? ['--end-of-options', options.startPoint] : []),
      ]
    : ['switch', '--no-guess', '--end-of-options', branch];
  const result = await session.exec(args, overrides);
  if (result.code !== 0) {
    if (/would be overwritten|untracked working tree files/.test(result.stderr))
      throw new WorkspaceError(
        `git refused to switch to '${branch}': local changes or untracked files would be overwritten. Commit them (git_add, git_commit) or discard them (git_restore), then switch again.\n${quote(result.stderr.trim(), 1000)}`,
      );
    throw new GitCommandError('switch', result.stderr || result.stdout);
  }
  const carried = d.carried.length ? `\nUncommitted changes carried along: ${boundedList(d.carried, 50)}` : '';
  const text = `Switched to ${d.create ? 'a new branch' : 'branch'} '${branch}' at ${d.target} (was on ${d.from}).${carried}`;
  return { text, description: d };
}

/** git_add's paths as root-relative pathspecs, or `.` for all: true. */
export async function addPaths(
  workspace: WorkspaceFileSystem,
  options: { paths?: readonly string[]; all?: boolean },
): Promise<string[]> {
  if (options.all && options.paths?.length)
    throw new WorkspaceError('Give either paths or all: true to git_add, not both.');
  if (options.all) return ['.'];
  if (!options.paths?.length)
    throw new WorkspaceError(
      'git_add needs paths (files or folders to stage, new files included), or all: true to stage every change in the workspace.',
    );
  return pathList(workspace, options.paths, 'git_add');
}

export async function describeAddIn(session: GitSession, paths: readonly string[]): Promise<AddDescription> {
  const changed = await changedNames(session, ['--relative', '--', ...paths]);
  const untracked = await untrackedNames(session, paths);
  const files = [...new Set([...changed, ...untracked])].sort();
  const programs = await repositoryPrograms(session, ADD_HOOKS, files.length > 0);
  return { ...programs, files, newCount: untracked.length };
}

export async function describeRestoreIn(
  session: GitSession,
  paths: readonly string[],
  staged: boolean,
): Promise<RestoreDescription> {
  const selection = staged ? ['--cached'] : [];
  const files = await changedNames(session, [...selection, '--relative', '--', ...paths]);
  const diff = files.length
    ? await session.read([
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        ...PREFIXES,
        '--relative',
        ...selection,
        '--',
        ...paths,
      ])
    : '';
  const sensitive: SensitiveFile[] = [];
  if (!staged)
    for (const file of files) {
      const reason = await session.workspace.sensitiveReason(file).catch(() => undefined);
      if (reason) sensitive.push({ path: file, reason });
    }
  const programs = await repositoryPrograms(session, RESTORE_HOOKS, files.length > 0);
  return { ...programs, files, diff, sensitive };
}

/** A branch name git accepts as it is (check-ref-format runs no program of the repository). */
export async function branchName(session: GitSession, name: unknown): Promise<string> {
  const checked = checkBranchNameSyntax(name);
  const result = await session.exec(['check-ref-format', '--branch', checked], session.readOverrides);
  return checkBranchNameResult(checked, result.code, result.stdout);
}

export async function branchExists(session: GitSession, name: string): Promise<boolean> {
  const result = await session.exec(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `refs/heads/${name}`],
    session.readOverrides,
  );
  return result.code === 0;
}

/** `<short hash> <subject>` of a commit, or a message that says the revision is none. */
export async function commitLine(
  session: GitSession,
  revision: string,
  label: string,
): Promise<{ hash: string; line: string }> {
  const resolved = await session.exec(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`],
    session.readOverrides,
  );
  const hash = resolved.stdout.trim();
  if (resolved.code !== 0 || !/^[0-9a-f]{40,64}$/.test(hash))
    throw new WorkspaceError(
      `${label} '${quote(revision)}' is not a commit of this repository. Give a branch, tag or commit hash (git_branch lists branches, git_log commits).`,
    );
  const line = await session.read(['log', '-1', '--format=%h %s', hash, '--']);
  return { hash, line };
}

export async function describeCreateBranchIn(
  session: GitSession,
  name: string,
  startPoint: string | undefined,
): Promise<BranchDescription> {
  const branch = await branchName(session, name);
  if (startPoint !== undefined) checkStartPoint(startPoint);
  if (await branchExists(session, branch))
    throw new WorkspaceError(`Branch '${branch}' already exists. Switch to it with git_switch, or pick another name.`);
  const start = await commitLine(session, startPoint ?? 'HEAD', 'Start point');
  const programs = await repositoryPrograms(session, BRANCH_HOOKS, false);
  return { ...programs, name: branch, startsAt: start.line };
}

export async function describeSwitchIn(
  session: GitSession,
  name: string,
  options: { create?: boolean; startPoint?: string },
): Promise<SwitchDescription> {
  const { top, prefix } = session.location;
  if (prefix !== '')
    throw new WorkspaceError(
      `git_switch changes the whole working tree of the repository at ${top}, which reaches outside the workspace root (${prefix.replace(/\/$/, '')} is a folder of it); it is refused. Switch branches yourself.`,
    );
  const branch = await branchName(session, name);
  const create = options.create === true;
  if (options.startPoint !== undefined) {
    if (!create) throw new WorkspaceError('startPoint is only for a new branch: give create: true with it.');
    checkStartPoint(options.startPoint);
  }
  const exists = await branchExists(session, branch);
  if (create && exists)
    throw new WorkspaceError(`Branch '${branch}' already exists; switch to it without create: true.`);
  if (!create && !exists)
    throw new WorkspaceError(
      `There is no local branch '${branch}'. git_branch lists the branches; to make a new one, call git_switch with create: true (and startPoint, e.g. origin/${branch}, to start it elsewhere).`,
    );
  const symbolic = await session.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], session.readOverrides);
  const headResult = await session.exec(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], session.readOverrides);
  const head = headResult.code === 0 ? headResult.stdout.trim() : undefined;
  const from = symbolic.stdout.trim() || (head ? head.slice(0, 12) : 'an unborn branch');
  const target = await commitLine(
    session,
    create ? (options.startPoint ?? 'HEAD') : `refs/heads/${branch}`,
    create ? 'Start point' : 'Branch',
  );
  const names = (args: string[]) => changedNames(session, args);
  // From an unborn HEAD everything staged is a change, and every file of the target is new.
  const changed = head
    ? [...new Set([...(await names(['HEAD', '--', '.'])), ...(await names(['--cached', '--', '.']))])].sort()
    : await names(['--cached', '--', '.']);
  const blocked: SwitchBlocker[] = [];
  const moves = head !== target.hash;
  if (moves) {
    const targetFiles = head ? undefined : await treeNames(session, target.hash);
    const differing = new Set(targetFiles ?? (await names(['--no-renames', head!, target.hash, '--', '.'])));
    for (const file of changed)
      if (differing.has(file)) blocked.push({ path: file, reason: `has uncommitted changes and differs on ${branch}` });
    const changedSet = new Set(changed);
    const added = targetFiles ?? (await names(['--no-renames', '--diff-filter=A', head!, target.hash, '--', '.']));
    blocked.push(...(await overwrittenBy(session, added, changedSet, branch)));
  }
  const blockedSet = new Set(blocked.map((b) => b.path));
  const untrackedCount = (await untrackedNames(session, ['.'])).length;
  const programs = await repositoryPrograms(session, SWITCH_HOOKS, moves);
  return {
    ...programs,
    from,
    branch,
    create,
    target: target.line,
    carried: changed.filter((file) => !blockedSet.has(file)),
    untrackedCount,
    blocked,
  };
}

/**
 * What a switch that adds `added` would overwrite or delete: a file of the working tree (untracked
 * or ignored, so git may not protect it) where the target has a file, or where it has a folder on
 * the way to one (`secret` here, `secret/file` there: git deletes an ignored `secret`).
 */
export async function overwrittenBy(
  session: GitSession,
  added: readonly string[],
  changed: ReadonlySet<string>,
  branch: string,
): Promise<SwitchBlocker[]> {
  const { top } = session.location;
  const blocked: SwitchBlocker[] = [];
  const folders = new Map<string, boolean>();
  const lstat = (relative: string) => fs.lstat(path.join(top, relative)).catch(() => undefined);
  for (const file of added) {
    if (changed.has(file)) continue;
    const segments = file.split('/');
    let folderBlocked = false;
    for (let i = 1; i < segments.length && !folderBlocked; i++) {
      const folder = segments.slice(0, i).join('/');
      let blocks = folders.get(folder);
      if (blocks === undefined) {
        const info = await lstat(folder);
        // A tracked file there is git's to replace (its changes, if any, are blocked above).
        blocks = info !== undefined && !info.isDirectory() && !(await tracked(session, folder));
        folders.set(folder, blocks);
        if (blocks)
          blocked.push({
            path: folder,
            reason: `is an untracked (or ignored) ${info!.isSymbolicLink() ? 'symbolic link' : 'file'} here where ${branch} has a folder (${file}): the switch would delete it`,
          });
      }
      folderBlocked = blocks;
    }
    if (folderBlocked) continue;
    if ((await lstat(file)) !== undefined)
      blocked.push({
        path: file,
        reason: `is untracked (or ignored) here and ${branch} has its own version: the switch would overwrite it`,
      });
  }
  return blocked;
}

/** Whether the index holds `file` (a root-relative path, taken literally). */
export async function tracked(session: GitSession, file: string): Promise<boolean> {
  const result = await session.exec(['ls-files', '-z', '--cached', '--', `:(literal)${file}`], session.readOverrides);
  return result.code === 0 && result.stdout.split('\0').includes(file);
}

/** Every file of a commit's tree, relative to the top. */
export async function treeNames(session: GitSession, commit: string): Promise<string[]> {
  return session.list(['ls-tree', '-r', '--name-only', '-z', '--end-of-options', commit]);
}

/** A start point from the model: a revision (never option-like), not a `<rev>:<path>` or range. */
export function checkStartPoint(startPoint: string): void {
  checkRevision(startPoint);
  if (startPoint.includes(':') || startPoint.includes('..'))
    throw new WorkspaceError(
      `startPoint '${quote(startPoint)}' must be one commit: a branch, tag or commit hash such as main or origin/main.`,
    );
}
