// Queues across processes: two CLI processes (or two hosts) editing one file would both pass the
// compare-and-swap check and then both rename, the second losing the first's edit. So a writer also
// holds a lock file next to the target, created atomically with its pid: a live holder is
// waited for, a dead one's lock is taken over. Named like the write path's temp files, so search
// hides it. Programs that are not toolpacks do not take it; for them the compare-and-swap check
// (and the post-rename check of the old file) is what remains.
import { constants as C, promises as fs } from 'node:fs';
import type { OpenDirectory } from './safeOpen';
import { ConflictError } from './conflictError';
import { lockFileName, tempName } from './writePathNames';

const WAIT_ATTEMPTS = 400; // × up to 25 ms: a holder that keeps a lock ~10 s is treated as a conflict
const STALE_MS = 60_000;

export function lockName(name: string): string {
  return lockFileName(name);
}

/** Takes the lock file for `name` in `dir`; resolves to its release. Undefined when the folder cannot hold one. */
export async function acquireProcessLock(
  dir: OpenDirectory,
  name: string,
  what: string,
): Promise<(() => Promise<void>) | undefined> {
  const lock = dir.at(lockName(name));
  for (let attempt = 0; attempt < WAIT_ATTEMPTS; attempt++) {
    try {
      await dir.ensure();
      const ino = await createWithPid(dir, lock);
      return async () => {
        // Only our own lock file: after a takeover it may be someone else's.
        if ((await fs.lstat(lock).catch(() => undefined))?.ino === ino) await fs.unlink(lock).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    if (await isAbandoned(lock)) {
      await fs.unlink(lock).catch(() => undefined);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(25, 1 + attempt)));
  }
  throw new ConflictError(what, 'is being edited by another process that holds its lock');
}

/**
 * Creates the lock file already holding this process's pid: written to a temp file (whose name
 * carries the pid, so the start-up sweep removes it if we die) and linked into place, which fails
 * with EEXIST when the lock is held. A lock file therefore never exists without its holder's pid,
 * and a holder killed at any moment leaves nothing that looks "being written".
 */
async function createWithPid(dir: OpenDirectory, lock: string): Promise<number> {
  const temp = dir.at(tempName());
  const handle = await fs.open(temp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(String(process.pid));
    const { ino } = await handle.stat();
    await fs.link(temp, lock);
    return ino;
  } finally {
    await handle.close();
    await fs.unlink(temp).catch(() => undefined);
  }
}

/** A lock whose holder is not running, or untouched for a minute (its holder hung or its pid was reused). */
export async function isAbandoned(lock: string): Promise<boolean> {
  const stat = await fs.lstat(lock).catch(() => undefined);
  if (!stat) return false;
  if (Date.now() - stat.mtimeMs > STALE_MS) return true;
  const pid = Number(await fs.readFile(lock, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - stat.mtimeMs > 1000; // being written
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
