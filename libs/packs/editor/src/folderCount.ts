// What a folder holds, for the questions of delete_file and move_file: files and folders every
// level down (links and other entries count as files, never followed), up to a bound.
import type { WorkspaceFileSystem } from '@toolpacks/services';

/** Past this many entries a folder is not walked further for a question (it is still deleted or moved whole). */
export const MAX_COUNTED = 5000;

export interface FolderCount {
  readonly files: number;
  readonly folders: number;
  /** Workspace paths of what it holds (`folder/…`), in walk order. */
  readonly entries: readonly string[];
  /** False when the walk stopped at {@link MAX_COUNTED}. */
  readonly complete: boolean;
}

export async function countFolder(workspace: WorkspaceFileSystem, folder: string): Promise<FolderCount> {
  let files = 0;
  let folders = 0;
  const entries: string[] = [];
  const queue = [folder];
  while (queue.length) {
    const current = queue.shift()!;
    for (const entry of await workspace.readDirectory(current)) {
      const child = `${current}/${entry.name}`;
      if (entry.type === 'directory') {
        folders++;
        queue.push(child);
      } else files++;
      entries.push(child);
      if (files + folders >= MAX_COUNTED) return { files, folders, entries, complete: false };
    }
  }
  return { files, folders, entries, complete: true };
}

/** "3 files and 1 folder" */
export function describeCount({ files, folders }: { files: number; folders: number }): string {
  const part = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return folders ? `${part(files, 'file')} and ${part(folders, 'folder')}` : part(files, 'file');
}
