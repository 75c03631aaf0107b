// What a git write (restore, switch) writes that can make code run, shown whole, and the receipt a
// person's yes carries: the exact commit, files and blob versions and programs the question showed.
// The write describes again right before git runs and refuses when anything differs.
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type GitWriteReceipt,
  type RepositoryPrograms,
  type WrittenSensitiveFile,
} from '@toolpacks/services';
import { describePrograms, runsPrograms } from './gitCommitPlan';
import { PREFIXES, type GitSession } from './gitSession';

/** A sensitive file's diff longer than this cannot be shown in a question: its write is refused. */
export const MAX_SENSITIVE_DIFF_CHARS = 40_000;
/** Sensitive-path checks run this many at a time (each resolves links on disk). */
const PARALLEL_CHECKS = 32;

/** The files among `files` (relative to the root) whose write can make code run, with the reason. */
export async function sensitiveAmong(
  session: GitSession,
  files: readonly string[],
): Promise<{ path: string; reason: string }[]> {
  const found: { path: string; reason: string }[] = [];
  for (let i = 0; i < files.length; i += PARALLEL_CHECKS) {
    const reasons = await Promise.all(
      files
        .slice(i, i + PARALLEL_CHECKS)
        .map((file) => session.workspace.sensitiveReason(file).catch(() => 'its path could not be checked')),
    );
    reasons.forEach((reason, j) => reason && found.push({ path: files[i + j], reason }));
  }
  return found;
}

/**
 * For each sensitive file, the version written (`blobOf`) and its diff (`diffArgs` + the file), whole:
 * a binary version or a diff too long to show is marked unshowable (the write is then refused).
 */
export async function withContent(
  session: GitSession,
  sensitive: readonly { path: string; reason: string }[],
  blobOf: (file: string) => Promise<string | undefined>,
  diffArgs: readonly string[],
): Promise<{ files: WrittenSensitiveFile[]; diff: string }> {
  const files: WrittenSensitiveFile[] = [];
  const diffs: string[] = [];
  for (const file of sensitive) {
    const blob = await blobOf(file.path);
    const diff = (
      await session.readFull([
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '--no-color',
        ...PREFIXES,
        ...diffArgs,
        '--',
        file.path,
      ])
    ).text;
    const unshowable = /^Binary files .* differ$/m.test(diff)
      ? `its ${blob ? 'new' : 'old'} content is binary (${await sizeOf(session, blob)}): the question cannot show it`
      : diff.length > MAX_SENSITIVE_DIFF_CHARS
        ? `its diff is ${diff.length} characters, more than a question shows (${MAX_SENSITIVE_DIFF_CHARS})`
        : undefined;
    files.push({ ...file, ...(blob ? { blob } : {}), ...(unshowable ? { unshowable } : {}) });
    if (!unshowable) diffs.push(diff.trimEnd());
  }
  return { files, diff: diffs.join('\n') };
}

async function sizeOf(session: GitSession, blob: string | undefined): Promise<string> {
  if (!blob) return 'deleted';
  const size = await session.exec(['cat-file', '-s', blob], session.readOverrides);
  return `${size.stdout.trim()} bytes, blob ${blob}`;
}

/** The receipt of a description: what the question showed, in the form the write compares. */
export function receiptOf(
  command: string,
  files: readonly string[],
  sensitive: readonly WrittenSensitiveFile[],
  programs: RepositoryPrograms,
  commits: { commit?: string; head?: string } = {},
): GitWriteReceipt {
  return {
    command,
    ...(commits.commit ? { commit: commits.commit } : {}),
    ...(commits.head ? { head: commits.head } : {}),
    files: [...files, ...sensitive.map((file) => `${file.path}@${file.blob ?? 'deleted'}`)],
    programs: describePrograms(programs),
  };
}

/**
 * Whether the write may go on as `fresh` (described just now) says: sensitive files or programs need a
 * receipt, a receipt must match `fresh` exactly, and an unshowable sensitive file is never written.
 */
export function checkReceipt(
  what: string,
  fresh: GitWriteReceipt,
  sensitive: readonly WrittenSensitiveFile[],
  programs: RepositoryPrograms,
  receipt: GitWriteReceipt | undefined,
): void {
  const unshowable = sensitive.filter((file) => file.unshowable);
  if (unshowable.length)
    throw new WorkspaceError(
      `${what} was refused: it would write files that can make code run and that a question cannot show: ${boundedList(unshowable.map((f) => `${f.path} (${f.reason}; ${f.unshowable})`))}. Nothing was changed. A person has to look at them and do this themselves.`,
    );
  if (!receipt) {
    const needs = [
      ...sensitive.map((f) => `${f.path} (${f.reason})`),
      ...(runsPrograms(programs) ? describePrograms(programs) : []),
    ];
    if (needs.length)
      throw new WorkspaceError(
        `${what} writes files that can make code run or runs programs of the repository: ${boundedList(needs)}. That needs a person's confirmation of this very call, showing them, so nothing was changed.`,
      );
    return;
  }
  const changes = differences(receipt, fresh);
  if (changes.length)
    throw new WorkspaceError(
      `${what} was refused: the repository changed after the question was shown, so the yes does not cover it. Nothing was changed.\n${changes.join('\n')}\nCall the tool again to see the new question.`,
    );
}

function differences(shown: GitWriteReceipt, now: GitWriteReceipt): string[] {
  const out: string[] = [];
  if (shown.command !== now.command) out.push(`- the command: shown ${shown.command}, now ${now.command}`);
  if (shown.commit !== now.commit)
    out.push(`- the commit it lands on: shown ${shown.commit ?? 'none'}, now ${now.commit ?? 'none'}`);
  if (shown.head !== now.head)
    out.push(`- the commit checked out: shown ${shown.head ?? 'none'}, now ${now.head ?? 'none'}`);
  const listDiff = (label: string, a: readonly string[], b: readonly string[]) => {
    const [inA, inB] = [new Set(a), new Set(b)];
    const gone = a.filter((x) => !inB.has(x));
    const added = b.filter((x) => !inA.has(x));
    if (gone.length) out.push(`- ${label} shown but no longer so: ${boundedList(gone, 20)}`);
    if (added.length) out.push(`- ${label} not shown: ${boundedList(added, 20)}`);
  };
  listDiff('files (path@version)', shown.files, now.files);
  listDiff('programs', shown.programs, now.programs);
  return out;
}
