import { definePack, defineToolSet } from '@toolpacks/registry';
import { fileSearch } from './tools/file_search';
import { geminiGrepSearch } from './tools/gemini_grep_search';
import { grepSearch } from './tools/grep_search';
import { listDir } from './tools/list_dir';

/** Finding files and text. Needs SearchService and WorkspaceFileSystem. */
export const searchPack = definePack({
  id: 'search',
  displayName: 'Search',
  version: '0.1.0',
  tools: [fileSearch, grepSearch, geminiGrepSearch, listDir],
  toolSets: [
    defineToolSet({
      name: 'search',
      description: 'Find files and text in the workspace.',
      icon: 'search',
      tools: [fileSearch, grepSearch, listDir],
    }),
  ],
});
