// The start-up sweep: removes the temp and lock files that a killed process of ours left behind, and
// nothing else. A file is a candidate only when its name carries our proof (writePathNames.ts: a MAC
// under this user's key, which no repository can forge) and its owner is gone; a candidate git
// tracks is kept all the same (a repository's file is never ours to delete).
import { promises as fs } from 'node:fs';
import { runGitProcess } from './gitProcess';
import { ALWAYS_OVERRIDES, READ_ONLY_OVERRIDES, gitEnvironment } from './gitSafety';
import { isAbandoned } from './processLock';
import type { OpenDirectory, SafeOpener } from './safeOpen';
import { ourTempName } from './writePathNames';

/**
 * Removes temp files that a killed process left (their pid is no longer running), walking the
 * workspace through directory fds (no links followed) and skipping .git and node_modules.
 */
export async function sweepLeftoverTemps(opener: SafeOpener, maxFolders = 20_000): Promise<string[]> {
  const removed: string[] = [];
  let folders = 0;
  const visit = async (dir: OpenDirectory): Promise<void> => {
    if (++folders > maxFolders) return;
    let entries;
    try {
      entries = await fs.readdir(dir.at(''), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name !== '.git' && entry.name !== 'node_modules') {
        const child = await opener.openChild(dir, entry.name);
        if (child) await visit(child).finally(() => child.close());
      } else if (entry.isFile()) {
        const ours = ourTempName(entry.name);
        if (!ours) continue;
        const abandoned =
          ours.kind === 'temp'
            ? !isRunning(ours.pid) || (await isStale(dir, entry.name))
            : await isAbandoned(dir.at(entry.name));
        const relative = dir.relative ? `${dir.relative}/${entry.name}` : entry.name;
        if (abandoned && !(await isTracked(opener.root, relative))) {
          await fs.unlink(dir.at(entry.name)).then(
            () => removed.push(relative),
            () => undefined,
          );
        }
      }
    }
  };
  const root = await opener.openRoot();
  await visit(root).finally(() => root.close());
  return removed;
}

/**
 * Whether git tracks `relative` in the repository of `root` (asked only for a candidate, which is
 * rare). No git, or no repository: nothing is tracked. git failing otherwise: treated as tracked.
 */
async function isTracked(root: string, relative: string): Promise<boolean> {
  const result = await runGitProcess({
    git: 'git',
    args: ['--no-pager', 'ls-files', '-z', '--cached', '--', relative],
    cwd: root,
    env: gitEnvironment(process.env, [...ALWAYS_OVERRIDES, ...READ_ONLY_OVERRIDES]),
    timeoutMs: 10_000,
    maxOutputBytes: 64 * 1024,
  }).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no git' : undefined));
  if (result === 'no git') return false;
  if (!result) return true;
  if (result.code !== 0) return !/not a git repository/i.test(result.stderr);
  return result.stdout.split('\0').includes(relative);
}

/** A temp file untouched for an hour belongs to nobody, even if its pid was reused (containers). */
async function isStale(dir: OpenDirectory, name: string): Promise<boolean> {
  const stat = await fs.lstat(dir.at(name)).catch(() => undefined);
  return stat !== undefined && Date.now() - stat.mtimeMs > 60 * 60 * 1000;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
