// What a receipt lists for a path as it is now (WorkspaceFileSystem.shownStates): the path itself,
// its last name not followed, and a folder's every entry with the sha256 of each file's bytes.
import { promises as fs } from 'node:fs';
import { WorkspaceError, type ShownState } from '@toolpacks/services';
import { quote } from './quote';
import { joinRelative, lstatOrUndefined, READ_FLAGS, type SafeOpener } from './safeOpen';
import { bytesState, treeStates } from './writeReceipt';
import { openParent } from './writeSteps';

export async function statesAt(opener: SafeOpener, input: string): Promise<ReadonlyMap<string, ShownState>> {
  const parent = await openParent(opener, input);
  if (!parent) {
    const parts = opener.components(input);
    return new Map([[parts.join('/'), 'absent']]);
  }
  const { dir, name } = parent;
  const relative = joinRelative(dir.relative, name);
  try {
    const stat = await lstatOrUndefined(dir.at(name));
    if (!stat) return new Map([[relative, 'absent']]);
    if (stat.isSymbolicLink())
      return new Map<string, ShownState>([[relative, `link:${await fs.readlink(dir.at(name))}`]]);
    if (stat.isDirectory()) {
      const folder = await opener.openChild(dir, name);
      if (!folder) throw new WorkspaceError(`${quote(input)} changed while it was read; try again.`);
      try {
        return await treeStates(opener, folder, relative);
      } finally {
        await folder.close();
      }
    }
    const handle = await fs.open(dir.at(name), READ_FLAGS);
    try {
      return new Map([[relative, bytesState(await handle.readFile())]]);
    } finally {
      await handle.close();
    }
  } finally {
    await dir.close();
  }
}
