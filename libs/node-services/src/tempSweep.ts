// The start-up sweep: removes the temp and lock files that a killed process of ours left behind.
import { promises as fs } from 'node:fs';
import { isAbandoned } from './processLock';
import type { OpenDirectory, SafeOpener } from './safeOpen';

const TEMP_NAME = /^\.toolpacks-(\d+)-[0-9a-f]+\.tmp$/;
const LOCK_NAME = /^\.toolpacks-lock-[0-9a-f]+\.tmp$/;

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
        const match = TEMP_NAME.exec(entry.name);
        const abandoned = match
          ? !isRunning(Number(match[1])) || (await isStale(dir, entry.name))
          : LOCK_NAME.test(entry.name) && (await isAbandoned(dir.at(entry.name)));
        if (abandoned) {
          await fs.unlink(dir.at(entry.name)).then(
            () => removed.push(dir.relative ? `${dir.relative}/${entry.name}` : entry.name),
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
