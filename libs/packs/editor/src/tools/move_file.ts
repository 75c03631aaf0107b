import { posix } from 'node:path';
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
import { PATH } from '../resultSchemas';
import { confirmWrites, refuseGitData } from '../sensitiveWrites';

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

  // Every move asks (a rename breaks what refers to the old path); a sensitive source or
  // destination (a hook, git config, tasks, …) asks every time, showing what moves.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<PreparedToolInvocation | undefined> {
    let move: Move;
    try {
      move = await this.check(input);
    } catch {
      return undefined; // invoke reports the problem
    }
    if (move.folder) return this.askFolder(move.from, move.to);
    const { from, to, text } = move;
    const sensitive = await confirmWrites(this.workspace, [
      { path: from, before: text ?? '' },
      { path: to, after: text ?? '' },
    ]);
    const what = `Move ${inertLine(from)} to ${inertLine(to)}?`;
    if (sensitive?.confirmationMessages)
      return { ...sensitive, confirmationMessages: { ...sensitive.confirmationMessages, title: what } };
    return {
      confirmationMessages: {
        title: what,
        message: `The file keeps its content; anything that refers to ${inertLine(from)} must be updated.`,
      },
    };
  }

  async invoke({ input, confirmed, approved }: ToolInvocationOptions<Input>, token?: CancellationToken) {
    const { to, folder } = await this.check(input);
    const options = { allowSensitive: confirmed === true, allowWriteProtected: approved === true, token };
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
    if (source.type === 'directory') return { from, to, folder: true };
    const text = source.size <= 1_000_000 ? await this.workspace.readText(from).catch(() => undefined) : undefined;
    return { from, to, text };
  }

  /** A folder's move asks with what it holds; sensitive paths in it, or where they would land, ask every time. */
  private async askFolder(from: string, to: string): Promise<PreparedToolInvocation> {
    const title = `Move folder ${inertLine(from)} to ${inertLine(to)}?`;
    const count = await countFolder(this.workspace, from).catch(() => undefined);
    const what = count
      ? `${inertLine(from)} and everything in it (${count.complete ? '' : 'more than '}${describeCount(count)}) will move to ${inertLine(to)}.`
      : `${inertLine(from)} and everything in it will move to ${inertLine(to)}.`;
    const sensitive: string[] = [];
    for (const path of [from, ...(count?.entries ?? [])])
      for (const where of [path, to + path.slice(from.length)]) {
        const reason = await this.workspace.sensitiveReason(where).catch(() => undefined);
        if (reason) sensitive.push(`- ${inertLine(reason)}`);
      }
    if (sensitive.length || !count?.complete)
      return {
        confirmationMessages: {
          title,
          message: [
            what,
            sensitive.length
              ? `It moves files that can make programs run; check before you allow it:\n${boundedList(sensitive, 10, '\n')}`
              : 'It holds too many entries to check each one; it may hold files that can make programs run.',
          ].join('\n\n'),
        },
        alwaysConfirm: true,
      };
    const writeProtected = await confirmWrites(this.workspace, [
      { path: from, before: '' },
      { path: to, after: '' },
    ]).catch(() => undefined);
    return {
      confirmationMessages: { title, message: what },
      ...(writeProtected?.approvalKey ? { approvalKey: writeProtected.approvalKey } : {}),
    };
  }
}

type Move =
  | { readonly from: string; readonly to: string; readonly folder?: false; readonly text?: string }
  | { readonly from: string; readonly to: string; readonly folder: true; readonly text?: undefined };

export const moveFile = defineTool({ definition, implementation: MoveFileTool });
