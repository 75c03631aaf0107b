// Listings within the result budget (default 60,000 characters): file_search, list_dir, glob and
// list_directory cut at an entry and give the offset that lists the next ones.
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

jest.setTimeout(120_000);

const COUNT = 1000;
const name = (i: number) => `${'a-rather-long-file-name-'.repeat(4)}${String(i).padStart(4, '0')}.txt`;
let h: PackHarness;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < COUNT; i++) files[`wide/${name(i)}`] = 'x\n';
  h = await createPackHarness([searchPack], files);
});
afterAll(() => h.dispose());

const nextOffset = (text: string) => Number(/offset: (\d+)/.exec(text)?.[1]);

/** Calls `tool` page by page (offset) and returns every line the pages listed. */
async function allPages(
  tool: string,
  input: Record<string, unknown>,
  pick: (lines: string[]) => string[],
  model = testModels.general,
) {
  const seen: string[] = [];
  let offset = 0;
  for (let page = 0; page < 10; page++) {
    const result = await h.call(tool, { ...input, offset }, { model });
    expect(result.status).toBe('ok');
    expect(result.text.length).toBeLessThanOrEqual(60_000);
    const lines = pick(result.text.split('\n'));
    seen.push(...lines);
    const next = nextOffset(result.text);
    // The data lists as many, fits the budget as JSON too, and names the same offset.
    const data = result.structuredContent as { files?: unknown[]; entries?: unknown[]; nextOffset?: number };
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(60_000);
    expect((data.files ?? data.entries)?.length).toBe(lines.length);
    expect(data.nextOffset).toBe(next || undefined);
    if (!next) break;
    expect(next).toBe(seen.length);
    offset = next;
  }
  return seen;
}

describe('listings within the result budget', () => {
  it('file_search', async () => {
    const first = await h.call('file_search', { query: 'wide/*.txt', maxResults: 2000 });
    expect(first.text.length).toBeLessThanOrEqual(60_000);
    expect(first.text.split('\n')[0]).toMatch(
      /^Files 1–\d+ matching 'wide\/\*.txt' \(more exist; cut to fit the result budget: call file_search again with offset: \d+/,
    );
    const seen = await allPages('file_search', { query: 'wide/*.txt', maxResults: 2000 }, (l) => l.slice(1));
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => `wide/${name(i)}`));
  });

  it('list_dir', async () => {
    const seen = await allPages('list_dir', { path: 'wide' }, (l) => l.filter((x) => x.endsWith('.txt')));
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => name(i)));
  });

  it('glob (Gemini)', async () => {
    const seen = await allPages(
      'glob',
      { pattern: 'wide/*.txt' },
      (l) => l.filter((x) => x.endsWith('.txt')),
      testModels.gemini,
    );
    expect(new Set(seen).size).toBe(COUNT);
  });

  it('list_directory (Gemini)', async () => {
    const seen = await allPages(
      'list_directory',
      { dir_path: 'wide' },
      (l) => l.filter((x) => x.endsWith('bytes)')),
      testModels.gemini,
    );
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => `${name(i)} (2 bytes)`));
  });
});
