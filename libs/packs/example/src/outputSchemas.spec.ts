// Issue 23, item 3: every example tool declares an outputSchema, and a call's structuredContent
// (loadExample fails a call whose structured result is off its schema) says what its text says.
import Ajv2020 from 'ajv/dist/2020';
import type { OutputOf, ToolValue } from '@toolpacks/registry';
import { examplePack } from './index';
import { call, fixedNow, loadExample, models } from './testing';
import { countWords } from './tools/count_words';
import { describeSelection } from './tools/describe_selection';
import { geminiCountWords } from './tools/gemini_count_words';
import { getTime } from './tools/get_time';
import { gptGetTime } from './tools/gpt_get_time';

/** The call's structured result, typed by the tool's outputSchema; the call must have succeeded. */
function data<T extends ToolValue>(_tool: T, result: Awaited<ReturnType<typeof call>>): OutputOf<T> {
  expect(result.status).toBe('ok');
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent as OutputOf<T>;
}

describe('example pack output schemas', () => {
  it('every tool declares a closed object outputSchema that is valid JSON Schema 2020-12 (Ajv strict mode)', () => {
    const ajv = new Ajv2020({ strict: true });
    expect(examplePack.tools).toHaveLength(5);
    for (const { definition } of examplePack.tools) {
      const schema = definition.outputSchema;
      expect({ tool: definition.name, type: schema?.type, closed: schema?.additionalProperties }).toEqual({
        tool: definition.name,
        type: 'object',
        closed: false,
      });
      expect(ajv.validateSchema(schema!)).toBe(true);
      expect(() => ajv.compile(schema!)).not.toThrow(); // strict: an unknown keyword or a required property not declared throws
    }
  });

  it('count_words and its Gemini variant: the numbers of the text', async () => {
    const registry = await loadExample();
    const counted = await call(registry, models.claude, 'count_words', { text: 'The cat\nthe hat', unique: true });
    expect(data(countWords, counted)).toEqual({ words: 4, lines: 2, characters: 15, unique: 3 });
    expect(counted.text).toBe('words=4 lines=2 characters=15 unique=3');
    const plain = await call(registry, models.claude, 'count_words', { text: '' });
    expect(data(countWords, plain)).toEqual({ words: 0, lines: 0, characters: 0 });
    expect(plain.text).toBe('words=0 lines=0 characters=0');
    const gemini = await call(registry, models.gemini, 'count_words', { text: 'a b a' });
    expect(data(geminiCountWords, gemini)).toEqual({ words: 3, lines: 1, characters: 5, unique: 2 });
    expect(gemini.text).toBe('words=3 lines=1 characters=5 unique=2');
  });

  it('get_time and its GPT variant: the same instant as ISO text, readable in the zone, and Unix seconds', async () => {
    const registry = await loadExample();
    const time = await call(registry, models.claude, 'get_time', { timeZone: 'Asia/Tokyo' });
    const value = data(getTime, time);
    expect(value).toEqual({
      iso: '2026-03-01T12:34:56.000Z',
      local: expect.stringContaining('21:34:56'),
      timeZone: 'Asia/Tokyo',
    });
    expect(time.text).toBe(`${value.iso} (${value.local}, Asia/Tokyo)`);
    const gpt = await call(registry, models.gpt5, 'gpt_get_time', {});
    const gptValue = data(gptGetTime, gpt);
    expect(gptValue).toEqual({
      iso: fixedNow.toISOString(),
      local: expect.stringContaining('12:34:56'),
      timeZone: 'UTC',
      unix: 1772368496,
    });
    expect(gpt.text).toBe(`${gptValue.iso} (${gptValue.local}, UTC); unix=1772368496`);
  });

  it('describe_selection: the facts of the selection', async () => {
    const registry = await loadExample();
    const described = await call(
      registry,
      models.claude,
      'describe_selection',
      { selectedText: 'if (x) {\n\treturn 1;\n}', languageId: 'c' },
      { editorHasSelection: true },
    );
    expect(data(describeSelection, described)).toEqual({
      lines: 3,
      longestLine: 10,
      indentation: 'tabs',
      language: 'c',
    });
    expect(described.text).toBe('lines=3 longestLine=10 indentation=tabs language=c');
    const bare = await call(
      registry,
      models.claude,
      'describe_selection',
      { selectedText: 'x' },
      { editorHasSelection: true },
    );
    expect(data(describeSelection, bare)).toEqual({ lines: 1, longestLine: 1, indentation: 'none' });
  });

  it('a failed call carries no structured result', async () => {
    const result = await call(await loadExample(), models.claude, 'get_time', { timeZone: 'Mars/Olympus' });
    expect(result.status).toBe('error');
    expect(result).not.toHaveProperty('structuredContent');
  });
});
