// The working tree's status and the log as facts, from git's NUL-separated formats: there git
// quotes nothing, so a name with a space, a quote or a line break is read as it is, and no value
// from the repository can decide where a field ends. A cut output drops its last, partial record
// and says so with `truncated`.
import * as path from 'node:path';
import type { GitCommitList, GitFileState, GitLogCommit, GitStatus, GitStatusFile } from '@toolpacks/services';
import type { ConfigEntry } from './gitSafety';
import type { GitSession } from './gitSession';

const STATES: Readonly<Record<string, GitFileState>> = {
  '.': 'unmodified',
  M: 'modified',
  T: 'typechange',
  A: 'added',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  U: 'unmerged',
};

/** Both sides changed the file: a merge conflict (git's seven unmerged XY pairs). */
const UNMERGED = new Set(['DD', 'AU', 'UD', 'UA', 'DU', 'AA', 'UU']);

/** The status inside the workspace root: one git process. */
export async function readStatus(session: GitSession): Promise<GitStatus> {
  // status.aheadBehind=false makes git's short status say only "different": the same here.
  const quick = configFlag(session.config, 'status.aheadbehind') === false;
  const { text, truncated } = await session.readFull([
    'status',
    '--porcelain=v2',
    '-z',
    '--branch',
    '--untracked-files=all',
    '--ignore-submodules=dirty',
    ...(quick ? ['--no-ahead-behind'] : []),
    '--',
    '.',
  ]);
  return parseStatus(text, truncated, session.location.prefix);
}

/**
 * `git status --porcelain=v2 -z --branch`: `# branch.*` headers, then one record per file (`1`
 * changed, `2` renamed or copied with its source in the next field, `u` unmerged, `?` untracked).
 * Paths are relative to the repository's top; they are made relative to the workspace root.
 */
export function parseStatus(output: string, truncated: boolean, prefix: string): GitStatus {
  const fields = output.split('\0');
  // Past the cap the last field is partial (and a rename's source may be missing): dropped.
  if (truncated) fields.pop();
  const headers = new Map<string, string>();
  const files: GitStatusFile[] = [];
  const relative = (name: string) => (prefix === '' ? name : path.posix.relative(prefix, name));
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (field.startsWith('# ')) {
      const space = field.indexOf(' ', 2);
      if (space > 0) headers.set(field.slice(2, space), field.slice(space + 1));
      continue;
    }
    const kind = field[0];
    if (kind === '?') files.push({ path: relative(field.slice(2)), index: 'untracked', workingTree: 'untracked' });
    if (kind !== '1' && kind !== '2' && kind !== 'u') continue;
    // The path is the record's last field: after 8 (1), 9 (2) or 10 (u) space-separated ones.
    const skip = kind === '1' ? 8 : kind === '2' ? 9 : 10;
    let at = 0;
    for (let n = 0; n < skip && at >= 0; n++) at = field.indexOf(' ', at + 1);
    if (at < 0) continue;
    const xy = field.slice(2, 4);
    const name = field.slice(at + 1);
    let from: string | undefined;
    if (kind === '2') {
      if (i + 1 >= fields.length) break;
      from = relative(fields[++i]);
    }
    files.push({
      path: relative(name),
      index: STATES[xy[0]] ?? 'unmodified',
      workingTree: STATES[xy[1]] ?? 'unmodified',
      ...(from !== undefined ? { from } : {}),
      ...(kind === 'u' && UNMERGED.has(xy) ? { unmerged: true as const } : {}),
    });
  }
  return { ...branchOf(headers), files, truncated };
}

function branchOf(headers: ReadonlyMap<string, string>): Omit<GitStatus, 'files' | 'truncated'> {
  const head = headers.get('branch.head');
  if (head === undefined || head === '(detached)') return { detached: true };
  if (headers.get('branch.oid') === '(initial)') return { branch: head, detached: false, unborn: true };
  const upstream = headers.get('branch.upstream');
  if (upstream === undefined) return { branch: head, detached: false };
  const ab = headers.get('branch.ab');
  // An upstream that is configured but gone has no counts.
  if (ab === undefined) return { branch: head, detached: false, upstream, upstreamGone: true };
  const counts = /^\+(\d+) -(\d+)$/.exec(ab);
  if (!counts)
    return { branch: head, detached: false, upstream, ...(ab === '+? -?' ? { upstreamDiffers: true as const } : {}) };
  return { branch: head, detached: false, upstream, ahead: Number(counts[1]), behind: Number(counts[2]) };
}

/** A boolean config value as git reads it (the last one set wins), or undefined when unset. */
function configFlag(config: readonly ConfigEntry[], key: string): boolean | undefined {
  const entry = config.filter((e) => e.key === key).pop();
  if (!entry) return undefined;
  return !/^(false|no|off|0)$/i.test(entry.value.trim());
}

/** The fields of each commit `listCommits` reads, NUL-separated; `-z` ends each commit with a NUL. */
export const LOG_FORMAT = '--format=%h%x00%ad%x00%an%x00%s';
const LOG_FIELDS = 4;

/** `git log -z --format=%h%x00%ad%x00%an%x00%s`: four fields a commit; past the cap a partial one is dropped. */
export function parseLog(output: string, truncated: boolean): GitCommitList {
  const fields = output.split('\0');
  // The last field is what follows the last NUL: '' when git finished, partial when cut.
  fields.pop();
  const commits: GitLogCommit[] = [];
  for (let i = 0; i + LOG_FIELDS <= fields.length; i += LOG_FIELDS) {
    const [hash, date, author, subject] = fields.slice(i, i + LOG_FIELDS);
    commits.push({ hash, date, author, subject });
  }
  return { commits, truncated };
}
