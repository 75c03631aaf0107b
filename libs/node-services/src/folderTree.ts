// A folder's tree as the folder writes walk it, through fds (links are entries, never followed):
// counted and checked before a delete or a move, removed deepest first, put back when it changed.
import { promises as fs } from 'node:fs';
import { joinRelative, lstatOrUndefined, type OpenDirectory, type SafeOpener } from './safeOpen';
import { checkWritableFolder } from './writeSteps';

/** Renames `from` back to `to` only onto a free name (a rename would replace an empty folder made there meanwhile). */
export async function putBack(from: string, to: string): Promise<boolean> {
  if (await lstatOrUndefined(to)) return false;
  return fs.rename(from, to).then(
    () => true,
    () => false,
  );
}

/** What a folder holds, every level down. */
export interface TreeCount {
  files: number;
  folders: number;
  /** Workspace-relative paths of everything in it. */
  readonly paths: string[];
}

/** Counts a folder's tree through fds (links are entries, never followed); every folder in it must be writable. */
export async function countTree(
  opener: SafeOpener,
  folder: OpenDirectory,
  allowWriteProtected = false,
  count: TreeCount = { files: 0, folders: 0, paths: [] },
): Promise<TreeCount> {
  await checkWritableFolder(folder, folder.relative || '.', allowWriteProtected);
  const entries = await fs.readdir(folder.at(''), { withFileTypes: true });
  for (const entry of entries) {
    count.paths.push(joinRelative(folder.relative, entry.name));
    const child = entry.isDirectory() ? await opener.openChild(folder, entry.name) : undefined;
    if (!child) {
      count.files++;
      continue;
    }
    count.folders++;
    try {
      await countTree(opener, child, allowWriteProtected, count);
    } finally {
      await child.close();
    }
  }
  return count;
}

/** "3 files and 1 folder" */
export function describeCount({ files, folders }: { files: number; folders: number }): string {
  const part = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return folders ? `${part(files, 'file')} and ${part(folders, 'folder')}` : part(files, 'file');
}

/** Removes everything in `folder`, deepest first, through fds: a link is removed itself, never followed. */
export async function removeTree(opener: SafeOpener, folder: OpenDirectory): Promise<void> {
  const entries = await fs.readdir(folder.at(''), { withFileTypes: true });
  for (const entry of entries) {
    const child = entry.isDirectory() ? await opener.openChild(folder, entry.name) : undefined;
    if (child) {
      try {
        await removeTree(opener, child);
      } finally {
        await child.close();
      }
      await folder.ensure();
      await fs.rmdir(folder.at(entry.name));
    } else {
      await folder.ensure();
      await fs.unlink(folder.at(entry.name));
    }
  }
}
