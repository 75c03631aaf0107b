import { injectable } from 'inversify';
import {
  defineTool,
  structuredResult,
  type InputOf,
  type Tool,
  type ToolDefinition,
  type ToolInvocationOptions,
} from '@toolpacks/registry';

/** What count_words and its Gemini variant return (their output schemas' properties). */
export const COUNTS_PROPERTIES = {
  words: { type: 'integer', minimum: 0 },
  lines: { type: 'integer', minimum: 0 },
  characters: { type: 'integer', minimum: 0, description: 'Unicode code points.' },
  unique: { type: 'integer', minimum: 0, description: 'Distinct words, case-insensitive.' },
} as const;

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
  outputSchema: {
    type: 'object',
    properties: COUNTS_PROPERTIES,
    required: ['words', 'lines', 'characters'],
    additionalProperties: false,
  },
  tags: ['example', 'text'],
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

@injectable()
class CountWordsTool implements Tool<Input> {
  invoke({ input }: ToolInvocationOptions<Input>) {
    const counts = { ...countText(input.text), ...(input.unique ? { unique: uniqueWords(input.text) } : {}) };
    return structuredResult(counts, countsLine(counts));
  }
}

const WORD = /[\p{L}\p{N}'-]+/gu;

/** The words, lines and characters (code points) of `text`. */
export function countText(text: string): { words: number; lines: number; characters: number } {
  return {
    words: (text.match(WORD) ?? []).length,
    lines: text === '' ? 0 : text.split(/\r?\n/).length,
    characters: [...text].length,
  };
}

/** The distinct words of `text`, case-insensitive. */
export function uniqueWords(text: string): number {
  return new Set((text.match(WORD) ?? []).map((w) => w.toLowerCase())).size;
}

/** `words=4 lines=2 characters=15 unique=3`: the text of the same counts. */
export function countsLine(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${name}=${count}`)
    .join(' ');
}

export const countWords = defineTool({ definition, implementation: CountWordsTool });
