import { createPackHarness, testModels, type PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([searchPack], {
      'a.ts': 'const x = a.b(c);\nconst y = 2;\n',
      'b.ts': 'A.B(C) again\n',
    })),
);
afterEach(() => h.dispose());

describe('gemini_grep_search (override of grep_search)', () => {
  it('gives Gemini models grep_search with the override description and the two-field schema', () => {
    const tool = h.registry.resolve({ model: testModels.gemini }).tools.find((t) => t.name === 'grep_search')!;
    expect(tool.description).toMatch(/^Finds every line in the workspace that contains the exact text/);
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual(['query', 'includePattern']);
    expect(h.names(testModels.gemini)).not.toContain('gemini_grep_search');
  });

  it("runs the override's implementation: literal, case-insensitive, grouped by file", async () => {
    const result = await h.call('grep_search', { query: 'a.b(c)' }, { model: testModels.gemini });
    expect(result.text).toBe('a.ts\n  1: const x = a.b(c);\nb.ts\n  1: A.B(C) again');
    const base = await h.call('grep_search', { query: 'a.b(c)' }, { model: testModels.claude });
    expect(base.text).toMatch(/^2 matches for "a.b\(c\)":\na.ts:1:/);
  });

  it("rejects the base schema's extra fields only where the override's schema says so", async () => {
    expect((await h.call('grep_search', { includePattern: '*.ts' }, { model: testModels.gemini })).status).toBe(
      'invalid-input',
    );
  });
});
