import { injectable } from 'inversify';
import {
  defineTool,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';
import { COUNTS_PROPERTIES, countsLine, countText, uniqueWords } from './count_words';

/**
 * An override of count_words for Gemini models: the model still calls `count_words`, but sees a
 * simpler schema (one string, no options), and this implementation runs.
 */
const definition = {
  name: 'gemini_count_words',
  overridesTool: 'count_words',
  models: [{ family: 'gemini*' }],
  modelDescription: 'Counts words, lines, characters and distinct words in `text`. Returns the four numbers.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string', description: 'The text to count.' } },
    required: ['text'],
  },
  outputSchema: {
    type: 'object',
    properties: COUNTS_PROPERTIES,
    required: ['words', 'lines', 'characters', 'unique'],
    additionalProperties: false,
  },
  tags: ['example', 'text'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class GeminiCountWordsTool implements Tool<Input> {
  invoke({ input }: ToolInvocationOptions<Input>) {
    const counts = { ...countText(input.text), unique: uniqueWords(input.text) };
    return structuredResult(counts, countsLine(counts));
  }
}

export const geminiCountWords = defineTool({ definition, implementation: GeminiCountWordsTool });
