// Search finds matches in text files over the whole-read size (8 MB): the scanner streams them,
// ripgrep searches them, and the verifier re-reads only the matched lines. A large file with a NUL
// byte anywhere stays binary (no matches), as for a small one.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GrepQuery } from '@toolpacks/services';
import { NodeSearchService } from './nodeSearchService';
import { WHOLE_READ_BYTES } from './searchLimits';

jest.setTimeout(120_000);
const hasRipgrep = spawnSync('rg', ['--version']).status === 0;
const LINES = 200_000;

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'search-large-')));
  const lines = Array.from({ length: LINES }, (_, i) =>
    i + 1 === 150_000 ? 'the needle is here ✓' : `line ${i + 1} ${'x'.repeat(45)}`,
  );
  await fs.writeFile(path.join(root, 'big.log'), `${lines.join('\n')}\nlast needle without newline`);
  await fs.writeFile(path.join(root, 'small.txt'), 'a needle in a small file\n');
  const binary = Buffer.alloc(WHOLE_READ_BYTES + 1024, 'needle\n');
  binary[4096] = 0; // (a NUL only far in, after matches in the first part, is a known gap of ripgrep's sorted mode)
  await fs.writeFile(path.join(root, 'big.bin'), binary);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const query: GrepQuery = { pattern: 'NEEDLE', isRegexp: false, caseSensitive: false, maxResults: 50 };

describe('grep over large text files', () => {
  it('the scanner streams a file over 8 MB and finds its lines', async () => {
    expect((await fs.stat(path.join(root, 'big.log'))).size).toBeGreaterThan(WHOLE_READ_BYTES);
    const result = await new NodeSearchService(root, { ripgrep: false }).grep(query);
    expect(result.skippedLargeFiles).toBeUndefined();
    expect(result.matches).toEqual([
      { path: 'big.log', line: 150_000, text: 'the needle is here ✓' },
      { path: 'big.log', line: LINES + 1, text: 'last needle without newline' },
      { path: 'small.txt', line: 1, text: 'a needle in a small file' },
    ]);
  });

  (hasRipgrep ? it : it.skip)('ripgrep finds the same (verified by streaming the matched lines)', async () => {
    const withRipgrep = await new NodeSearchService(root).grep(query);
    const withScanner = await new NodeSearchService(root, { ripgrep: false }).grep(query);
    expect(withRipgrep.engine).toBe('ripgrep');
    expect(withRipgrep.matches).toEqual(withScanner.matches);
    expect(withRipgrep.skippedLargeFiles).toEqual(withScanner.skippedLargeFiles);
  });

  it('a file over the configured limit is skipped and counted', async () => {
    const result = await new NodeSearchService(root, { ripgrep: false, maxFileBytes: 1024 * 1024 }).grep(query);
    expect(result.matches.map((m) => m.path)).toEqual(['small.txt']);
    expect(result.skippedLargeFiles).toEqual({ count: 2, limitBytes: 1024 * 1024, examples: ['big.bin', 'big.log'] });
  });
});
