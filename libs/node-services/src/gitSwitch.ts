// A branch switch: described for its question (where it lands, what comes along, what blocks it, the
// files it writes that can make code run, with their diff), then run onto exactly the commit the
// question showed: the files are checked out from that commit's id, never from a ref read again, and
// the branch is attached only while it still points there.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type GitWriteReceipt,
  type GitWriteResult,
  type SwitchBlocker,
  type SwitchDescription,
} from '@toolpacks/services';
import { SWITCH_HOOKS } from './gitCommitPlan';
import { quote } from './gitRevision';
import {
  GitCommandError,
  headCommit,
  names as changedNames,
  programOverrides,
  programs as repositoryPrograms,
  untrackedNames,
  type GitSession,
} from './gitSession';
import { branchExists, branchName, checkStartPoint, commitLine, tracked, treeNames } from './gitWrites';
import { checkReceipt, receiptOf, sensitiveAmong, withContent } from './gitWriteReceipt';

/** Switches the working tree to `branch` (with `create`, a new one), refusing what would be lost. */
export async function switchBranch(
  session: GitSession,
  branch: string,
  options: { create?: boolean; startPoint?: string; receipt?: GitWriteReceipt },
): Promise<GitWriteResult<SwitchDescription>> {
  const d = await describeSwitchIn(session, branch, options);
  if (d.blocked.length > 0)
    throw new WorkspaceError(
      `The switch to '${branch}' was refused: ${d.blocked.length} file(s) would stop it or be lost:\n${d.blocked
        .slice(0, 20)
        .map((b) => `- ${b.path}: ${b.reason}`)
        .join('\n')}${d.blocked.length > 20 ? `\n… (${d.blocked.length - 20} more)` : ''}`,
      'switch-blocked',
      { branch, count: d.blocked.length },
    );
  checkReceipt(`The switch to '${branch}'`, d.receipt, d.sensitive, d, options.receipt);
  // The receipt matched (or nothing needed one): the programs run as the question listed them.
  const overrides = programOverrides(session, d, true, 'git switch');
  const commit = d.receipt.commit!;
  if (d.create) {
    await runSwitch(session, branch, ['--create', branch, '--end-of-options', commit], overrides);
    await trackLikeGit(session, branch, options.startPoint);
  } else {
    await checkBranchAt(session, d.branch, commit, 'nothing was changed');
    await runSwitch(session, branch, ['--detach', '--end-of-options', commit], overrides);
    // The files are the confirmed commit's; HEAD follows the branch only while it is still there.
    await checkBranchAt(
      session,
      d.branch,
      commit,
      `the working tree is at the confirmed commit ${commit.slice(0, 12)} (HEAD detached there)`,
    );
    const attached = await session.exec(
      ['symbolic-ref', '-m', `checkout: moving from ${d.from} to ${d.branch}`, 'HEAD', `refs/heads/${d.branch}`],
      overrides,
    );
    if (attached.code !== 0) throw new GitCommandError('symbolic-ref', attached.stderr || attached.stdout);
  }
  const carried = d.carried.length ? `\nUncommitted changes carried along: ${boundedList(d.carried, 50)}` : '';
  const text = `Switched to ${d.create ? 'a new branch' : 'branch'} '${branch}' at ${d.target} (was on ${d.from}).${carried}`;
  return { text, description: d };
}

async function runSwitch(
  session: GitSession,
  branch: string,
  args: readonly string[],
  overrides: Parameters<GitSession['exec']>[1],
): Promise<void> {
  const result = await session.exec(['switch', '--no-guess', ...args], overrides);
  if (result.code === 0) return;
  if (/would be overwritten|untracked working tree files/.test(result.stderr))
    throw new WorkspaceError(
      `git refused to switch to '${branch}': local changes or untracked files would be overwritten.\n${quote(result.stderr.trim(), 1000)}`,
      'switch-overwrites',
      { branch },
    );
  throw new GitCommandError('switch', result.stderr || result.stdout);
}

/** Refuses, saying `state`, when `branch` no longer points at the commit the question showed. */
async function checkBranchAt(session: GitSession, branch: string, commit: string, state: string): Promise<void> {
  const now = await session.exec(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `refs/heads/${branch}^{commit}`],
    session.readOverrides,
  );
  if (now.code !== 0 || now.stdout.trim() !== commit)
    throw new WorkspaceError(
      `The switch to '${branch}' was refused: the branch moved after the question was shown (it showed ${commit}, the branch is at ${now.stdout.trim() || 'nothing'} now); ${state}.`,
      'branch-moved',
      { branch },
    );
}

