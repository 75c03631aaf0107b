import { injectable } from 'inversify';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';

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
  outputSchema: {
    type: 'object',
    properties: {
      lines: { type: 'integer', minimum: 1 },
      longestLine: { type: 'integer', minimum: 0, description: 'The longest line’s length in UTF-16 code units.' },
      indentation: {
        type: 'string',
        enum: ['none', 'tabs', 'spaces', 'mixed'],
        description: 'How the indented lines are indented.',
      },
      language: { type: 'string', description: 'The language id given.' },
    },
    required: ['lines', 'longestLine', 'indentation'],
    additionalProperties: false,
  },
  when: 'editorHasSelection && !editorReadonly',
  tags: ['example', 'editor'],
  // Reads only the text it is given.
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class DescribeSelectionTool implements Tool<Input> {
  invoke({ input }: ToolInvocationOptions<Input>) {
    const lines = input.selectedText.split(/\r?\n/);
    const longest = Math.max(...lines.map((l) => l.length));
    const indents = lines.map((l) => /^[\t ]*/.exec(l)![0]).filter((i) => i.length > 0);
    const style: 'none' | 'tabs' | 'spaces' | 'mixed' =
      indents.length === 0
        ? 'none'
        : indents.every((i) => i.startsWith('\t'))
          ? 'tabs'
          : indents.every((i) => i.startsWith(' '))
            ? 'spaces'
            : 'mixed';
    const facts = {
      lines: lines.length,
      longestLine: longest,
      indentation: style,
      ...(input.languageId ? { language: input.languageId } : {}),
    };
    return structuredResult(
      facts,
      `lines=${facts.lines} longestLine=${longest} indentation=${style}${facts.language ? ` language=${facts.language}` : ''}`,
    );
  }
}

export const describeSelection = defineTool({ definition, implementation: DescribeSelectionTool });
