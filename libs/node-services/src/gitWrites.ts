// The git writes other than commit: add, restore, branch and switch, each described for its
// confirmation (files, diff, programs it runs, what blocks it), then run with exactly that, and
// returned with it (the tools' data says what was written without describing again).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type AddDescription,
  type BranchDescription,
  type GitWriteResult,
  type RestoreDescription,
  type GitWriteReceipt,
  type WorkspaceFileSystem,
} from '@toolpacks/services';
import { checkBranchNameResult, checkBranchNameSyntax } from './gitBranch';
import { ADD_HOOKS, BRANCH_HOOKS, RESTORE_HOOKS } from './gitCommitPlan';
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
import { checkReceipt, receiptOf, sensitiveAmong, withContent } from './gitWriteReceipt';

/** Stages `paths` (root-relative pathspecs from addPaths). */
export async function add(
  session: GitSession,
  paths: readonly string[],
  options: { allowRepositoryPrograms?: boolean; receipt?: GitWriteReceipt },
): Promise<GitWriteResult<AddDescription>> {
  const { allowRepositoryPrograms, receipt } = options;
  const description = await describeAddIn(session, paths);
  // A yes covers the files its question listed: one that appeared or went away since refuses it.
  if (receipt) checkReceipt('The add', description.receipt, [], description, receipt);
  if (description.files.length === 0)
    throw new WorkspaceError(
      `Nothing to stage in ${paths.map((p) => `'${quote(p)}'`).join(', ')}: no changed, deleted or new files there`,
      'nothing-to-stage',
    );
  const overrides = programOverrides(session, description, allowRepositoryPrograms, 'git add');
  await runAdd(session, paths, overrides);
  const files = description.files;
  const text = `Staged ${files.length} file(s)${description.newCount ? ` (${description.newCount} new)` : ''}: ${boundedList(files, 50)}`;
  return { text, description };
}

/** Unstages (`staged`) or discards the changes of `paths` (root-relative pathspecs from pathList). */
export async function restore(
  session: GitSession,
  paths: readonly string[],
  options: { staged?: boolean; receipt?: GitWriteReceipt },
): Promise<GitWriteResult<RestoreDescription>> {
  const staged = options.staged === true;
  const description = await describeRestoreIn(session, paths, staged);
  const where = paths.map((p) => `'${quote(p)}'`).join(', ');
  if (description.files.length === 0)
    throw new WorkspaceError(
      staged
        ? `Nothing is staged in ${where}, so there is nothing to unstage`
        : `No unstaged changes to tracked files in ${where}, so there is nothing to discard.`,
      staged ? 'nothing-to-unstage' : 'nothing-to-discard',
    );
  checkReceipt('The restore', description.receipt, description.sensitive, description, options.receipt);
  // The receipt matched (or nothing needed one): the programs run as the question listed them.
  const overrides = programOverrides(session, description, true, 'git restore');
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
  return `Created branch '${name}' at ${description.startsAt}. The current branch did not change.`;
}

/** The paths to stage as root-relative pathspecs, or `.` for all: true. */
export async function addPaths(
  workspace: WorkspaceFileSystem,
  options: { paths?: readonly string[]; all?: boolean },
): Promise<string[]> {
  if (options.all && options.paths?.length)
    throw new WorkspaceError('Give either paths or all: true, not both.', 'paths-and-all');
  if (options.all) return ['.'];
  if (!options.paths?.length)
    throw new WorkspaceError(
      'Paths are needed (files or folders to stage, new files included), or all: true to stage every change in the workspace.',
      'no-paths',
    );
  return pathList(workspace, options.paths);
}

export async function describeAddIn(session: GitSession, paths: readonly string[]): Promise<AddDescription> {
  const changed = await changedNames(session, ['--relative', '--', ...paths]);
  const untracked = await untrackedNames(session, paths);
  const files = [...new Set([...changed, ...untracked])].sort();
  const programs = await repositoryPrograms(session, ADD_HOOKS, files.length > 0);
  const receipt = receiptOf(`add -- ${paths.join(' ')}`, files, [], programs);
  return { ...programs, files, newCount: untracked.length, receipt };
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
  // Discarding writes the staged (or committed) version over each file: those that can make code run
  // are shown whole and bound by the blob written.
  const { files: sensitive, diff: sensitiveDiff } = staged
    ? { files: [], diff: '' }
    : await withContent(session, await sensitiveAmong(session, files), (file) => stagedBlob(session, file), []);
  const programs = await repositoryPrograms(session, RESTORE_HOOKS, files.length > 0);
  const command = `restore ${staged ? '--staged' : '--worktree'} -- ${paths.join(' ')}`;
  // Discarding loses the working-tree bytes: the yes covers those the question diffed, no others.
  const lost = staged ? [] : await workingTreeDigests(session.workspace.root, files);
  const receipt = receiptOf(command, [...files, ...lost], sensitive, programs);
  return { ...programs, files, diff, sensitive, sensitiveDiff, receipt };
}

/** `path#sha256` of each file as the working tree has it now (a link: its target; gone: `missing`). */
async function workingTreeDigests(root: string, files: readonly string[]): Promise<string[]> {
  const digest = async (file: string) => {
    const absolute = path.join(root, file);
    const stat = await fs.lstat(absolute).catch(() => undefined);
    if (!stat) return 'missing';
    const bytes = stat.isSymbolicLink()
      ? Buffer.from(await fs.readlink(absolute))
      : stat.isFile()
        ? await fs.readFile(absolute)
        : Buffer.from(`not a file (${stat.mode.toString(8)})`);
    return createHash('sha256').update(bytes).digest('hex');
  };
  const out: string[] = [];
  for (const file of files) out.push(`${file}#${await digest(file)}`);
  return out;
}

/** The full id of the staged blob of `file` (root-relative), or undefined when none is staged. */
async function stagedBlob(session: GitSession, file: string): Promise<string | undefined> {
  const listed = await session.exec(['ls-files', '-s', '-z', '--', file], session.readOverrides);
  const entry = listed.stdout.split('\0').find((line) => line.endsWith(`\t${file}`) && / 0\t/.test(line));
  return entry?.split(' ')[1];
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
    throw new WorkspaceError(`${label} '${quote(revision)}' is not a commit of this repository.`, 'not-a-commit', {
      revision,
    });
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
    throw new WorkspaceError(`Branch '${branch}' already exists.`, 'branch-exists', { branch });
  const start = await commitLine(session, startPoint ?? 'HEAD', 'Start point');
  const programs = await repositoryPrograms(session, BRANCH_HOOKS, false);
  return { ...programs, name: branch, startsAt: start.line };
}

/** Whether the index holds `file` (a root-relative path, taken literally). */
export async function tracked(session: GitSession, file: string): Promise<boolean> {
  const result = await session.exec(['ls-files', '-z', '--cached', '--', file], session.readOverrides);
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
