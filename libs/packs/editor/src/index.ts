import { definePack, defineToolSet } from '@toolpacks/registry';
import { applyPatch } from './tools/apply_patch';
import { createFile } from './tools/create_file';
import { listOpenEditors } from './tools/list_open_editors';
import { readFile } from './tools/read_file';
import { replaceStringInFile } from './tools/replace_string_in_file';

export { APPLY_PATCH_MODELS } from './tools/apply_patch';
export { parsePatch, applyHunks, PatchError } from './patch';

/** Reading and editing files. Needs WorkspaceFileSystem; OpenEditorsService where the host has editors. */
export const editorPack = definePack({
  id: 'editor',
  displayName: 'Editor',
  version: '0.1.0',
  tools: [readFile, createFile, replaceStringInFile, applyPatch, listOpenEditors],
  toolSets: [
    defineToolSet({
      name: 'read',
      description: 'Read files and see the open editors.',
      icon: 'book',
      tools: [readFile, listOpenEditors],
    }),
    // replace_string_in_file and its GPT variant apply_patch share one picker entry, edit_file.
    defineToolSet({
      name: 'edit',
      description: 'Create and edit files.',
      icon: 'edit',
      tools: [createFile, replaceStringInFile, applyPatch],
    }),
  ],
});
