import { injectable } from 'inversify';
import {
  defineTool,
  textResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';

const definition = {
  name: 'count_words',
  displayName: 'Count Words',
  modelDescription:
    'Counts the words, lines and characters of a text and returns the three numbers; with unique=true it also counts distinct words (case-insensitive). Use it instead of counting yourself. Not for files: pass the text.',
  userDescription: 'Counts words in a text.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', description: 'The text to count.' },
      unique: { type: 'boolean', description: 'Also count distinct words.' },
    },
    required: ['text'],
    additionalProperties: false,
  },
  tags: ['example', 'text'],
  annotations: { readOnly: true, idempotent: true },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class CountWordsTool implements Tool<Input> {
  invoke({ input }: ToolInvocationOptions<Input>) {
    return textResult(countText(input.text, input.unique ?? false));
  }
}

export function countText(text: string, unique: boolean): string {
  const words = text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
  const lines = text === '' ? 0 : text.split(/\r?\n/).length;
  const parts = [`words=${words.length}`, `lines=${lines}`, `characters=${[...text].length}`];
  if (unique) parts.push(`unique=${new Set(words.map((w) => w.toLowerCase())).size}`);
  return parts.join(' ');
}

export const countWords = defineTool({ definition, implementation: CountWordsTool });
