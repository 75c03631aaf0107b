import * as path from 'node:path';
import { inject, injectable } from 'inversify';
import { boundedList, type CancellationToken } from '@toolpacks/base';
import {
  defineTool,
  inertLine,
  structuredResult,
  type InputOf,
  type PreparedToolInvocation,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
  type ToolInvocationPrepareOptions,
} from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { countFolder, describeCount } from '../folderCount';
import { lineCount } from '../lineText';
import { PATH } from '../resultSchemas';
import { confirmWrites, messageText, refuseGitData } from '../sensitiveWrites';

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
  | {
      readonly kind: 'folder';
      readonly path: string;
      readonly files: number;
      readonly folders: number;
      readonly entries: readonly string[];
      readonly complete: boolean;
    };

@injectable()
class DeleteFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Every delete asks, saying what will be lost; a sensitive path (a hook, tasks, …) or a folder
  // holding one asks every time, with the content shown.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    let target: Target;
    try {
      target = await this.target(input, true);
    } catch {
      return undefined; // invoke reports the problem
    }
    const title = `Delete ${target.kind === 'folder' ? 'folder ' : target.kind === 'link' ? 'link ' : ''}${inertLine(target.path)}?`;
    if (target.kind === 'file') {
      const lost = `${inertLine(target.path)} (${describeFile(target)}) will be deleted.`;
      const sensitive = await confirmWrites(this.workspace, [{ path: target.path, before: target.text ?? '' }]);
      if (sensitive?.confirmationMessages)
        return {
          ...sensitive,
          confirmationMessages: { title, message: `${lost}\n\n${messageText(sensitive.confirmationMessages.message)}` },
        };
      return { confirmationMessages: { title, message: lost } };
    }
    if (target.kind === 'link') {
      const message = `The symbolic link ${inertLine(target.path)} will be deleted; what it points to is kept.`;
      // A link out of the workspace has no sensitive reason of its own to read here.
      const sensitive = await confirmWrites(this.workspace, [{ path: target.path, before: '' }]).catch(() => undefined);
      return sensitive
        ? { ...sensitive, confirmationMessages: { title, message } }
        : { confirmationMessages: { title, message } };
    }
    const lost = `${inertLine(target.path)} and everything in it will be deleted: ${target.complete ? '' : 'more than '}${describeCount(target)}.`;
    const sensitive: string[] = [];
    for (const entry of [target.path, ...target.entries]) {
      const reason = await this.workspace.sensitiveReason(entry).catch(() => undefined);
      if (reason) sensitive.push(inertLine(reason)); // names the path
    }
    const protectedFolder = await confirmWrites(this.workspace, [{ path: target.path, before: '' }]);
    if (sensitive.length || !target.complete)
      return {
        confirmationMessages: {
          title,
          message: [
            lost,
            sensitive.length
              ? `It holds files that can make programs run; check before you allow it:\n${boundedList(
                  sensitive.map((r) => `- ${r}`),
                  10,
                  '\n',
                )}`
              : `It holds too many entries to check each one; it may hold files that can make programs run.`,
          ].join('\n\n'),
        },
        alwaysConfirm: true,
      };
    // A yes remembered for this tool covers files and empty folders; one for deleting a folder with
    // everything in it (recursive, or not empty now) covers that folder only.
    const keys = [
      ...(input.recursive === true || target.files + target.folders ? [`folder:${target.path}`] : []),
      ...(protectedFolder?.approvalKey ? [protectedFolder.approvalKey] : []),
    ];
    return {
      ...(keys.length ? { approvalKey: keys.join('\u0000') } : {}),
      confirmationMessages: {
        title,
        message: target.files + target.folders ? lost : `The empty folder ${inertLine(target.path)} will be deleted.`,
      },
    };
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const target = await this.target(input, false);
    const options = { allowSensitive: confirmed === true, allowWriteProtected: approved === true, token };
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
  private async target(input: Input, forAsking: boolean): Promise<Target> {
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
    if (stat.type === 'directory')
      return forAsking
        ? { kind: 'folder', path: real, ...(await countFolder(this.workspace, real)) }
        : { kind: 'folder', path: real, files: 0, folders: 0, entries: [], complete: false };
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
