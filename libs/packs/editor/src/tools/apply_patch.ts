import { inject, injectable } from 'inversify';
import { boundedList } from '@toolpacks/base';
import type { CancellationToken } from '@toolpacks/base';
import { codeBlock, defineTool, inertLine, ItemFit, jsonChars, roomFor, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationPrepareOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { parsePatch, PatchError, planPatch } from '../patch';
import type { PatchFiles, PatchOperation, PatchPlan, PlannedChange } from '../patch';
import { errorWords } from '../errorHints';
import { EDIT_ANNOTATIONS, PATH } from '../resultSchemas';
import { readShownFile } from '../shownFiles';
import {
  confirmWrites,
  messageText,
  receiptOf,
  writesNeedConfirmation,
  unifiedDiff,
  writeOptions,
} from '../sensitiveWrites';
import type { EditCall, EditQuestion, PlannedWrite } from '../sensitiveWrites';

/** The GPT families trained on V4A patches get this instead of replace_string_in_file. */
export const APPLY_PATCH_MODELS = [
  { family: 'gpt-4.1*' },
  { family: 'gpt-5*' },
  // `--family gpt`: OpenAI's current models, all trained on apply_patch.
  { family: 'gpt' },
  { family: 'o3*' },
  { family: 'o4*' },
  { family: 'codex*' },
];

const definition = {
  name: 'apply_patch',
  toolReferenceName: 'edit_file',
  displayName: 'Apply Patch',
  modelDescription: [
    'Edits files with a V4A patch: update, add, delete or move files in one call. Returns the files changed, and says when a hunk matched only after ignoring whitespace (check the indentation then); if any hunk does not apply, nothing is written and the error names the file and hunk.',
    'Format:',
    '*** Begin Patch',
    '*** Update File: path/to/file.ts',
    '@@ a line near the change, such as a class or function header (optional)',
    ' unchanged context line',
    '-line to remove',
    '+line to add',
    '*** Add File: path/to/new.ts',
    '+every line of the new file',
    '*** Delete File: path/to/old.ts',
    '*** End Patch',
    "Give 3 lines of context before and after each change, copied exactly from the file. Several @@ lines in a row (a class, then a method) narrow down where a hunk goes; a line '*** End of File' after a hunk puts it at the end of the file. Paths are relative to the workspace root.",
  ].join('\n'),
  userDescription: 'Edits files with a patch.',
  inputSchema: {
    type: 'object',
    properties: {
      input: { type: 'string', description: "The patch, from '*** Begin Patch' to '*** End Patch'." },
      explanation: { type: 'string', description: 'A short sentence on what the patch does.' },
    },
    required: ['input'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      files: {
        type: 'array',
        description:
          'Every file the patch changed, in patch order; as many as fit the result when it changed very many (filesOmitted counts the rest).',
        items: {
          type: 'object',
          properties: {
            path: PATH,
            change: {
              type: 'string',
              enum: ['created', 'edited', 'deleted', 'moved'],
              description: 'moved: to movedTo, with its hunks applied.',
            },
            movedTo: PATH,
          },
          required: ['path', 'change'],
          additionalProperties: false,
        },
      },
      filesOmitted: {
        type: 'integer',
        minimum: 1,
        description: 'Files changed after the last one listed, left out to fit the result.',
      },
      looseMatches: {
        type: 'array',
        description: 'File updates with hunks that matched only with whitespace ignored: check their indentation.',
        items: {
          type: 'object',
          properties: {
            path: PATH,
            hunks: { type: 'array', items: { type: 'integer', minimum: 1 }, description: '1-based, in the update.' },
            ignored: { type: 'string', enum: ['whitespace', 'whitespace and typographic characters'] },
            indentation: { type: 'string', description: 'How the file is indented (tabs, 2 spaces), when clear.' },
          },
          required: ['path', 'hunks', 'ignored'],
          additionalProperties: false,
        },
      },
    },
    required: ['files', 'looseMatches'],
    additionalProperties: false,
  },
  models: APPLY_PATCH_MODELS,
  tags: ['files', 'edit'],
  annotations: EDIT_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ApplyPatchTool implements Tool<Input> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  // A patch that touches a sensitive file (git config, hooks, tasks, …) or a write-protected one
  // asks, with the diff of every sensitive file. The paths come from parsing alone, so ordinary
  // patches cost no extra reads.
  async prepareInvocation({ input }: ToolInvocationPrepareOptions<Input>): Promise<EditQuestion | undefined> {
    if (typeof input?.input !== 'string') return undefined;
    let operations: PatchOperation[];
    try {
      operations = parsePatch(input.input);
    } catch {
      return undefined; // invoke reports the problem
    }
    const paths = operations.flatMap((op) =>
      op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path],
    );
    // Deleting or moving a file away asks, as delete_file and move_file do: outside an editor there
    // is no undo, and a file git does not track is gone for good.
    const removals = operations.flatMap((op) =>
      op.kind === 'delete'
        ? [`${inertLine(op.path)} will be deleted.`]
        : op.kind === 'update' && op.moveTo !== undefined
          ? [`${inertLine(op.path)} will be moved to ${inertLine(op.moveTo)}.`]
          : [],
    );
    const sensitive = await writesNeedConfirmation(this.workspace, paths);
    if (!removals.length && !sensitive) return undefined;
    let plan: PatchPlan;
    try {
      plan = await this.plan(operations);
    } catch {
      return undefined; // invoke reports the problem (a file to delete that is not there, …)
    }
    const writes = await this.withStates(plan.changes.flatMap(plannedWrites));
    const asked = sensitive ? await confirmWrites(this.workspace, writes) : undefined;
    // The receipt lists every file of the patch, so a yes covers exactly the bytes planned here.
    const receipt = receiptOf(writes);
    if (!removals.length) return asked && { ...asked, receipt };
    const title = `Delete or move ${removals.length === 1 ? 'a file' : `${removals.length} files`} with apply_patch?`;
    // Named by their real paths (links resolved), each with what is lost or what lands.
    const lost = plan.changes.flatMap((change) => removalShown(change, writes)).join('\n\n');
    return {
      ...asked,
      receipt,
      confirmationMessages: {
        title,
        message: asked?.confirmationMessages ? `${lost}\n\n${messageText(asked.confirmationMessages.message)}` : lost,
      },
    };
  }

  async invoke({ input, receipt, approved, tokenizationOptions }: EditCall<Input>, token?: CancellationToken) {
    let operations: PatchOperation[];
    try {
      operations = parsePatch(input.input);
    } catch (error) {
      if (error instanceof PatchError)
        throw new WorkspaceError(`The patch could not be read: ${error.message} Nothing was written.`);
      throw error;
    }
    const plan = await this.plan(operations);
    // One batch, all or nothing: staged and checked against what the plan read before any rename.
    const changes = plan.changes.filter(
      (c) => !(c.type === 'update' && c.moveTo === undefined && c.content === c.expected),
    );
    if (changes.length) await this.workspace.applyChanges(changes, writeOptions({ receipt, approved }, token));
    const notes = plan.notes.length ? ` ${boundedList(plan.notes, 20, ' ')}` : '';
    // A patch of very many files lists as many as fit the result as data (the text names the first few).
    const files = plan.changes.map(changedFile);
    const room = roomFor({ dataReserve: 200 }, tokenizationOptions, plan.looseMatches);
    const fit = new ItemFit({ maxChars: Infinity, maxJsonChars: room.maxJsonChars });
    const listed = files.filter((file) => fit.take(0, jsonChars(file)));
    const omitted = fit.stopped ? { filesOmitted: files.length - listed.length } : {};
    return structuredResult(
      { files: listed, ...omitted, looseMatches: plan.looseMatches },
      `Applied the patch: ${boundedList(plan.summary)}.${notes}`,
    );
  }

  /** Everything is read and computed before the first write: a failure changes nothing. */
  private async plan(operations: readonly PatchOperation[]): Promise<PatchPlan> {
    try {
      return await planPatch(operations, this.files());
    } catch (error) {
      if (error instanceof PatchError || error instanceof WorkspaceError)
        throw new WorkspaceError(`${errorWords(error)} Nothing was written.`);
      throw error;
    }
  }

  /** A file the plan did not read as text (new, or deleted or replaced unread) is listed as it is on disk. */
  private async withStates(writes: readonly PlannedWrite[]): Promise<PlannedWrite[]> {
    return Promise.all(
      writes.map(async (write) =>
        write.before === undefined ? { ...write, ...(await this.shownBefore(write.path)) } : write,
      ),
    );
  }

  /** A file's text (when it is text) and state, from one read: what the question shows is what the receipt lists. */
  private async shownBefore(path: string): Promise<Pick<PlannedWrite, 'before' | 'beforeState'>> {
    const state = (await this.workspace.shownStates(path)).get(path);
    if (!state?.startsWith('sha256:')) return { beforeState: state };
    const file = await readShownFile(this.workspace, path).catch(() => undefined);
    return file ? { before: file.text, beforeState: file.state } : { beforeState: state };
  }

  private files(): PatchFiles {
    const workspace = this.workspace;
    return {
      key: async (path) => workspace.relative(await workspace.resolve(path)),
      type: async (key) => (await workspace.stat(key))?.type,
      read: (key) => workspace.readText(key),
    };
  }
}

