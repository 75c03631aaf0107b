// Packs with the shapes the real packs have (host-vscode may not import them): general tools whose
// jobs vendor-native variants take for some families, a tool that does several jobs, an override,
// a when clause, toolsets; implementations that only say who ran.
import 'reflect-metadata';
import {
  createToolRegistry,
  definePack,
  textResult,
  type ToolDefinition,
  type ToolRegistry,
} from '@toolpacks/registry/host';

export const MODELS = {
  claude: { id: 'claude-sonnet-4', vendor: 'copilot', family: 'claude-sonnet-4', version: '1' },
  gpt41: { id: 'gpt-4.1', vendor: 'copilot', family: 'gpt-4.1', version: '1' },
  gemini: { id: 'gemini-2.5-pro', vendor: 'copilot', family: 'gemini-2.5-pro', version: '1' },
  other: { id: 'grok-code', vendor: 'xai', family: 'grok-code', version: '1' },
};

const tool = (definition: ToolDefinition) => ({
  definition: { inputSchema: { type: 'object' as const, properties: {} }, ...definition },
  implementation: { invoke: () => textResult(`${definition.name} ran`) },
});

export const shapesEditorPack = definePack({
  id: 'editor',
  displayName: 'Editor',
  version: '1.0.0',
  tools: [
    tool({ name: 'read_file', modelDescription: 'Reads a file.', userDescription: 'Reads a file.' }),
    tool({ name: 'create_file', modelDescription: 'Creates a file.' }),
    tool({ name: 'replace_string_in_file', toolReferenceName: 'edit_file', modelDescription: 'Edits a file.' }),
    tool({
      name: 'apply_patch',
      toolReferenceName: 'edit_file',
      displayName: 'Apply Patch',
      modelDescription: 'Edits files with a patch.',
      userDescription: 'Edits files with a patch.',
      icon: 'diff',
      models: [{ family: 'gpt-4.1*' }, { family: 'gpt-5*' }],
    }),
    tool({
      name: 'str_replace_based_edit_tool',
      toolReferenceName: 'edit_file',
      replaces: ['read_file', 'create_file', 'edit_file'],
      modelDescription: 'Views, creates and edits files.',
      models: [{ family: 'claude-*' }],
    }),
    tool({
      name: 'write_file',
      toolReferenceName: 'create_file',
      modelDescription: 'Writes.',
      models: [{ family: 'gemini-*' }],
    }),
    tool({
      name: 'replace',
      toolReferenceName: 'edit_file',
      modelDescription: 'Replaces.',
      models: [{ family: 'gemini-*' }],
    }),
    tool({
      name: 'gemini_read_file',
      overridesTool: 'read_file',
      modelDescription: 'Reads.',
      models: [{ family: 'gemini-*' }],
    }),
    tool({ name: 'move_file', modelDescription: 'Moves a file.' }),
    tool({ name: 'list_open_editors', modelDescription: 'Lists editors.', when: 'hasOpenEditors' }),
  ],
  toolSets: [
    { name: 'read', description: 'Read files.', icon: 'book', tools: ['read_file', 'list_open_editors'] },
    { name: 'edit', description: 'Edit files.', icon: 'edit', tools: ['create_file', 'edit_file', 'move_file'] },
  ],
});

export const shapesGitPack = definePack({
  id: 'git',
  displayName: 'Git',
  version: '1.0.0',
  tools: [
    tool({ name: 'git_status', modelDescription: 'Shows the status.', when: 'gitOpenRepositoryCount > 0' }),
    tool({
      name: 'git_commit',
      modelDescription: 'Commits.',
      when: 'gitOpenRepositoryCount > 0',
      enabledByDefault: false,
    }),
  ],
  toolSets: [{ name: 'git', description: 'The repository.', icon: 'git-branch', tools: ['git_status', 'git_commit'] }],
});

/** A registry with both packs loaded. */
export async function shapesRegistry(): Promise<ToolRegistry> {
  const registry = createToolRegistry();
  for (const pack of [shapesEditorPack, shapesGitPack]) {
    const loaded = await registry.loadPack(pack);
    if (!loaded.loaded) throw new Error(JSON.stringify(loaded.diagnostics));
  }
  return registry;
}
