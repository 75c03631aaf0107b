import { posix } from 'node:path';
import { inject, injectable } from 'inversify';
import type { CancellationToken } from '@toolpacks/base';
import { defineTool, inertLine, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { describeCount } from '../folderCount';
import { PATH } from '../resultSchemas';
import { confirmWrites, receiptOf, refuseGitData, writeOptions } from '../sensitiveWrites';
import type { EditCall, EditQuestion } from '../sensitiveWrites';
import {
  describeShownFile,
  listingText,
  readShownFile,
  refuseBinaryOnto,
  shownContent,
  showFolder,
} from '../shownFiles';

const definition = {
  name: 'move_file',
  toolReferenceName: 'move_file',
  displayName: 'Move File',
  modelDescription:
    'Moves or renames a file or a folder (with everything in it) inside the workspace; missing parent folders of the destination are created. The destination must not exist (delete it first with delete_file if it should be replaced). Symbolic links are not moved. The content is unchanged; update imports or references yourself. Returns the old and new path.',
  userDescription: 'Moves or renames a file or folder in the workspace.',
  inputSchema: {
    type: 'object',
    properties: {
      sourcePath: {
        type: 'string',
        description: 'Path of the file or folder to move, relative to the workspace root or absolute.',
      },
      destinationPath: {
        type: 'string',
        description: 'The new path (must not exist), relative to the workspace root or absolute.',
      },
    },
    required: ['sourcePath', 'destinationPath'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      path: { ...PATH, description: 'Where it was (relative to the workspace root).' },
      movedTo: { ...PATH, description: 'Where it is now (relative to the workspace root).' },
      kind: { type: 'string', enum: ['file', 'folder'] },
      files: { type: 'integer', minimum: 0, description: 'Folder: files in it, every level down.' },
      folders: { type: 'integer', minimum: 0, description: 'Folder: folders in it, every level down.' },
    },
    required: ['path', 'movedTo', 'kind'],
    additionalProperties: false,
  },
  tags: ['files', 'edit'],
  // A move takes a file away from its path (destructive). Its preparation asks on every move it can
  // make, so the tool itself does not ask by default: a call refused by its checks fails with the
  // reason. The same call again finds no source and changes nothing.
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: false, asksByDefault: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class MoveFileTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // Every move asks (a rename breaks what refers to the old path), showing what moves: a file's
  // whole content (or its type, size and hash), a folder's every entry with the sensitive ones'
  // content. A sensitive source or destination (a hook, git config, tasks, …) asks every time. The
  // question's receipt (real paths, bytes) is what the write path checks when it moves.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    try {
      const move = await this.check(input);
      return move.folder ? await this.askFolder(move.from, move.to) : await this.askFile(move.from, move.to);
    } catch {
      return undefined; // invoke reports the problem
    }
  }

  async invoke({ input, receipt, approved }: EditCall<Input>, token?: CancellationToken) {
    const { from, to, folder } = await this.check(input);
    const options = writeOptions({ receipt, approved }, token);
    if (folder) {
      const moved = await this.workspace.moveFolder(input.sourcePath, input.destinationPath, options);
      return structuredResult(
        {
          path: moved.path,
          movedTo: moved.movedTo,
          kind: 'folder' as const,
          files: moved.files,
          folders: moved.folders,
        },
        `Moved the folder ${moved.path} (${describeCount(moved)}) to ${moved.movedTo}.`,
      );
    }
    // A binary file never goes onto a sensitive path, asked or not (no question could show it).
    refuseBinaryOnto(await readShownFile(this.workspace, from), from, to, await this.workspace.sensitiveReason(to));
    // The paths as given: the write path refuses a source or destination that is a link itself.
    const change = { type: 'move', path: input.sourcePath, to: input.destinationPath } as const;
    const [applied] = await this.workspace.applyChanges([change], options);
    const movedTo = applied.movedTo ?? to;
    return structuredResult(
      { path: applied.path, movedTo, kind: 'file' as const },
      `Moved ${applied.path} to ${movedTo}.`,
    );
  }

  /** The source and destination as workspace paths, refused early with what to do instead. */
  private async check(input: Input): Promise<Move> {
    const from = this.workspace.relative(await this.workspace.resolve(input.sourcePath));
    const to = this.workspace.relative(await this.workspace.resolve(input.destinationPath));
    if (from === '.' || to === '.')
      throw new WorkspaceError(
        'The workspace folder itself cannot be moved, nor anything moved onto it. Nothing was moved.',
      );
    refuseGitData([from, to], 'moved');
    const source = await this.workspace.stat(from);
    if (!source)
      throw new WorkspaceError(
        `${input.sourcePath} does not exist; nothing was moved. Use file_search or list_dir to find the right path.`,
      );
    if (source.type !== 'file' && source.type !== 'directory')
      throw new WorkspaceError(`${from} is not a regular file; it cannot be moved.`);
    if (from === to)
      throw new WorkspaceError(
        `sourcePath and destinationPath are the same ${source.type === 'directory' ? 'folder' : 'file'} (${from}); nothing was moved. Give a different destination.`,
      );
    if (source.type === 'directory' && to.startsWith(`${from}/`))
      throw new WorkspaceError(`Cannot move the folder ${from} into itself (${to}). Nothing was moved.`);
    if (posix.dirname(to) !== '.' && (await this.workspace.stat(posix.dirname(to)))?.type === 'file')
      throw new WorkspaceError(`${posix.dirname(to)} is a file, so ${to} cannot be created. Nothing was moved.`);
    const destination = await this.workspace.stat(to);
    if (destination)
      throw new WorkspaceError(
        `${to} already exists (${destination.type === 'directory' ? 'a folder' : 'a file'}); nothing was moved. Choose another destination${destination.type === 'file' ? ', or delete it first with delete_file if it should be replaced' : ''}.`,
      );
    return { from, to, folder: source.type === 'directory' };
  }

  /** A file's move shows its whole content where it lands, whatever its size; not text: its type, size and hash. */
  private async askFile(from: string, to: string): Promise<EditQuestion> {
    const file = await readShownFile(this.workspace, from);
    const reasons = [await this.workspace.sensitiveReason(from), await this.workspace.sensitiveReason(to)];
    refuseBinaryOnto(file, from, to, reasons[1]);
    const receipt = receiptOf([
      { path: from, beforeState: file.state },
      { path: to, afterState: file.state },
    ]);
    const title = `Move ${inertLine(from)} to ${inertLine(to)}?`;
    const sensitive = reasons.filter((r): r is string => r !== undefined);
    const protectedPaths = await confirmWrites(this.workspace, [
      { path: from, beforeState: file.state },
      { path: to, afterState: file.state },
    ]).catch(() => undefined);
    const message = [
      ...(sensitive.length
        ? [
            'It moves a file that can make programs run. Check every line before you allow it.',
            ...sensitive.map(inertLine),
          ]
        : []),
      `The file keeps its content (${describeShownFile(file)}); anything that refers to ${inertLine(from)} must be updated. What lands at ${inertLine(to)}:`,
      shownContent(file, to, from),
    ].join('\n\n');
    return {
      confirmationMessages: { title, message },
      receipt,
      ...(sensitive.length ? { alwaysConfirm: true } : {}),
      ...(protectedPaths?.approvalKey ? { approvalKey: protectedPaths.approvalKey } : {}),
    };
  }

  /** A folder's move lists every entry, with the sensitive ones' content; sensitive paths ask every time. */
  private async askFolder(from: string, to: string): Promise<EditQuestion> {
    const title = `Move folder ${inertLine(from)} to ${inertLine(to)}?`;
    const folder = await showFolder(this.workspace, from, to);
    const what = `${inertLine(from)} and everything in it (${describeCount(folder)}) will move to ${inertLine(to)}:\n${listingText(folder)}`;
    if (folder.sensitive.length)
      return {
        confirmationMessages: {
          title,
          message: [
            what,
            'It moves files that can make programs run, or puts files where they can; check every line before you allow it:',
            ...folder.sensitive,
          ].join('\n\n'),
        },
        receipt: folder.receipt,
        alwaysConfirm: true,
      };
    const writeProtected = await confirmWrites(this.workspace, [
      { path: from, beforeState: 'folder' },
      { path: to, afterState: 'folder' },
    ]).catch(() => undefined);
    return {
      confirmationMessages: { title, message: what },
      receipt: folder.receipt,
      ...(writeProtected?.approvalKey ? { approvalKey: writeProtected.approvalKey } : {}),
    };
  }
}

type Move = { readonly from: string; readonly to: string; readonly folder: boolean };

export const moveFile = defineTool({ definition, implementation: MoveFileTool });
