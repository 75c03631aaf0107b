import { definePack } from '@toolpacks/registry';
import { fileSearchDefinition, FileSearchTool } from './tools/file_search';
import { geminiGrepSearchDefinition, GeminiGrepSearchTool } from './tools/gemini_grep_search';
import { grepSearchDefinition, GrepSearchTool } from './tools/grep_search';
import { listDirDefinition, ListDirTool } from './tools/list_dir';

/** Finding files and text. Needs SearchService and WorkspaceFileSystem. */
export const searchPack = definePack({
  id: 'search',
  displayName: 'Search',
  version: '0.1.0',
  tools: [
    { definition: fileSearchDefinition, implementation: FileSearchTool },
    { definition: grepSearchDefinition, implementation: GrepSearchTool },
    { definition: geminiGrepSearchDefinition, implementation: GeminiGrepSearchTool },
    { definition: listDirDefinition, implementation: ListDirTool },
  ],
  toolSets: [{ name: 'search', description: 'Find files and text in the workspace.', icon: 'search', tools: ['file_search', 'grep_search', 'list_dir'] }],
});
