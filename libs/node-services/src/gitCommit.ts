// A commit: what it would record and run (for its confirmation), and making it, with what was made
// read from git's own summary line (the full hash: core.abbrev=no).
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type CommitDescription,
  type GitCommitResult,
  type GitWriteReceipt,
} from '@toolpacks/services';
import { describePrograms, planCommit, runsPrograms } from './gitCommitPlan';
import { ALWAYS_OVERRIDES, type ConfigOverride } from './gitSafety';
import { GitCommandError, headCommit, hooksDir, names, runAdd, untrackedNames, type GitSession } from './gitSession';
import { checkReceipt, receiptOf } from './gitWriteReceipt';

/** The commit's summary line with the full hash (`[main 1a2b…] subject`). */
const FULL_HASH: ConfigOverride = { key: 'core.abbrev', value: 'no', why: 'the summary names the full hash.' };

const NOTHING_TO_COMMIT =
  /nothing (added )?to commit|no changes added to commit|did not match any file\(s\) known to git/;

export async function describeCommitIn(
  session: GitSession,
  all: boolean,
  toAdd?: readonly string[],
): Promise<CommitDescription> {
  const changed = (args: string[]) => names(session, args);
  const staged = await changed(['--cached', '--relative', '--', '.']);
  let files = all ? [...new Set([...staged, ...(await changed(['--relative', '--', '.']))])].sort() : staged;
  let added: string[] | undefined;
  if (toAdd) {
    added = await changedBelow(session, toAdd);
    files = [...new Set([...files, ...added])].sort();
  }
  const { prefix } = session.location;
  const outsideStagedCount =
    prefix === ''
      ? 0
      : (await changed(['--cached', '--no-relative'])).filter((name) => !name.startsWith(prefix)).length;
  // The hooks folder as the commit will see it: core.hooksPath honoured (only reads turn it off).
  const plan = await planCommit({
    hooksDir: await hooksDir(session),
    config: session.config,
    trustRepositoryConfig: session.trustRepositoryConfig,
    files,
    outsideStagedCount,
  });
  // A yes covers these files, recorded on this parent, with these programs.
  const command = `commit${all ? ' --all' : ''}${toAdd ? ` -- ${toAdd.join(' ')}` : ''}`;
  const receipt = receiptOf(command, files, [], plan, { head: await headCommit(session) });
  return { ...plan, ...(added ? { added } : {}), receipt };
}

/** Tracked changes against the index and new files below `paths`: what `git add --all -- paths` stages. */
async function changedBelow(session: GitSession, paths: readonly string[]): Promise<string[]> {
  const changed = await names(session, ['--relative', '--', ...paths]);
  const untracked = await untrackedNames(session, paths);
  return [...new Set([...changed, ...untracked])].sort();
}

export async function commit(
  session: GitSession,
  message: string,
  options: { all?: boolean; allowRepositoryPrograms?: boolean; receipt?: GitWriteReceipt },
  toAdd: readonly string[] | undefined,
): Promise<GitCommitResult> {
  const description = await describeCommitIn(session, options.all === true, toAdd);
  // A yes covers the files, parent and programs its question showed: any change since refuses it.
  if (options.receipt) checkReceipt('The commit', description.receipt, [], description, options.receipt);
  if (!options.all && description.outsideStagedCount > 0)
    throw new WorkspaceError(
      `${description.outsideStagedCount} staged change(s) lie outside the workspace root;`,
      'staged-outside-workspace',
      { count: description.outsideStagedCount },
    );
  const programs = runsPrograms(description);
  if (programs && !options.allowRepositoryPrograms)
    throw new WorkspaceError(
      `This commit would run ${boundedList(describePrograms(description))}; that needs a person's confirmation of this very commit, so it was not made.`,
    );
  // Confirmed programs run as git would run them; fsmonitor and the rest stay off.
  const overrides = programs ? [...ALWAYS_OVERRIDES, ...session.pathOverrides] : session.readOverrides;
  if (toAdd) await runAdd(session, toAdd, overrides);
  // The message goes through stdin (-F -): nothing in it can become an argument.
  // At the top `--all` (which also finishes a merge); below it `--only -- .`, which records the
  // root's tracked changes and leaves whatever is staged elsewhere staged.
  const args = [
    'commit',
    '--file=-',
    '--no-edit',
    ...(options.all ? (session.location.prefix === '' ? ['--all'] : ['--only', '--', '.']) : []),
  ];
  // core.abbrev=no: the summary names the full hash, so nothing has to ask git after the commit.
  const result = await session.exec(args, [...overrides, FULL_HASH], message);
  if (result.code === 0) {
    return { ...commitMade(result.stdout.trimEnd()), files: description.files };
  }
  if (NOTHING_TO_COMMIT.test(result.stdout + result.stderr))
    throw new WorkspaceError('Nothing to commit: no changes are staged in the workspace.', 'nothing-to-commit');
  // stdout lists the repository's status (outside the root too); the reason is on stderr.
  const failure = new GitCommandError('commit', result.stderr || 'git exited with an error.');
  if (!toAdd || !description.added?.length) throw failure;
  // The add went through: said, so the model does not think the files are as they were.
  throw new WorkspaceError(
    `${failure.message}\nNo commit was made, but the files given as paths were staged first and stay staged: ${boundedList(description.added, 50)}.`,
    'commit-failed-after-staging',
  );
}

/**
 * What git's summary says was made: `[branch (root-commit) hash] subject`, then ` N files changed, …`.
 * Branch names hold no space; a detached HEAD says so in two words.
 */
export function commitMade(text: string): Omit<GitCommitResult, 'files'> {
  const head = /^\[(detached HEAD|\S+)(?: \(root-commit\))? ([0-9a-f]{4,64})\] (.*)$/m.exec(text);
  if (!head) return { text, hash: '', subject: '', summary: '' };
  const summary = /^ (\d+ files? changed.*)$/m.exec(text.slice(head.index + head[0].length));
  return {
    text,
    hash: head[2],
    ...(head[1] !== 'detached HEAD' ? { branch: head[1] } : {}),
    subject: head[3],
    summary: summary?.[1] ?? '',
  };
}
