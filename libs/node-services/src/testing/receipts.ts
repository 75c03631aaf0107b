// Receipts for specs: what a question would have shown, read from the disk the way the write path
// reads it (links not followed, files by the sha256 of their bytes).
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { ShownPath, ShownState, WriteReceipt } from '@toolpacks/services';

/** The sha256 state of some bytes or text. */
export function contentState(content: string | Buffer): ShownState {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/** What is at `relative` under `root` now. */
export function stateOnDisk(root: string, relative: string): ShownState {
  const absolute = path.join(root, relative);
  let stat;
  try {
    stat = lstatSync(absolute);
  } catch {
    return 'absent';
  }
  if (stat.isSymbolicLink()) return `link:${readlinkSync(absolute)}`;
  if (stat.isDirectory()) return 'folder';
  return contentState(readFileSync(absolute));
}

/** A receipt for files written (`after` text) or removed (`after` null), `before` read from disk. */
export function fileReceipt(
  root: string,
  writes: readonly { readonly path: string; readonly after: string | Buffer | null }[],
): WriteReceipt {
  return {
    paths: writes.map<ShownPath>((w) => ({
      path: w.path,
      before: stateOnDisk(root, w.path),
      after: w.after === null ? 'absent' : contentState(w.after),
    })),
  };
}

/** A receipt for a folder deleted (no `to`) or moved to `to`: every entry, every level down. */
export function folderReceipt(root: string, from: string, to?: string): WriteReceipt {
  const paths: ShownPath[] = [];
  const visit = (relative: string) => {
    const state = stateOnDisk(root, relative);
    paths.push({ path: relative, before: state, after: 'absent' });
    if (to !== undefined) paths.push({ path: to + relative.slice(from.length), before: 'absent', after: state });
    if (state === 'folder') for (const name of readdirSync(path.join(root, relative))) visit(`${relative}/${name}`);
  };
  visit(from);
  return { paths };
}