/** The new branch tracks a remote-tracking start point, as `git switch --create b origin/b` does. */
async function trackLikeGit(session: GitSession, branch: string, startPoint: string | undefined): Promise<void> {
  if (startPoint === undefined) return;
  const full = await session.exec(
    // checkStartPoint refused an option-like start point (this rev-parse mode takes no --end-of-options).
    ['rev-parse', '--symbolic-full-name', '--verify', '--quiet', startPoint],
    session.readOverrides,
  );
  const ref = full.stdout.trim();
  if (full.code !== 0 || !ref.startsWith('refs/remotes/')) return;
  await session.exec(['branch', `--set-upstream-to=${ref}`, '--end-of-options', branch], session.readOverrides);
}

export async function describeSwitchIn(
  session: GitSession,
  name: string,
  options: { create?: boolean; startPoint?: string },
): Promise<SwitchDescription> {
  const { top, prefix } = session.location;
  if (prefix !== '')
    throw new WorkspaceError(
      `Switching branches changes the whole working tree of the repository at ${top}, which reaches outside the workspace root (${prefix.replace(/\/$/, '')} is a folder of it); it is refused. Switch branches yourself.`,
      'switch-outside-workspace',
    );
  const branch = await branchName(session, name);
  const create = options.create === true;
  if (options.startPoint !== undefined) {
    if (!create) throw new WorkspaceError('startPoint is only for a new branch: give create: true with it.');
    checkStartPoint(options.startPoint);
  }
  const exists = await branchExists(session, branch);
  if (create && exists)
    throw new WorkspaceError(`Branch '${branch}' already exists; switch to it without create: true.`, 'branch-exists', {
      branch,
    });
  if (!create && !exists) throw new WorkspaceError(`There is no local branch '${branch}'.`, 'no-branch', { branch });
  const symbolic = await session.exec(['symbolic-ref', '--quiet', '--short', 'HEAD'], session.readOverrides);
  const head = await headCommit(session);
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
  let written: string[] = [];
  if (moves) {
    const targetFiles = head ? undefined : await treeNames(session, target.hash);
    written = targetFiles ?? (await names(['--no-renames', head!, target.hash, '--', '.']));
    const differing = new Set(written);
    for (const file of changed)
      if (differing.has(file)) blocked.push({ path: file, reason: `has uncommitted changes and differs on ${branch}` });
    const changedSet = new Set(changed);
    const added = targetFiles ?? (await names(['--no-renames', '--diff-filter=A', head!, target.hash, '--', '.']));
    blocked.push(...(await overwrittenBy(session, added, changedSet, branch)));
  }
  const blockedSet = new Set(blocked.map((b) => b.path));
  const untrackedCount = (await untrackedNames(session, ['.'])).length;
  const programs = await repositoryPrograms(session, SWITCH_HOOKS, moves);
  // What the switch writes or deletes that can make code run: shown with its diff, bound by blob id.
  const before = head ?? (await emptyTree(session));
  const { files: sensitive, diff: sensitiveDiff } = await withContent(
    session,
    await sensitiveAmong(session, written),
    (file) => blobAt(session, target.hash, file),
    [before, target.hash],
  );
  const command = create
    ? `switch --create ${branch}${options.startPoint !== undefined ? ` ${options.startPoint}` : ''}`
    : `switch ${branch}`;
  return {
    ...programs,
    from,
    branch,
    create,
    target: target.line,
    carried: changed.filter((file) => !blockedSet.has(file)),
    untrackedCount,
    blocked,
    sensitive,
    sensitiveDiff,
    receipt: receiptOf(command, [], sensitive, programs, { commit: target.hash, head }),
  };
}

/** The full id of `file`'s blob in `commit`, or undefined when the commit has no such file. */
async function blobAt(session: GitSession, commit: string, file: string): Promise<string | undefined> {
  const result = await session.exec(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${commit}:${file}`],
    session.readOverrides,
  );
  const id = result.stdout.trim();
  return result.code === 0 && /^[0-9a-f]{40,64}$/.test(id) ? id : undefined;
}

/** The empty tree of this repository's hash (what an unborn branch has). */
async function emptyTree(session: GitSession): Promise<string> {
  return (await session.read(['hash-object', '-t', 'tree', '--stdin'], '')).trim();
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
