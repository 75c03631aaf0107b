import { definePack, defineToolSet } from '@toolpacks/registry';
import { searchErrorHints } from './errorHints';
import { fileSearch } from './tools/file_search';
import { geminiGrepSearch } from './tools/gemini_grep_search';
import { glob } from './tools/glob';
import { grepSearch } from './tools/grep_search';
import { listDir } from './tools/list_dir';
import { listDirectory } from './tools/list_directory';

/**
 * Finding files and text. Needs SearchService and WorkspaceFileSystem. Gemini models get Gemini
 * CLI's own tools in their place: grep_search (an override), list_directory and glob (variants of
 * list_dir and file_search).
 */
export const searchPack = definePack({
  id: 'search',
  displayName: 'Search',
  version: '0.1.0',
  tools: [fileSearch, glob, grepSearch, geminiGrepSearch, listDir, listDirectory],
  errorHints: searchErrorHints,
  toolSets: [
    defineToolSet({
      name: 'search',
      description: 'Find files and text in the workspace.',
      icon: 'search',
      tools: [fileSearch, glob, grepSearch, listDir, listDirectory],
    }),
  ],
});
