import * as path from 'node:path';
import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, inertLine, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { describeCount } from '../folderCount';
import { lineCount } from '../lineText';
import { PATH } from '../resultSchemas';
import { confirmWrites, messageText, receiptOf, refuseGitData, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import { describeShownFile, listingText, readShownFile, showFolder, shownRemoval } from '../shownFiles';
import type { ShownFolder } from '../shownFiles';

const definition = {
  name: 'delete_file',
  toolReferenceName: 'delete_file',
  displayName: 'Delete File',
  modelDescription:
    "Deletes a file, an empty folder, or (with recursive: true) a folder with everything in it. A symbolic link is deleted itself, never what it points to. The user is asked first, shown what will be lost. .git and the workspace folder itself are never deleted. Returns what was deleted (a file's lines and size, a folder's file count). To move or rename a file use move_file instead.",
  userDescription: 'Deletes a file or folder in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        description: 'Path of the file or folder to delete, relative to the workspace root or absolute.',
      },
      recursive: {
        type: 'boolean',
        description: 'Delete a folder that is not empty, with everything in it. Not needed for files or empty folders.',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: PATH,
      kind: { type: 'string', enum: ['file', 'folder', 'link'], description: 'link: the link itself was deleted.' },
      bytes: { type: 'integer', minimum: 0, description: 'File: its size in bytes.' },
      lines: { type: 'integer', minimum: 0, description: 'File: its lines, when it was text.' },
      files: { type: 'integer', minimum: 0, description: 'Folder: files deleted in it, every level down.' },
      folders: { type: 'integer', minimum: 0, description: 'Folder: folders deleted in it, every level down.' },
    },
    required: ['path', 'kind'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  // Every delete asks (the tool's default question, or its preparation's). The same call again
  // finds nothing to delete and changes nothing.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

type Target =
  | { readonly kind: 'file'; readonly path: string; readonly size: number; readonly text?: string }
  | { readonly kind: 'link'; readonly path: string }
  | { readonly kind: 'folder'; readonly path: string };

@injectable()
class DeleteFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Every delete asks, saying what will be lost: a file's content (or its type, size and hash), a
  // folder's every entry with the sensitive ones' content; a sensitive path (a hook, tasks, …) or a
  // folder holding one asks every time. The question's receipt is what the write path checks.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    let target: Target;
    try {
      target = await this.target(input);
    } catch {
      return undefined; // invoke reports the problem
    }
    const title = `Delete ${target.kind === 'folder' ? 'folder ' : target.kind === 'link' ? 'link ' : ''}${inertLine(target.path)}?`;
    if (target.kind === 'file') {
      const file = await readShownFile(this.workspace, target.path).catch(() => undefined);
      if (!file) return undefined;
      const lost = `${inertLine(target.path)} (${describeShownFile(file)}) will be deleted.`;
      const write = { path: target.path, before: file.text, beforeState: file.state };
      const sensitive = await confirmWrites(this.workspace, [write]);
      const receipt = receiptOf([write]);
      if (sensitive?.confirmationMessages) {
        const shown = file.text === undefined ? `\n\n${shownRemoval(file, target.path)}` : '';
        return {
          ...sensitive,
          receipt,
          confirmationMessages: {
            title,
            message: `${lost}${shown}\n\n${messageText(sensitive.confirmationMessages.message)}`,
          },
        };
      }
      return { confirmationMessages: { title, message: lost }, receipt };
    }
    if (target.kind === 'link') {
      const message = `The symbolic link ${inertLine(target.path)} will be deleted; what it points to is kept.`;
      const state = (await this.workspace.shownStates(target.path).catch(() => undefined))?.get(target.path);
      const write = { path: target.path, beforeState: state ?? 'absent' };
      // A link out of the workspace has no sensitive reason of its own to read here.
      const sensitive = await confirmWrites(this.workspace, [write]).catch(() => undefined);
      const receipt = receiptOf([write]);
      return sensitive
        ? { ...sensitive, receipt, confirmationMessages: { title, message } }
        : { confirmationMessages: { title, message }, receipt };
    }
    let folder: ShownFolder;
    try {
      folder = await showFolder(this.workspace, target.path);
    } catch {
      return undefined; // invoke reports the problem (a nested .git, …)
    }
    const lost = `${inertLine(target.path)} and everything in it will be deleted: ${describeCount(folder)}.\n${listingText(folder)}`;
    if (folder.sensitive.length || (await this.workspace.sensitiveReason(target.path)))
      return {
        confirmationMessages: {
          title,
          message: [
            lost,
            'It holds files that can make programs run; check before you allow it:',
            ...folder.sensitive,
          ].join('\n\n'),
        },
        receipt: folder.receipt,
        alwaysConfirm: true,
      };
    const protectedFolder = await confirmWrites(this.workspace, [{ path: target.path, beforeState: 'folder' }]);
    // A yes remembered for this tool covers files and empty folders; one for deleting a folder with
    // everything in it (recursive, or not empty now) covers that folder only.
    const keys = [
      ...(input.recursive === true || folder.files + folder.folders ? [`folder:${target.path}`] : []),
      ...(protectedFolder?.approvalKey ? [protectedFolder.approvalKey] : []),
    ];
    return {
      ...(keys.length ? { approvalKey: keys.join('\u0000') } : {}),
      receipt: folder.receipt,
      confirmationMessages: {
        title,
        message: folder.files + folder.folders ? lost : `The empty folder ${inertLine(target.path)} will be deleted.`,
      },
    };
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const target = await this.target(input);
    const options = writeOptions({ receipt, approved }, token);
    if (target.kind === 'file') {
      await this.workspace.applyChanges([{ type: 'delete', path: target.path }], options);
      return structuredResult(
        {
          path: target.path,
          kind: 'file' as const,
          bytes: target.size,
          ...(target.text !== undefined ? { lines: lineCount(target.text) } : {}),
        },
        `Deleted ${target.path} (${describeFile(target)}).`,
      );
    }
    const deleted = await this.workspace.deleteFolder(input.filePath, { recursive: input.recursive === true }, options);
    if (deleted.link)
      return structuredResult(
        { path: deleted.path, kind: 'link' as const },
        `Deleted the symbolic link ${deleted.path}; what it pointed to was kept.`,
      );
    return structuredResult(
      { path: deleted.path, kind: 'folder' as const, files: deleted.files, folders: deleted.folders },
      deleted.files + deleted.folders
        ? `Deleted the folder ${deleted.path} with ${describeCount(deleted)}.`
        : `Deleted the empty folder ${deleted.path}.`,
    );
  }

  /** What the path names, decided on its last name itself (a link is a link, not its target). */
  private async target(input: Input): Promise<Target> {
    const named = await this.lastName(input.filePath);
    let real: string;
    try {
      real = this.workspace.relative(await this.workspace.resolve(input.filePath));
    } catch (error) {
      // Its folder is inside but the path leads out: the last name is a link pointing out, which
      // is deleted itself (what it points to is never touched).
      if (named !== '.' && error instanceof WorkspaceError && /outside the workspace/.test(error.message))
        return { kind: 'link', path: named };
      throw error;
    }
    if (named === '.' || real === '.')
      throw new WorkspaceError(
        `${input.filePath} is the workspace folder itself; it is never deleted. Delete what it holds one by one instead.`,
      );
    refuseGitData([named, real], 'deleted');
    if (named !== real) return { kind: 'link', path: named };
    const stat = await this.workspace.stat(real);
    if (!stat)
      throw new WorkspaceError(
        `${input.filePath} does not exist; nothing was deleted. Use file_search or list_dir to find the right path.`,
      );
    if (stat.type === 'directory') return { kind: 'folder', path: real };
    if (stat.type !== 'file')
      throw new WorkspaceError(`${real} is not a regular file, folder or link; it cannot be deleted.`);
    const text = await this.workspace.readText(real).catch(() => undefined);
    return { kind: 'file', path: real, size: stat.size, text };
  }

  /** The workspace path of `input`'s folder (links followed) joined with its last name (not followed). */
  private async lastName(input: string): Promise<string> {
    const absolute = path.resolve(this.workspace.root, input);
    if (this.workspace.relative(absolute) === '.') return '.';
    const folder = this.workspace.relative(await this.workspace.resolve(path.dirname(absolute)));
    const name = path.basename(absolute);
    return folder === '.' ? name : `${folder}/${name}`;
  }
}

function describeFile(target: { size: number; text?: string }): string {
  const bytes = `${target.size} byte${target.size === 1 ? '' : 's'}`;
  if (target.text === undefined) return bytes;
  const lines = lineCount(target.text);
  return `${lines} line${lines === 1 ? '' : 's'}, ${bytes}`;
}

export const deleteFile = defineTool({ definition, implementation: DeleteFileTool });
