// Every search tool declares an output schema and answers with a structured result that says what
// its text says (the harness already fails a call whose result is off its schema; this checks the
// schemas' shape and that the data matches the text, not only the schema).
import * as path from 'node:path';
import type { ModelInfo } from '@toolpacks/registry';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { HarnessCallResult, PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from './index';

let h: PackHarness;
beforeAll(
  async () =>
    (h = await createPackHarness([searchPack], {
      'src/a.ts': 'const needle = 1;\nconst other = 2;\n',
      'src/deep/b.md': 'a Needle in the docs\n',
      'README.md': 'nothing here\n',
      '.gitignore': 'dist/\n',
      'dist/out.js': 'needle in build output\n',
    })),
);
afterAll(() => h.dispose());

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
};

/** Problems of a schema node and everything inside it: open objects, unknown required names, untyped nodes. */
function schemaProblems(schema: Schema, at = '$'): string[] {
  if (typeof schema.type !== 'string') return [`${at} has no type`];
  if (schema.type === 'array') return schema.items ? schemaProblems(schema.items, `${at}[]`) : [`${at} has no items`];
  if (schema.type !== 'object') return [];
  const properties = schema.properties ?? {};
  return [
    ...(schema.additionalProperties === false ? [] : [`${at} is open (additionalProperties is not false)`]),
    ...(schema.required ?? []).filter((name) => !(name in properties)).map((name) => `${at} requires ${name}`),
    ...Object.entries(properties).flatMap(([name, inner]) => schemaProblems(inner, `${at}.${name}`)),
  ];
}

describe('search output schemas', () => {
  it.each(searchPack.tools.map((t) => [t.definition.name, t.definition.outputSchema as Schema]))(
    '%s declares a closed object schema',
    (_name, schema) => {
      expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(schemaProblems(schema)).toEqual([]);
    },
  );
});

type Data = Record<string, unknown>;
type Entry = { name: string; type: string; ignored?: boolean; size?: number };
type Match = { path: string; line: number; text: string; context?: { line: number; text: string }[] };

/** One call per tool (by definition name), and how its structured result reads against its text. */
const calls: {
  tool: string;
  call: string;
  model: ModelInfo;
  input: object;
  check: (data: Data, text: string) => void;
}[] = [
  {
    tool: 'grep_search',
    call: 'grep_search',
    model: testModels.general,
    input: { query: 'needle' },
    check: (data, text) => {
      const matches = data.matches as Match[];
      expect(matches.map((m) => `${m.path}:${m.line}: ${m.text}`)).toEqual(text.split('\n').slice(1));
      expect(data).toEqual({ matches, total: 2, truncated: false });
    },
  },
  {
    tool: 'gemini_grep_search',
    call: 'grep_search',
    model: testModels.gemini,
    input: { pattern: 'needle', dir_path: 'src' },
    check: (data, text) => {
      // Two matches: the tool adds 15 lines of context by itself, which the data carries too.
      expect(data).toEqual({
        matches: [
          { path: 'a.ts', line: 1, text: 'const needle = 1;', context: [{ line: 2, text: 'const other = 2;' }] },
          { path: 'deep/b.md', line: 1, text: 'a Needle in the docs' },
        ],
        total: 2,
        truncated: false,
      });
      expect(text).toContain(
        'File: a.ts\nL1: const needle = 1;\nL2- const other = 2;\n---\nFile: deep/b.md\nL1: a Needle',
      );
    },
  },
  {
    tool: 'file_search',
    call: 'file_search',
    model: testModels.general,
    input: { query: '*.md' },
    check: (data, text) => {
      expect(data).toEqual({ files: ['README.md', 'src/deep/b.md'], total: 2, truncated: false });
      expect(text.split('\n').slice(1)).toEqual(data.files);
    },
  },
  {
    tool: 'glob',
    call: 'glob',
    model: testModels.gemini,
    input: { pattern: '**/*.ts' },
    check: (data, text) => {
      expect(data).toEqual({ files: [path.join(h.root, 'src/a.ts')], total: 1, truncated: false });
      expect(text.split('\n').slice(1)).toEqual(data.files);
    },
  },
  {
    tool: 'list_dir',
    call: 'list_dir',
    model: testModels.general,
    input: { path: '.' },
    check: (data, text) => {
      expect(data).toEqual({
        path: '.',
        entries: [
          { name: '.gitignore', type: 'file' },
          { name: 'README.md', type: 'file' },
          { name: 'dist', type: 'folder', ignored: true },
          { name: 'src', type: 'folder' },
        ],
        total: 4,
      });
      const shown = (e: Entry) => `${e.name}${e.type === 'folder' ? '/' : ''}${e.ignored ? ' (ignored)' : ''}`;
      expect(text.split('\n')).toEqual((data.entries as Entry[]).map(shown));
    },
  },
  {
    tool: 'list_directory',
    call: 'list_directory',
    model: testModels.gemini,
    input: { dir_path: '.' },
    check: (data, text) => {
      expect(data).toEqual({
        path: h.root,
        entries: [
          { name: 'src', type: 'folder' },
          { name: '.gitignore', type: 'file', size: 6 },
          { name: 'README.md', type: 'file', size: 13 },
        ],
        total: 3,
        ignored: 1,
      });
      const shown = (e: Entry) => (e.type === 'folder' ? `[DIR] ${e.name}` : `${e.name} (${e.size} bytes)`);
      expect(text).toBe(
        `Directory listing for ${h.root}:\n${(data.entries as Entry[]).map(shown).join('\n')}\n\n(1 ignored)`,
      );
    },
  },
];

describe('search structured results', () => {
  it('calls every tool of the pack', () => {
    expect(calls.map((c) => c.tool).sort()).toEqual(searchPack.tools.map((t) => t.definition.name).sort());
  });

  it.each(calls.map((c) => [c.tool, c] as const))('%s answers with data that says what its text says', async (_, c) => {
    const result: HarnessCallResult = await h.call(c.call, c.input, { model: c.model });
    expect(result.status).toBe('ok');
    expect(result.structuredContent).toBeDefined();
    c.check(result.structuredContent as Data, result.text);
  });

  it('answers zero matches with empty data, and a refusal with an error and no data', async () => {
    expect((await h.call('grep_search', { query: 'absent' })).structuredContent).toEqual({
      matches: [],
      total: 0,
      truncated: false,
    });
    expect((await h.call('file_search', { query: '*.py' })).structuredContent).toEqual({
      files: [],
      total: 0,
      truncated: false,
    });
    const missing = await h.call('list_dir', { path: 'nope' });
    expect(missing.isError).toBe(true);
    expect(missing).not.toHaveProperty('structuredContent');
  });

  it('names in the data the same next offset as the text', async () => {
    const grep = await h.call('grep_search', { query: 'needle', maxResults: 1 });
    expect(grep.text).toMatch(/offset: 1 for the next ones/);
    expect(grep.structuredContent).toEqual({
      matches: [{ path: 'src/a.ts', line: 1, text: 'const needle = 1;' }],
      truncated: true,
      nextOffset: 1,
    });
    const files = await h.call('file_search', { query: '**/*', maxResults: 2 });
    expect(files.text).toMatch(/offset: 2 for the next ones/);
    expect(files.structuredContent).toMatchObject({ total: 2, truncated: true, nextOffset: 2 });
  });
});
