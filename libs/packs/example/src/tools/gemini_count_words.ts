import { injectable } from 'inversify';
import { defineTool } from '@toolpacks/registry';
import type { InputOf, ToolDefinition } from '@toolpacks/registry';
import { COUNTING_ANNOTATIONS, countsSchema, countText, CountingJob, uniqueWords } from './count_words';
import type { Counts } from './count_words';

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
  outputSchema: countsSchema(['words', 'lines', 'characters', 'unique']),
  tags: ['example', 'text'],
  annotations: COUNTING_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** count_words's own body: its schema has no options, so distinct words are always counted. */
@injectable()
class GeminiCountWordsTool extends CountingJob<Input, Required<Counts>> {
  protected counts(input: Input): Required<Counts> {
    return { ...countText(input.text), unique: uniqueWords(input.text) };
  }
}

export const geminiCountWords = defineTool({ definition, implementation: GeminiCountWordsTool });
