// `view` of a folder in Anthropic's text editor: the folder and everything at most 2 levels below
// it, hidden entries (a dot-named file or folder, and everything under one) left out, one path per
// line as the given path plus the rest, like the reference's `find <path> -maxdepth 2 -not -path
// '*/.*'`. Read through the workspace file system and sorted by name, so the listing is the same on
// every run; it stops once it is longer than a view may be (or its entries than the data may be).
import { ItemFit, jsonChars } from '@toolpacks/registry';
import type { Room } from '@toolpacks/registry';
import type { WorkspaceFileSystem } from '@toolpacks/services';
import { MAX_VIEW_CHARS } from './catN';

const MAX_DEPTH = 2;

export interface FolderTree {
  /** The listing's text, header included, clipped with a note when the folder holds too much. */
  readonly text: string;
  /** What it lists below the folder, relative to the workspace root; a folder's path ends with `/`. */
  readonly entries: readonly string[];
  /** The listing was clipped. */
  readonly clipped: boolean;
}

export async function folderTree(
  workspace: WorkspaceFileSystem,
  absolute: string,
  shownPath: string,
  limits: Room = { maxChars: MAX_VIEW_CHARS, maxJsonChars: Infinity },
): Promise<FolderTree> {
  const base = shownPath.length > 1 ? shownPath.replace(/\/+$/, '') : shownPath;
  const lines = [base];
  const entries: string[] = [];
  // The header line is the folder itself; each entry's line follows a line feed.
  const fit = new ItemFit(limits, { textBefore: base.length });
  const walk = async (folder: string, prefix: string, depth: number): Promise<void> => {
    const children = (await workspace.readDirectory(folder))
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of children) {
      if (fit.stopped) return;
      const line = `${prefix}/${entry.name}`;
      const relative = workspace.relative(`${folder}/${entry.name}`);
      const listed = entry.type === 'directory' ? `${relative}/` : relative;
      if (!fit.take(line.length, jsonChars(listed))) return;
      lines.push(line);
      entries.push(listed);
      // A subfolder that cannot be listed (no permission, a link out of the workspace) shows without its entries.
      if (entry.type === 'directory' && depth < MAX_DEPTH)
        await walk(`${folder}/${entry.name}`, line, depth + 1).catch(() => undefined);
    }
  };
  await walk(absolute, base === '/' ? '' : base, 1);
  const header = `Here's the files and directories up to 2 levels deep in ${shownPath}, excluding hidden items:\n`;
  const clipped = fit.stopped;
  const note = clipped
    ? '<response clipped><NOTE>To save on context only part of this listing has been shown to you. View a subfolder to see the rest.</NOTE>'
    : '';
  return { text: `${header}${lines.join('\n')}\n${note}`, entries, clipped };
}
