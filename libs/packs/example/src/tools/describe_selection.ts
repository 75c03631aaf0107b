import { injectable } from 'inversify';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';

/** Only offered while an editor has a selection (the `when` clause); headless hosts never set it. */
const definition = {
  name: 'describe_selection',
  displayName: 'Describe Selection',
  modelDescription:
    "Returns facts about the user's current editor selection: line count, longest line and indentation style. Use it before reformatting or explaining a selection. Only available while the editor has a selection.",
  inputSchema: {
    type: 'object',
    properties: {
      selectedText: { type: 'string', description: 'The selected text.' },
      languageId: { type: 'string', description: "VS Code language id, e.g. 'typescript'." },
    },
    required: ['selectedText'],
  },
  when: 'editorHasSelection && !editorReadonly',
  tags: ['example', 'editor'],
  annotations: { readOnly: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class DescribeSelectionTool implements Tool<Input> {
  invoke({ input }: ToolInvocationOptions<Input>) {
    const lines = input.selectedText.split(/\r?\n/);
    const longest = Math.max(...lines.map((l) => l.length));
    const indents = lines.map((l) => /^[\t ]*/.exec(l)![0]).filter((i) => i.length > 0);
    const style =
      indents.length === 0
        ? 'none'
        : indents.every((i) => i.startsWith('\t'))
          ? 'tabs'
          : indents.every((i) => i.startsWith(' '))
            ? 'spaces'
            : 'mixed';
    return textResult(
      `lines=${lines.length} longestLine=${longest} indentation=${style}${input.languageId ? ` language=${input.languageId}` : ''}`,
    );
  }
}

export const describeSelection = defineTool({ definition, implementation: DescribeSelectionTool });
