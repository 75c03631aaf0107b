import { inject, injectable, optional } from 'inversify';
import { defineTool, textResult, type InputOf, type Tool, type ToolDefinition } from '@toolpacks/registry';
import { ContextKeys, OpenEditorsService } from '@toolpacks/services';

const definition = {
  name: 'list_open_editors',
  toolReferenceName: 'list_open_editors',
  displayName: 'List Open Editors',
  modelDescription:
    "Lists the files open in the user's editor: path, language, whether it is the active editor and whether it has unsaved changes. Use it to learn what the user is looking at or working on. Takes no input.",
  userDescription: 'Lists the open editors.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  // Only a host with editors (VS Code) sets this key; headless hosts never offer the tool.
  when: ContextKeys.hasOpenEditors,
  tags: ['editor', 'read'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ListOpenEditorsTool implements Tool<Input> {
  constructor(@inject(OpenEditorsService) @optional() private readonly editors: OpenEditorsService | undefined) {}

  async invoke() {
    if (!this.editors) throw new Error('This host has no editors. Use file_search or list_dir to find files instead.');
    const open = await this.editors.list();
    if (open.length === 0) return textResult('No editors are open.');
    return textResult(
      open
        .map(
          (e) =>
            `${e.path}${e.languageId ? ` (${e.languageId})` : ''}${e.isActive ? ' [active]' : ''}${e.isDirty ? ' [unsaved changes]' : ''}`,
        )
        .join('\n'),
    );
  }
}

export const listOpenEditors = defineTool({ definition, implementation: ListOpenEditorsTool });
