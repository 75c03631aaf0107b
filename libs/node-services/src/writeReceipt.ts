// A yes is a receipt: the write path compares what it is about to do with what the confirmed
// question showed (WriteReceipt: real paths, bytes before and after) inside the locked step that
// writes, and refuses — saying what changed — when they differ. Without a receipt, sensitive paths
// are refused and ordinary ones written as before.
import { constants as C, promises as fs } from 'node:fs';
import { WorkspaceError, type ShownState, type WriteOptions, type WriteReceipt } from '@toolpacks/services';
import { hashOf } from './fileSnapshot';
import { quote } from './quote';
import { joinRelative, READ_FLAGS, type OpenDirectory, type SafeOpener } from './safeOpen';
import type { SensitivePaths } from './sensitivePaths';

/** The state of a file holding `bytes`. */
export function bytesState(bytes: Buffer): ShownState {
  return `sha256:${hashOf(bytes)}`;
}

/** A state in words, for the message that says what changed. */
export function describeState(state: ShownState): string {
  if (state === 'absent') return 'nothing';
  if (state === 'folder') return 'a folder';
  if (state.startsWith('link:')) return `a symbolic link to ${quote(state.slice('link:'.length))}`;
  return `a file with sha256 ${state.slice('sha256:'.length, 'sha256:'.length + 12)}…`;
}

/** What to do after a refusal: ask again, showing the world as it is now. */
const ASK_AGAIN =
  'Nothing was changed; call the tool again so the user is asked about what it would write now ' +
  '(read the files again first).';

/**
 * Whether writing `relative` may go ahead: with no receipt, only when it is not sensitive; with a
 * receipt, only when it lists `relative` with `now` as what was there and `after` as what the write
 * leaves (`after` undefined: only the path is checked, as when folders are created on the way).
 */
export function checkShown(
  sensitive: SensitivePaths,
  options: WriteOptions,
  relative: string,
  now?: ShownState,
  after?: ShownState,
): void {
  const receipt = options.receipt;
  if (!receipt) {
    const reason = sensitive.reason(relative);
    if (reason)
      throw new WorkspaceError(
        `Writing ${quote(relative)} needs the user's confirmation (${reason}). Nothing was changed; ` +
          'the tool must ask the user, showing the change, before writing there.',
      );
    return;
  }
  const shown = shownEntry(receipt, relative);
  if (!shown)
    throw new WorkspaceError(
      `The user's yes does not cover ${quote(relative)}: the question did not show that path (a link ` +
        `on the way may point elsewhere now, or something was added since). ${ASK_AGAIN}`,
    );
  if (now !== undefined && shown.before !== now)
    throw new WorkspaceError(
      `${quote(relative)} changed after the user was asked: the question showed ${describeState(shown.before)} ` +
        `there, it now holds ${describeState(now)}. ${ASK_AGAIN}`,
    );
  if (after !== undefined && shown.after !== after)
    throw new WorkspaceError(
      `The write would leave ${describeState(after)} at ${quote(relative)}, but the question showed ` +
        `${describeState(shown.after)}. ${ASK_AGAIN}`,
    );
}

function shownEntry(receipt: WriteReceipt, relative: string) {
  if (!receipt || !Array.isArray(receipt.paths)) return undefined;
  return receipt.paths.find((p) => p && p.path === relative);
}

/** The receipt lists `relative` (a hard-linked file changes other names too: it needs one). */
export function receiptLists(options: WriteOptions, relative: string): boolean {
  return !!options.receipt && !!shownEntry(options.receipt, relative);
}

/**
 * The tree of a folder as a receipt lists it: the folder itself, then every entry every level down,
 * by workspace path under `base` (the folder's path the question used): folders, links (their
 * target) and files (the sha256 of their bytes). Walked through fds; links are never followed.
 */
export async function treeStates(
  opener: SafeOpener,
  folder: OpenDirectory,
  base: string,
  states: Map<string, ShownState> = new Map([[base, 'folder']]),
): Promise<Map<string, ShownState>> {
  const entries = await fs.readdir(folder.at(''), { withFileTypes: true });
  for (const entry of entries) {
    const relative = joinRelative(base, entry.name);
    if (entry.isDirectory()) {
      const child = await opener.openChild(folder, entry.name);
      if (!child) throw new WorkspaceError(`${quote(relative)} changed while it was being checked. ${ASK_AGAIN}`);
      states.set(relative, 'folder');
      try {
        await treeStates(opener, child, relative, states);
      } finally {
        await child.close();
      }
    } else if (entry.isSymbolicLink()) {
      states.set(relative, `link:${await fs.readlink(folder.at(entry.name))}`);
    } else if (entry.isFile()) {
      states.set(relative, await fileState(folder, entry.name, relative));
    } else {
      states.set(relative, `sha256:special-file`);
    }
  }
  return states;
}

async function fileState(folder: OpenDirectory, name: string, relative: string): Promise<ShownState> {
  const handle = await fs.open(folder.at(name), READ_FLAGS | C.O_NOFOLLOW).catch(() => undefined);
  if (!handle) throw new WorkspaceError(`${quote(relative)} changed while it was being checked. ${ASK_AGAIN}`);
  try {
    return bytesState(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * A folder moved or deleted: every entry it holds now must be one the receipt lists where it is
 * (with the same bytes) and, for a move, where it goes; and every entry the receipt listed in it
 * must still be there. `to` maps a source path to its destination (undefined for a delete).
 */
export function checkTreeShown(
  sensitive: SensitivePaths,
  options: WriteOptions,
  from: string,
  states: ReadonlyMap<string, ShownState>,
  to?: (path: string) => string,
): void {
  for (const [path, state] of states) {
    checkShown(sensitive, options, path, state, 'absent');
    if (to) checkShown(sensitive, options, to(path), 'absent', state);
  }
  const receipt = options.receipt;
  if (!receipt) return;
  const gone = receipt.paths.find(
    (p) => p && p.before !== 'absent' && (p.path === from || p.path.startsWith(`${from}/`)) && !states.has(p.path),
  );
  if (gone)
    throw new WorkspaceError(
      `${quote(gone.path)} changed after the user was asked: the question showed ${describeState(gone.before)} ` +
        `there, it now holds nothing. ${ASK_AGAIN}`,
    );
}

/** Two walks of one tree hold the same entries with the same states. */
export function sameTree(a: ReadonlyMap<string, ShownState>, b: ReadonlyMap<string, ShownState>): string | undefined {
  for (const [path, state] of b)
    if (a.get(path) !== state)
      return `${quote(path)} (${describeState(a.get(path) ?? 'absent')} → ${describeState(state)})`;
  for (const path of a.keys()) if (!b.has(path)) return `${quote(path)} (removed)`;
  return undefined;
}

/**
 * A `.git` at any level of a folder (a nested repository or a gitfile): it is never deleted or
 * moved with its parent, confirmed or not — git's own data changes only through git.
 */
export function refuseNestedGit(folder: string, paths: Iterable<string>, what: 'deleted' | 'moved'): void {
  const nested = [...paths].find((p) => p.split('/').some((part) => part.toLowerCase() === '.git'));
  if (!nested) return;
  const parts = nested.split('/');
  const git = parts.slice(0, parts.findIndex((part) => part.toLowerCase() === '.git') + 1).join('/');
  throw new WorkspaceError(
    `${quote(folder)} holds git's own data (${quote(git)}, a nested repository); a folder holding ` +
      `.git is never ${what} by a tool, confirmed or not. Nothing was changed. ` +
      `${what === 'deleted' ? 'Delete' : 'Move'} ` +
      'the other entries one by one, or ask the user to do it.',
  );
}
