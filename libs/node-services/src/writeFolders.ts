// The write path's folder changes: a folder deleted (with everything in it) or moved in one rename,
// through folder fds (no link is followed). The tree is first walked (counted, sensitive paths and
// permissions checked); git's own data (.git) is never deleted or moved, nor anything moved into it.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { boundedList } from '@toolpacks/base';
import {
  WorkspaceError,
  type DeletedFolder,
  type MovedFolder,
  type ShownState,
  type WriteOptions,
} from '@toolpacks/services';
import type { FileLocks } from './fileLocks';
import { refuseGitData } from './gitData';
import { quote } from './quote';
import { joinRelative, lstatOrUndefined, type Location, type SafeOpener } from './safeOpen';
import type { SensitivePaths } from './sensitivePaths';
import { checkShown, checkTreeShown, refuseNestedGit, sameTree, treeStates } from './writeReceipt';
import {
  checkWritableFolder,
  ConflictError,
  inodeAt,
  keysOf,
  lastNameIsLink,
  linkDestination,
  missing,
  openParent,
  permissionError,
  refuseSensitive,
  stopped,
  tempName,
} from './writeSteps';
import { countTree, describeCount, putBack, removeTree, type TreeCount } from './folderTree';

export class FolderWrites {
  constructor(
    private readonly opener: SafeOpener,
    private readonly sensitive: SensitivePaths,
    private readonly locks: FileLocks,
  ) {}

  /**
   * Deletes a folder tree, or a link itself, through folder fds (no link is followed): first the
   * whole tree is walked (counted, sensitive paths and permissions checked), then the folder is
   * renamed aside in one step and its entries removed, deepest first.
   */
  async deleteFolder(input: string, recursive: boolean, options: WriteOptions): Promise<DeletedFolder> {
    if (this.opener.components(input).length === 0)
      throw new WorkspaceError(
        `${quote(input)} is the workspace folder itself; it cannot be deleted. Delete what it holds ` +
          'one by one instead.',
      );
    const parent = await openParent(this.opener, input);
    if (!parent) throw missing(input);
    const { dir, name } = parent;
    const relative = joinRelative(dir.relative, name);
    let release: (() => void) | undefined;
    try {
      refuseGitData(relative);
      const stat = await lstatOrUndefined(dir.at(name));
      if (!stat) throw missing(input);
      release = await this.locks.acquire(await keysOf({ dir, name, relative, created: [] }));
      await checkWritableFolder(dir, input, options.allowWriteProtected);
      if (stat.isSymbolicLink()) {
        const target = await fs.readlink(dir.at(name)).catch(() => '');
        checkShown(this.sensitive, options, relative, `link:${target}`, 'absent');
        if (options.token?.isCancellationRequested) throw stopped();
        await dir.ensure();
        await fs.unlink(dir.at(name)).catch((error) => {
          throw permissionError(error, quote(relative));
        });
        return { path: relative, link: true, files: 0, folders: 0 };
      }
      if (!stat.isDirectory())
        throw new WorkspaceError(`${quote(input)} is a file, not a folder; delete it as a file. Nothing was changed.`);
      const folder = await this.opener.openChild(dir, name);
      if (!folder) throw new ConflictError(quote(relative));
      let counted: TreeCount;
      let checked: { dev: number; ino: number };
      let shown: Map<string, ShownState> | undefined;
      try {
        await this.opener.verifyInside(folder.handle, input, folder.at(''));
        checked = await folder.handle.stat();
        counted = await countTree(this.opener, folder, options.allowWriteProtected);
        refuseNestedGit(relative, counted.paths, 'deleted');
        // With a receipt, every entry and its bytes are compared with what the question listed.
        if (options.receipt) {
          shown = await treeStates(this.opener, folder, relative);
          checkTreeShown(this.sensitive, options, relative, shown);
        }
      } finally {
        await folder.close();
      }
      const sensitive = [relative, ...counted.paths].flatMap((p) => {
        const reason = this.sensitive.reason(p);
        return reason ? [`${p} (${reason})`] : [];
      });
      if (sensitive.length && !options.receipt)
        throw new WorkspaceError(
          `Deleting ${quote(relative)} needs the user's confirmation: ` +
            `it holds sensitive paths (${boundedList(sensitive, 5)}). ` +
            'Nothing was changed; the tool must ask the user before deleting there.',
        );
      if (!recursive && counted.files + counted.folders > 0)
        throw new WorkspaceError(
          `${quote(relative)} is not empty (${describeCount(counted)}); pass recursive: true to delete ` +
            'it with everything in it. Nothing was changed.',
        );
      if (options.token?.isCancellationRequested) throw stopped();
      // One rename makes the folder disappear at once; what is then removed is ours alone.
      const aside = tempName();
      await dir.ensure();
      await fs.rename(dir.at(name), dir.at(aside)).catch((error) => {
        throw permissionError(error, quote(relative));
      });
      // What was renamed must be the folder that was counted and checked, not one swapped in since.
      const moved = await this.opener.openChild(dir, aside);
      const now = await moved?.handle.stat();
      if (!now || now.dev !== checked.dev || now.ino !== checked.ino) {
        await moved?.close();
        // Put back only onto a free name (a rename would replace an empty folder made there meanwhile).
        const free = !(await lstatOrUndefined(dir.at(name)));
        const back = await (free ? fs.rename(dir.at(aside), dir.at(name)) : Promise.reject(new Error('taken'))).then(
          () => 'it was put back',
          () => `it is now named ${quote(joinRelative(dir.relative, aside))}; rename it back`,
        );
        throw new WorkspaceError(
          `${quote(relative)} changed while it was being deleted ` +
            `(something else took its name after it was checked); ${back}.`,
          'changed-while-deleting',
          { path: relative },
        );
      }
      // Renamed aside, the tree is ours: it must still be what the question listed (nothing added,
      // changed or swapped in since the check), or it goes back untouched.
      const changed = shown && sameTree(shown, await treeStates(this.opener, moved!, relative));
      if (changed) {
        await moved?.close();
        const back = (await putBack(dir.at(aside), dir.at(name)))
          ? 'it was put back'
          : `it is now named ${quote(joinRelative(dir.relative, aside))}; rename it back`;
        throw new WorkspaceError(
          `${quote(relative)} changed after the user was asked: ${changed}; ${back}. ` +
            'Nothing was deleted; call the tool again so the user sees what it holds now.',
        );
      }
      try {
        await removeTree(this.opener, moved!);
        await fs.rmdir(dir.at(aside));
      } catch (error) {
        await fs.rename(dir.at(aside), dir.at(name)).catch(() => undefined);
        throw new WorkspaceError(
          `Deleting ${quote(relative)} failed part-way (${(error as Error).message}); some of what it ` +
            'held may be gone. Check the folder.',
        );
      } finally {
        await moved?.close();
      }
      return { path: relative, files: counted.files, folders: counted.folders };
    } finally {
      release?.();
      await dir.close();
    }
  }

