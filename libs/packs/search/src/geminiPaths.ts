// Where a Gemini CLI search tool looks: its `dir_path` (or the older name `path`), relative to the
// workspace root or absolute inside it, resolved and confined by the WorkspaceFileSystem.
import { WorkspaceError } from '@toolpacks/services';
import type { FileStat, WorkspaceFileSystem } from '@toolpacks/services';

/** A folder (or file) a tool was asked to search, resolved inside the workspace. */
export interface SearchScope {
  /** The absolute, real path. */
  readonly absolute: string;
  /** Relative to the root with forward slashes; '' for the root itself. */
  readonly relative: string;
  /** What is there. */
  readonly stat: FileStat;
}

/**
 * Resolves `given` (undefined or '' means the root). As Gemini CLI does, a leading `@` is dropped
 * when the path with it does not exist. Refuses paths outside the workspace (WorkspaceError) and
 * says so, with what to do, when nothing is there.
 */
export async function resolveScope(workspace: WorkspaceFileSystem, given: string | undefined): Promise<SearchScope> {
  let path = given === undefined || given.trim() === '' ? '.' : given;
  let stat = await workspace.stat(path);
  if (!stat && path.startsWith('@') && path.length > 1) {
    const bare = await workspace.stat(path.slice(1));
    if (bare) [path, stat] = [path.slice(1), bare];
  }
  const absolute = await workspace.resolve(path);
  if (!stat)
    throw new WorkspaceError(
      `Path does not exist: ${absolute}. Check the spelling, or use list_directory on its parent folder to see what is there.`,
    );
  const relative = workspace.relative(absolute);
  // The root is a folder, whatever stat says of it.
  if (relative === '.' || relative === '') return { absolute, relative: '', stat: { ...stat, type: 'directory' } };
  return { absolute, relative, stat };
}

/** `folder/name`, or `name` in the root. */
export function joinRelative(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

/** Runs `task` over `items` at most `limit` at a time, results in order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
