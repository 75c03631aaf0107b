import { injectable } from 'inversify';
import { textResult, type Tool, type ToolDefinition, type ToolInvocationOptions } from '@toolpacks/registry';
import { countWords } from './count_words';

/**
 * An override of count_words for Gemini models: the model still calls `count_words`, but sees a
 * simpler schema (one string, no options), and this implementation runs.
 */
export const geminiCountWordsDefinition: ToolDefinition = {
  name: 'gemini_count_words',
  overridesTool: 'count_words',
  models: [{ family: 'gemini*' }],
  modelDescription: 'Counts words, lines, characters and distinct words in `text`. Returns the four numbers.',
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The text to count.' } }, required: ['text'] },
  tags: ['example', 'text'],
  annotations: { readOnly: true, idempotent: true },
};

@injectable()
export class GeminiCountWordsTool implements Tool<{ text: string }> {
  invoke({ input }: ToolInvocationOptions<{ text: string }>) {
    return textResult(countWords(input.text, true));
  }
}
