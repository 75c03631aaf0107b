import { definePack, defineToolSet } from '@toolpacks/registry';
import { editorErrorHints } from './errorHints';
import { applyPatch } from './tools/apply_patch';
import { createFile } from './tools/create_file';
import { deleteFile } from './tools/delete_file';
import { geminiReadFile } from './tools/gemini_read_file';
import { listOpenEditors } from './tools/list_open_editors';
import { moveFile } from './tools/move_file';
import { multiReplaceStringInFile } from './tools/multi_replace_string_in_file';
import { readFile } from './tools/read_file';
import { replace } from './tools/replace';
import { replaceStringInFile } from './tools/replace_string_in_file';
import { strReplaceBasedEditTool } from './tools/str_replace_based_edit_tool';
import { writeFile } from './tools/write_file';

export { APPLY_PATCH_MODELS } from './tools/apply_patch';
export { parsePatch, applyHunks, PatchError } from './patch';

/**
 * Reading and editing files. Needs WorkspaceFileSystem; OpenEditorsService where the host has editors.
 * Claude models get Anthropic's text editor (str_replace_based_edit_tool) in place of read_file,
 * create_file and replace_string_in_file; Gemini models get Gemini CLI's read_file, write_file and
 * replace; GPT models get apply_patch. move_file, delete_file and multi_replace_string_in_file
 * (and create_file's `overwrite`) serve every model family.
 */
export const editorPack = definePack({
  id: 'editor',
  displayName: 'Editor',
  version: '0.1.0',
  tools: [
    readFile,
    createFile,
    replaceStringInFile,
    applyPatch,
    listOpenEditors,
    strReplaceBasedEditTool,
    geminiReadFile,
    writeFile,
    replace,
    multiReplaceStringInFile,
    moveFile,
    deleteFile,
  ],
  errorHints: editorErrorHints,
  toolSets: [
    defineToolSet({
      name: 'read',
      description: 'Read files and see the open editors.',
      icon: 'book',
      tools: [readFile, listOpenEditors],
    }),
    // replace_string_in_file and its variants (apply_patch for GPT, replace for Gemini, the text
    // editor for Claude) share one picker entry, edit_file; create_file and Gemini's write_file share
    // create_file. Gemini's read_file is an override of read_file, reached through it.
    defineToolSet({
      name: 'edit',
      description: 'Create, edit, move and delete files.',
      icon: 'edit',
      tools: [
        createFile,
        writeFile,
        replaceStringInFile,
        applyPatch,
        replace,
        strReplaceBasedEditTool,
        multiReplaceStringInFile,
        moveFile,
        deleteFile,
      ],
    }),
  ],
});
