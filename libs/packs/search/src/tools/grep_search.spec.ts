import { createPackHarness } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { spawnSync } from 'node:child_process';
import { searchPack } from '../index';

const hasRipgrep = spawnSync('rg', ['--version']).status === 0;

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([searchPack], {
    'src/registry.ts': 'export class ToolRegistry {}\nconst registry = new ToolRegistry();\n',
    'src/other.md': 'mentions toolregistry in lower case\n',
    'node_modules/x/index.js': 'ToolRegistry in a dependency\n',
    'big.txt': `${'a'.repeat(50)}b\n`.repeat(5000),
  });
});
afterEach(() => h.dispose());

describe('grep_search', () => {
  it('finds text case-insensitively by default, in path order, outside node_modules', async () => {
    const result = await h.call('grep_search', { query: 'ToolRegistry' });
    expect(result.text).toBe(
      '3 matches for "ToolRegistry":\nsrc/other.md:1: mentions toolregistry in lower case\nsrc/registry.ts:1: export class ToolRegistry {}\nsrc/registry.ts:2: const registry = new ToolRegistry();',
    );
  });

  it('supports regex, case, include pattern and max results', async () => {
    expect((await h.call('grep_search', { query: 'new \\w+\\(', isRegexp: true })).text).toContain(
      'src/registry.ts:2:',
    );
    expect((await h.call('grep_search', { query: 'toolregistry', caseSensitive: true })).text).toBe(
      '1 match for "toolregistry":\nsrc/other.md:1: mentions toolregistry in lower case',
    );
    expect((await h.call('grep_search', { query: 'ToolRegistry', includePattern: '*.md' })).text).toContain('1 match');
    expect((await h.call('grep_search', { query: 'ToolRegistry', maxResults: 1 })).text).toMatch(
      /^The first 1 matches .* \(more exist: narrow/,
    );
    expect((await h.call('grep_search', { query: 'nothing-like-this' })).text).toBe(
      'No matches for "nothing-like-this".',
    );
  });

  it('explains an invalid regex, and bounds a catastrophic one by time', async () => {
    const invalid = await h.call('grep_search', { query: '(unclosed', isRegexp: true });
    expect(invalid.status).toBe('error');
    expect(invalid.text).toMatch(/Invalid regular expression .* set isRegexp to false/);
    // ripgrep's engine is linear-time: this finishes at once and finds nothing.
    const catastrophic = await h.call(
      'grep_search',
      { query: '(a+)+$', isRegexp: true, includePattern: 'big.txt' },
      { timeoutMs: hasRipgrep ? 15_000 : 1_000 },
    );
    // Without rg the scanner's worker is stopped at its deadline: an error, never a silent ok.
    if (hasRipgrep) expect(catastrophic).toMatchObject({ status: 'ok', text: 'No matches for "(a+)+$".' });
    else expect(catastrophic.status).not.toBe('ok');
  });

  it('searches files over 8 MB too (they were skipped before), so read_file can read around the match', async () => {
    await h.dispose();
    h = await createPackHarness([searchPack], {
      'small.txt': 'needle\n',
      'huge.log': `${'filler line\n'.repeat(800_000)}needle in a large log\n`,
    });
    expect((await h.call('grep_search', { query: 'needle' })).text).toBe(
      '2 matches for "needle":\nhuge.log:800001: needle in a large log\nsmall.txt:1: needle',
    );
  });
});
