import { definePack } from '@toolpacks/registry';
import { applyPatchDefinition, ApplyPatchTool } from './tools/apply_patch';
import { createFileDefinition, CreateFileTool } from './tools/create_file';
import { listOpenEditorsDefinition, ListOpenEditorsTool } from './tools/list_open_editors';
import { readFileDefinition, ReadFileTool } from './tools/read_file';
import { replaceStringInFileDefinition, ReplaceStringInFileTool } from './tools/replace_string_in_file';

export { APPLY_PATCH_MODELS } from './tools/apply_patch';
export { parsePatch, applyHunks, PatchError } from './patch';

/** Reading and editing files. Needs WorkspaceFileSystem; OpenEditorsService where the host has editors. */
export const editorPack = definePack({
  id: 'editor',
  displayName: 'Editor',
  version: '0.1.0',
  tools: [
    { definition: readFileDefinition, implementation: ReadFileTool },
    { definition: createFileDefinition, implementation: CreateFileTool },
    { definition: replaceStringInFileDefinition, implementation: ReplaceStringInFileTool },
    { definition: applyPatchDefinition, implementation: ApplyPatchTool },
    { definition: listOpenEditorsDefinition, implementation: ListOpenEditorsTool },
  ],
  toolSets: [
    { name: 'read', description: 'Read files and see the open editors.', icon: 'book', tools: ['read_file', 'list_open_editors'] },
    { name: 'edit', description: 'Create and edit files.', icon: 'edit', tools: ['create_file', 'edit_file'] },
  ],
});
