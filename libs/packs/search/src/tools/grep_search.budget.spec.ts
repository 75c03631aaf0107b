// Every grep_search result fits the call's budget (default 60,000 characters): a big result is cut at
// a match and says which offset gets the next ones; following the offsets gives every match once.
import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

jest.setTimeout(120_000);

const FILES = 150;
const PER_FILE = 10;
let h: PackHarness;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let f = 0; f < FILES; f++) {
    const lines = Array.from(
      { length: PER_FILE },
      (_, i) => `const value${i} = needle(${f}, ${i}); // ${'explanation of the call '.repeat(3)}`,
    );
    files[`src/module${String(f).padStart(3, '0')}/file.ts`] = `${lines.join('\n')}\n`;
  }
  h = await createPackHarness([searchPack], files);
});
afterAll(() => h.dispose());

const offsetIn = (text: string) => Number(/offset: (\d+)/.exec(text.split('\n')[0])?.[1]);

describe('grep_search within the result budget', () => {
  it('maxResults 1000 stays within 60,000 characters and says how to get the rest', async () => {
    const first = await h.call('grep_search', { query: 'needle(', maxResults: 1000 });
    expect(first.status).toBe('ok');
    expect(first.text.length).toBeLessThanOrEqual(60_000);
    const next = offsetIn(first.text);
    expect(first.text.split('\n')[0]).toBe(
      `Matches 1–${next} for "needle(" (more exist; cut at ${next} of the 1000 found to fit the result budget: call grep_search again with the same query and offset: ${next} for the next ones, or narrow the search with includePattern):`,
    );
    expect(first.text.split('\n')).toHaveLength(next + 1);
    // The data lists the same matches, fits the budget as JSON too, and names the same offset.
    const data = first.structuredContent as { matches: { path: string; line: number; text: string }[] };
    expect(JSON.stringify(data).length).toBeLessThanOrEqual(60_000);
    expect(data).toMatchObject({ truncated: true, nextOffset: next });
    expect(data).not.toHaveProperty('total');
    expect(data.matches.map((m) => `${m.path}:${m.line}: ${m.text}`)).toEqual(first.text.split('\n').slice(1));
  });

  it('following the offsets returns every match exactly once, in order', async () => {
    const all = await h.call('grep_search', { query: 'needle(', maxResults: 1000 }, { tokenBudget: 1_000_000 });
    const expected = all.text.split('\n').slice(1);
    expect(expected).toHaveLength(FILES * PER_FILE > 1000 ? 1000 : FILES * PER_FILE);
    const seen: string[] = [];
    let offset = 0;
    for (let page = 0; page < 10 && seen.length < FILES * PER_FILE; page++) {
      const result = await h.call('grep_search', { query: 'needle(', maxResults: 1000, offset });
      expect(result.text.length).toBeLessThanOrEqual(60_000);
      const lines = result.text.split('\n');
      seen.push(...lines.slice(1));
      if (/\(the last ones\)|^\d+ match/.test(lines[0])) break;
      offset = offsetIn(result.text);
      expect(offset).toBe(seen.length);
      expect(result.structuredContent).toMatchObject({ truncated: true, nextOffset: offset });
    }
    expect(seen.slice(0, 1000)).toEqual(expected);
    expect(seen).toHaveLength(FILES * PER_FILE);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.at(-1)).toMatch(/^src\/module149\/file.ts:10: /);
  });

  it('a small host budget cuts sooner; an offset past the end says so', async () => {
    const small = await h.call('grep_search', { query: 'needle(', maxResults: 100 }, { tokenBudget: 1000 });
    expect(small.text.length).toBeLessThanOrEqual(4000);
    expect(small.text).toMatch(/offset: \d+ for the next ones/);
    expect((await h.call('grep_search', { query: 'needle(', offset: 5000 })).text).toBe(
      'No more matches for "needle(" past offset 5000.',
    );
  });
});