/** What a question shows of a planned delete (what is lost) or move (what lands where), or nothing. */
function removalShown(change: PlannedChange, writes: readonly PlannedWrite[]): string[] {
  if (change.type === 'delete') {
    const write = writes.find((w) => w.path === change.path);
    const text = change.expected ?? write?.before;
    const state = write?.beforeState;
    return [
      text === undefined
        ? `${inertLine(change.path)} (not text${state?.startsWith('sha256:') ? `, sha256 ${state.slice(7)}` : ''}) will be deleted.`
        : `${inertLine(change.path)} will be deleted:\n\n${codeBlock(unifiedDiff({ path: change.path, before: text }), 'diff')}`,
    ];
  }
  if (change.type !== 'update' || change.moveTo === undefined) return [];
  const landed = unifiedDiff({ path: change.moveTo, after: change.content }).replace(
    /^--- \/dev\/null/,
    `--- ${inertLine(`a/${change.path}`)}`,
  );
  return [
    `${inertLine(change.path)} will be moved to ${inertLine(change.moveTo)}; what lands there:\n\n${codeBlock(landed, 'diff')}`,
  ];
}

/** A planned change as the structured result lists it. */
function changedFile(change: PlannedChange) {
  if (change.type === 'create') return { path: change.path, change: 'created' as const };
  if (change.type === 'delete') return { path: change.path, change: 'deleted' as const };
  if (change.moveTo !== undefined) return { path: change.path, change: 'moved' as const, movedTo: change.moveTo };
  return { path: change.path, change: 'edited' as const };
}

/** What a planned change writes, for the diff a sensitive write shows. */
function plannedWrites(change: PlannedChange): PlannedWrite[] {
  if (change.type === 'create') return [{ path: change.path, after: change.content }];
  // A file not read as text: its bytes on disk are looked up (withStates), its diff shown from nothing.
  if (change.type === 'delete') return [{ path: change.path, before: change.expected }];
  if (change.moveTo !== undefined)
    return [
      { path: change.path, before: change.expected },
      { path: change.moveTo, after: change.content },
    ];
  return [{ path: change.path, before: change.expected, after: change.content }];
}

export const applyPatch = defineTool({ definition, implementation: ApplyPatchTool });
