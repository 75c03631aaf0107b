import { injectable } from 'inversify';
import { defineTool, structuredResult } from '@toolpacks/registry';
import type { InputOf, Tool, ToolDefinition, ToolInvocationOptions } from '@toolpacks/registry';

/** What count_words and its Gemini variant return (their output schemas' properties). */
export const COUNTS_PROPERTIES = {
  words: { type: 'integer', minimum: 0 },
  lines: { type: 'integer', minimum: 0 },
  characters: { type: 'integer', minimum: 0, description: 'Unicode code points.' },
  unique: { type: 'integer', minimum: 0, description: 'Distinct words, case-insensitive.' },
} as const;

/** count_words's output schema, with the counts a variant always returns. */
export function countsSchema<const R extends readonly (keyof typeof COUNTS_PROPERTIES)[]>(required: R) {
  return { type: 'object', properties: COUNTS_PROPERTIES, required, additionalProperties: false } as const;
}

/** Counting reads only the text it is given, and the same text always counts the same. */
export const COUNTING_ANNOTATIONS = { readOnly: true, destructive: false, idempotent: true, openWorld: false } as const;

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
  outputSchema: countsSchema(['words', 'lines', 'characters']),
  tags: ['example', 'text'],
  annotations: COUNTING_ANNOTATIONS,
} as const satisfies ToolDefinition;

type Input = InputOf<typeof definition>;

/** The counts of a text: words, lines, characters (code points). */
export type Counts = { words: number; lines: number; characters: number; unique?: number };

/** count_words's job for every family: a variant says which counts it gives; the text is theirs alike. */
@injectable()
export abstract class CountingJob<I extends { readonly text: string }, C extends Counts> implements Tool<I> {
  invoke({ input }: ToolInvocationOptions<I>) {
    const counts = this.counts(input);
    return structuredResult(counts, countsLine(counts));
  }

  protected abstract counts(input: I): C;
}

@injectable()
class CountWordsTool extends CountingJob<Input, Counts> {
  protected counts(input: Input): Counts {
    return { ...countText(input.text), ...(input.unique ? { unique: uniqueWords(input.text) } : {}) };
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