  /**
   * Moves a folder tree in one rename, through folder fds. The destination name is first made
   * ours with an exclusive mkdir, then the folder is renamed over that empty folder (a rename
   * replaces only an empty folder), so nothing that appears there meanwhile is ever replaced.
   */
  async moveFolder(input: string, to: string, options: WriteOptions): Promise<MovedFolder> {
    if (this.opener.components(input).length === 0)
      throw new WorkspaceError(`${quote(input)} is the workspace folder itself; it cannot be moved.`);
    if (this.opener.components(to).length === 0)
      throw new WorkspaceError(`Cannot move ${quote(input)} onto the workspace folder itself. Nothing was changed.`);
    const source = await openParent(this.opener, input);
    if (!source) throw missing(input);
    const created: string[] = [];
    let dest: Location | undefined;
    let release: (() => void) | undefined;
    let moved = false;
    try {
      const from = joinRelative(source.dir.relative, source.name);
      refuseGitData(from);
      const stat = await lstatOrUndefined(source.dir.at(source.name));
      if (!stat) throw missing(input);
      if (stat.isSymbolicLink())
        throw new WorkspaceError(
          `${quote(input)} is a symbolic link; only files and folders are moved (moving it would move ` +
            'what it points to). Nothing was changed.',
        );
      if (!stat.isDirectory())
        throw new WorkspaceError(`${quote(input)} is not a folder; move it as a file. Nothing was changed.`);
      if (await lastNameIsLink(this.opener, to)) throw linkDestination(input, to);
      const guard = (relative: string) => {
        refuseGitData(relative);
        refuseSensitive(this.sensitive, relative, options);
      };
      dest = await this.opener.locate(to, { createParents: true, guard });
      created.push(...dest.created);
      refuseGitData(dest.relative);
      if (dest.relative === from)
        throw new WorkspaceError(
          `The source and destination are the same folder (${quote(from)}); nothing was moved. Give a ` +
            'different destination.',
        );
      if (dest.relative.startsWith(`${from}/`))
        throw new WorkspaceError(
          `Cannot move ${quote(from)} into itself (${quote(dest.relative)}). Nothing was changed.`,
        );
      if (await inodeAt(dest.dir, dest.name))
        throw new WorkspaceError(
          `Cannot move ${quote(input)} to ${quote(dest.relative)}: it already exists. Nothing was changed.`,
        );
      release = await this.locks.acquire([
        ...(await keysOf({ dir: source.dir, name: source.name, relative: from, created: [] })),
        ...(await keysOf(dest)),
      ]);
      await checkWritableFolder(source.dir, input, options.allowWriteProtected);
      await checkWritableFolder(dest.dir, to, options.allowWriteProtected);
      const folder = await this.opener.openChild(source.dir, source.name);
      if (!folder) throw new ConflictError(quote(from));
      let counted: TreeCount;
      let checked: { dev: number; ino: number };
      let shown: Map<string, ShownState> | undefined;
      const target = dest.relative;
      const moveTo = (p: string) => target + p.slice(from.length);
      try {
        await this.opener.verifyInside(folder.handle, input, folder.at(''));
        checked = await folder.handle.stat();
        counted = await countTree(this.opener, folder, options.allowWriteProtected);
        refuseNestedGit(from, counted.paths, 'moved');
        // With a receipt, every entry and its bytes are compared with what the question listed.
        if (options.receipt) {
          shown = await treeStates(this.opener, folder, from);
          checkTreeShown(this.sensitive, options, from, shown, moveTo);
        }
      } finally {
        await folder.close();
      }
      const sensitive = [from, ...counted.paths].flatMap((p) =>
        [p, target + p.slice(from.length)].flatMap((q) => {
          const reason = this.sensitive.reason(q);
          return reason ? [`${q} (${reason})`] : [];
        }),
      );
      if (sensitive.length && !options.receipt)
        throw new WorkspaceError(
          `Moving ${quote(from)} needs the user's confirmation: ` +
            `it moves sensitive paths (${boundedList(sensitive, 5)}). ` +
            'Nothing was changed; the tool must ask the user before moving them.',
        );
      if (options.token?.isCancellationRequested) throw stopped();
      await dest.dir.ensure();
      try {
        await fs.mkdir(dest.dir.at(dest.name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new WorkspaceError(
            `Cannot move ${quote(input)} to ${quote(target)}: it already exists. Nothing was changed.`,
          );
        throw permissionError(error, quote(target));
      }
      try {
        await source.dir.ensure();
        await fs.rename(source.dir.at(source.name), dest.dir.at(dest.name));
      } catch (error) {
        await fs.rmdir(dest.dir.at(dest.name)).catch(() => undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST')
          throw new WorkspaceError(
            `Cannot move ${quote(input)} to ${quote(target)}: something was created there meanwhile. Nothing ` +
              'was changed.',
          );
        if (code === 'EXDEV')
          throw new WorkspaceError(
            `${quote(from)} and ${quote(target)} are on different file systems; a folder cannot be moved ` +
              'there in one step. Nothing was changed.',
          );
        throw permissionError(error, quote(from));
      }
      // What was renamed must be the folder that was counted and checked, not one swapped in since.
      const now = await lstatOrUndefined(dest.dir.at(dest.name));
      if (!now || now.dev !== checked.dev || now.ino !== checked.ino) {
        // Put back only onto a free name (a rename would replace an empty folder made there meanwhile).
        const free = !(await lstatOrUndefined(source.dir.at(source.name)));
        const back = await (
          free ? fs.rename(dest.dir.at(dest.name), source.dir.at(source.name)) : Promise.reject(new Error('taken'))
        ).then(
          () => 'it was put back',
          () => `it is now at ${quote(target)}; move it back`,
        );
        moved = !free;
        throw new WorkspaceError(
          `${quote(from)} changed while it was being moved (something else took its name after it was ` +
            `checked); ${back}.`,
          'changed-while-moving',
          { path: from },
        );
      }
      // Moved, the tree must still be what was checked: with a receipt, what the question listed;
      // without one, nothing sensitive added meanwhile. Otherwise it goes back.
      const changed = await this.changedSinceCheck(dest, from, moveTo, shown);
      if (changed) {
        const back = await putBack(dest.dir.at(dest.name), source.dir.at(source.name));
        moved = !back;
        throw new WorkspaceError(
          `${quote(from)} changed after it was checked: ${changed}; ` +
            `${back ? 'it was put back' : `it is now at ${quote(target)}; move it back`}. ` +
            'Nothing was moved; call the tool again so the user sees what it holds now.',
        );
      }
      moved = true;
      return { path: from, movedTo: target, files: counted.files, folders: counted.folders };
    } finally {
      release?.();
      await source.dir.close();
      await dest?.dir.close();
      if (!moved)
        for (const dir of created.reverse()) await fs.rmdir(path.join(this.opener.root, dir)).catch(() => undefined);
    }
  }

  /** What differs in the moved tree from what was checked before the rename, or undefined. */
  private async changedSinceCheck(
    dest: Location,
    from: string,
    moveTo: (path: string) => string,
    shown: Map<string, ShownState> | undefined,
  ): Promise<string | undefined> {
    const folder = await this.opener.openChild(dest.dir, dest.name);
    if (!folder) return `${quote(dest.relative)} is gone`;
    try {
      if (shown) return sameTree(shown, await treeStates(this.opener, folder, from));
      const counted = await countTree(this.opener, folder, true);
      const nested = counted.paths.find((p) => p.split('/').some((part) => part.toLowerCase() === '.git'));
      if (nested) return `${quote(nested)} appeared in it`;
      const added = counted.paths
        .map((p) => from + p.slice(dest.relative.length))
        .find((p) => {
          return this.sensitive.reason(p) || this.sensitive.reason(moveTo(p));
        });
      return added ? `${quote(added)} (a sensitive path) appeared in it` : undefined;
    } finally {
      await folder.close();
    }
  }
}
