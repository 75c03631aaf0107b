import { inject, injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { WorkspaceError, WorkspaceFileSystem } from '@toolpacks/services';
import { applyHunks, parsePatch, PatchError, type PatchOperation } from '../patch';

export interface ApplyPatchInput {
  readonly input: string;
  readonly explanation?: string;
}

/** The GPT families trained on V4A patches get this instead of replace_string_in_file. */
export const APPLY_PATCH_MODELS = [{ family: 'gpt-4.1*' }, { family: 'gpt-5*' }, { family: 'o3*' }, { family: 'o4*' }];

export const applyPatchDefinition: ToolDefinition = {
  name: 'apply_patch',
  toolReferenceName: 'edit_file',
  displayName: 'Apply Patch',
  modelDescription: [
    'Edits files with a V4A patch: update, add, delete or move files in one call. Returns the files changed; if any hunk does not apply, nothing is written and the error names the file and hunk.',
    'Format:',
    '*** Begin Patch',
    '*** Update File: path/to/file.ts',
    '@@ a line near the change (optional, to locate it)',
    ' unchanged context line',
    '-line to remove',
    '+line to add',
    '*** Add File: path/to/new.ts',
    '+every line of the new file',
    '*** Delete File: path/to/old.ts',
    '*** End Patch',
    'Give 3 lines of context before and after each change, copied exactly from the file. Paths are relative to the workspace root.',
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
  models: APPLY_PATCH_MODELS,
  tags: ['files', 'edit'],
  annotations: { readOnly: false, destructive: false, idempotent: false },
};

type PlannedChange =
  | { kind: 'write'; path: string; content: string; create: boolean; from?: string }
  | { kind: 'delete'; path: string };

@injectable()
export class ApplyPatchTool implements Tool<ApplyPatchInput> {
  constructor(@inject(WorkspaceFileSystem) private readonly workspace: WorkspaceFileSystem) {}

  async invoke({ input }: ToolInvocationOptions<ApplyPatchInput>) {
    let operations: PatchOperation[];
    try {
      operations = parsePatch(input.input);
    } catch (error) {
      if (error instanceof PatchError) throw new WorkspaceError(`The patch could not be read: ${error.message}`);
      throw error;
    }
    // Plan every change first: a hunk that does not apply means no file is touched.
    const planned: PlannedChange[] = [];
    for (const op of operations) {
      const path = this.workspace.relative(await this.workspace.resolve(op.path));
      if (op.kind === 'add') {
        if (await this.workspace.stat(path)) throw new WorkspaceError(`${path} already exists; use '*** Update File: ${path}' to change it. Nothing was written.`);
        planned.push({ kind: 'write', path, content: op.content, create: true });
      } else if (op.kind === 'delete') {
        if ((await this.workspace.stat(path))?.type !== 'file') throw new WorkspaceError(`${path} does not exist, so it cannot be deleted. Nothing was written.`);
        planned.push({ kind: 'delete', path });
      } else {
        const text = await this.workspace.readText(path);
        let content: string;
        try {
          content = applyHunks(text, op.hunks, path);
        } catch (error) {
          if (error instanceof PatchError) throw new WorkspaceError(`${error.message} Nothing was written.`);
          throw error;
        }
        if (op.moveTo) {
          const target = this.workspace.relative(await this.workspace.resolve(op.moveTo));
          if (await this.workspace.stat(target)) throw new WorkspaceError(`Cannot move ${path} to ${target}: it already exists. Nothing was written.`);
          planned.push({ kind: 'write', path: target, content, create: true, from: path }, { kind: 'delete', path });
        } else planned.push({ kind: 'write', path, content, create: false });
      }
    }
    const summary: string[] = [];
    for (const change of planned) {
      if (change.kind === 'delete') {
        await this.workspace.delete(change.path);
        if (!planned.some((c) => c.kind === 'write' && c.from === change.path)) summary.push(`deleted ${change.path}`);
      } else {
        await this.workspace.writeText(change.path, change.content, change.create ? 'create' : 'overwrite');
        summary.push(change.from ? `moved ${change.from} to ${change.path}` : `${change.create ? 'added' : 'updated'} ${change.path}`);
      }
    }
    return textResult(`Applied the patch: ${summary.join(', ')}.`);
  }
}
