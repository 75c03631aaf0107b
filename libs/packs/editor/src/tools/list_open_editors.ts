import { inject, injectable, optional } from 'inversify';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition } from '@toolpacks/registry';
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
  outputSchema: {
    type: 'object',
    properties: {
      editors: {
        type: 'array',
        description: 'The open editors, in the order the host lists them; empty when none is open.',
        items: {
          type: 'object',
          properties: {
            path: {
              type: 'string',
              description: 'Relative to the workspace root inside it; else absolute, or a URI.',
            },
            languageId: { type: 'string', description: "The editor's language (typescript, markdown, …), when known." },
            active: { type: 'boolean', description: 'It is the active editor.' },
            dirty: { type: 'boolean', description: 'It has unsaved changes.' },
          },
          required: ['path', 'active', 'dirty'],
          additionalProperties: false,
        },
      },
    },
    required: ['editors'],
    additionalProperties: false,
  },
  tags: ['editor', 'read'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class ListOpenEditorsTool implements Tool<Input> {
  constructor(@inject(OpenEditorsService) @optional() private readonly editors: OpenEditorsService | undefined) {}

  async invoke() {
    if (!this.editors) throw new Error('This host has no editors. Use file_search or list_dir to find files instead.');
    const open = await this.editors.list();
    const editors = open.map((e) => ({
      path: e.path,
      ...(e.languageId ? { languageId: e.languageId } : {}),
      active: e.isActive,
      dirty: e.isDirty,
    }));
    if (open.length === 0) return structuredResult({ editors }, 'No editors are open.');
    return structuredResult(
      { editors },
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
