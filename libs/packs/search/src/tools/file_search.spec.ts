import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([searchPack], {
      'src/index.ts': '',
      'src/lib/index.ts': '',
      'README.md': '',
      'node_modules/p/index.ts': '',
    })),
);
afterEach(() => h.dispose());

describe('file_search', () => {
  it('finds files by name or path glob, skipping node_modules', async () => {
    expect((await h.call('file_search', { query: 'index.ts' })).text).toBe(
      "2 files match 'index.ts':\nsrc/index.ts\nsrc/lib/index.ts",
    );
    expect((await h.call('file_search', { query: 'src/*.ts' })).text).toBe("1 file matches 'src/*.ts':\nsrc/index.ts");
    expect((await h.call('file_search', { query: '**/*.{ts,md}', maxResults: 2 })).text).toBe(
      "The first 2 files matching '**/*.{ts,md}' (more exist; make the pattern more specific, or call file_search again with offset: 2 for the next ones):\nREADME.md\nsrc/index.ts",
    );
  });

  it('explains no match and a bad glob', async () => {
    expect((await h.call('file_search', { query: '*.py' })).text).toMatch(/^No files match '\*.py'/);
    expect((await h.call('file_search', { query: 'src/[x' })).text).toMatch(/Invalid glob pattern/);
  });

  // Issue #10: these ran 40 s and over 120 s on the main thread, past every timeout, then said ok.
  it('answers hostile globs at once, within the call timeout', async () => {
    await h.dispose();
    h = await createPackHarness([searchPack], {
      [`${'a'.repeat(60)}.txt`]: '',
      [`${'a'.repeat(60)}`]: '',
      '.gitignore': '*a*a*a*a*a*a*a*Q\n',
    });
    expect(await h.call('file_search', { query: '*a*a*a*a*a*a*a*Q' }, { timeoutMs: 1000 })).toMatchObject({
      status: 'ok',
      text: expect.stringMatching(/^No files match/),
    });
    expect(await h.call('file_search', { query: `${'{*,*}'.repeat(10)}Q` }, { timeoutMs: 1000 })).toMatchObject({
      status: 'ok',
      text: expect.stringMatching(/^No files match/),
    });
    expect((await h.call('file_search', { query: '*.txt' }, { timeoutMs: 1000 })).text).toBe(
      `1 file matches '*.txt':\n${'a'.repeat(60)}.txt`,
    );
  });
});
