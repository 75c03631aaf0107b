import * as path from 'node:path';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { searchPack } from '../index';

const lines = (count: number, at: Record<number, string>) =>
  Array.from({ length: count }, (_, i) => at[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

let h: PackHarness;
beforeEach(
  async () =>
    (h = await createPackHarness([searchPack], {
      'src/a.ts': 'const x = a.b(c);\nconst needle = 1;\nexport function Needle() {}\n',
      'src/b.ts': 'NEEDLE again\n// needle in a comment\n',
      'src/deep/c.md': 'a needle in the docs\n',
      'long.txt': lines(120, { 60: 'the single hit' }),
      '.gitignore': 'dist/\n',
      'dist/out.js': 'needle in build output\n',
    })),
);
afterEach(() => h.dispose());

const gemini = { model: testModels.gemini };
const grep = async (input: object) => (await h.call('grep_search', input, gemini)).text;

describe('grep_search for Gemini (Gemini CLI shape)', () => {
  it("gives Gemini models Gemini CLI's schema under the name grep_search; other models keep ours", () => {
    const tool = h.registry.resolve({ model: testModels.gemini }).tools.find((t) => t.name === 'grep_search')!;
    expect(Object.keys((tool.inputSchema as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['pattern', 'dir_path', 'include_pattern', 'exclude_pattern', 'names_only']),
    );
    expect((tool.inputSchema as { required: string[] }).required).toEqual(['pattern']);
    expect(h.names(testModels.gemini)).not.toContain('gemini_grep_search');
    const general = h.registry.resolve({ model: testModels.general }).tools.find((t) => t.name === 'grep_search')!;
    expect((general.inputSchema as { required: string[] }).required).toEqual(['query']);
  });

  it('groups matches by file as File:/L<n>: with --- separators, case-insensitive by default', async () => {
    expect(await grep({ pattern: 'needle', include_pattern: '*.ts', context: 0 })).toBe(
      [
        'Found 4 matches for pattern "needle" in the workspace directory (filter: "*.ts"):',
        '---',
        'File: src/a.ts',
        'L2: const needle = 1;',
        'L3: export function Needle() {}',
        '---',
        'File: src/b.ts',
        'L1: NEEDLE again',
        'L2: // needle in a comment',
        '---',
      ].join('\n'),
    );
    expect(await grep({ pattern: 'needle', case_sensitive: true, dir_path: 'src', context: 0 })).toBe(
      [
        'Found 3 matches for pattern "needle" in path "src":',
        '---',
        'File: a.ts',
        'L2: const needle = 1;',
        '---',
        'File: b.ts',
        'L2: // needle in a comment',
        '---',
        'File: deep/c.md',
        'L1: a needle in the docs',
        '---',
      ].join('\n'),
    );
  });

  it('treats pattern as a regex unless fixed_strings, and explains an invalid one', async () => {
    expect(await grep({ pattern: 'function\\s+\\w+\\(', context: 0 })).toMatch(/^Found 1 match for .*\nL3: export/s);
    expect(await grep({ pattern: 'a.b(c)', fixed_strings: true, context: 0 })).toMatch(
      /^Found 1 match .*File: src\/a.ts\nL1: const x = a\.b\(c\);\n---$/s,
    );
    const invalid = await h.call('grep_search', { pattern: '(unclosed' }, gemini);
    expect(invalid.status).toBe('error');
    expect(invalid.text).toMatch(/Invalid regular expression in pattern: .*fixed_strings: true/);
  });

  it('adds context by itself around 1 to 3 matches: 50 lines for one, 15 for two or three', async () => {
    const one = (await grep({ pattern: 'single hit' })).split('\n');
    expect(one.slice(0, 3)).toEqual([
      'Found 1 match for pattern "single hit" in the workspace directory:',
      '---',
      'File: long.txt',
    ]);
    expect(one[3]).toBe('L10- line 10');
    expect(one).toContain('L60: the single hit');
    expect(one.at(-2)).toBe('L110- line 110');
    const two = (await grep({ pattern: 'needle', dir_path: 'src/deep' })).split('\n');
    expect(two).toEqual([
      'Found 1 match for pattern "needle" in path "src/deep":',
      '---',
      'File: c.md',
      'L1: a needle in the docs',
      '---',
    ]);
    const three = await grep({ pattern: 'needle', case_sensitive: true, include_pattern: '*.ts' });
    expect(three).toBe(
      [
        'Found 2 matches for pattern "needle" in the workspace directory (filter: "*.ts"):',
        '---',
        'File: src/a.ts',
        'L1- const x = a.b(c);',
        'L2: const needle = 1;',
        'L3- export function Needle() {}',
        '---',
        'File: src/b.ts',
        'L1- NEEDLE again',
        'L2: // needle in a comment',
        '---',
      ].join('\n'),
    );
  });

  it('shows asked-for context as L<n>- lines (context, before, after)', async () => {
    expect(await grep({ pattern: 'single hit', before: 1, after: 2 })).toBe(
      'Found 1 match for pattern "single hit" in the workspace directory:\n---\nFile: long.txt\nL59- line 59\nL60: the single hit\nL61- line 61\nL62- line 62\n---',
    );
    expect(await grep({ pattern: 'single hit', context: 1 })).toContain(
      'L59- line 59\nL60: the single hit\nL61- line 61\n---',
    );
  });

  it('exclude_pattern drops matching lines; names_only lists the files', async () => {
    // Case is ignored in exclude_pattern too, unless case_sensitive.
    expect(await grep({ pattern: 'needle', exclude_pattern: '^//|AGAIN', dir_path: 'src', context: 0 })).toBe(
      'Found 3 matches for pattern "needle" in path "src":\n---\nFile: a.ts\nL2: const needle = 1;\nL3: export function Needle() {}\n---\nFile: deep/c.md\nL1: a needle in the docs\n---',
    );
    expect(
      await grep({ pattern: 'needle', exclude_pattern: 'Needle', case_sensitive: true, dir_path: 'src', context: 0 }),
    ).toMatch(/^Found 3 matches .*File: a.ts\nL2: const needle = 1;\n---\nFile: b.ts\nL2: /s);
    expect(await grep({ pattern: 'needle', names_only: true })).toBe(
      'Found 3 files with matches for pattern "needle" in the workspace directory:\nsrc/a.ts\nsrc/b.ts\nsrc/deep/c.md',
    );
    const bad = await h.call('grep_search', { pattern: 'x', exclude_pattern: '[' }, gemini);
    expect(bad.text).toMatch(/Invalid regular expression in exclude_pattern/);
  });

  it('limits matches per file and in total, and says when results are limited', async () => {
    expect(await grep({ pattern: 'needle', max_matches_per_file: 1, context: 0, include_pattern: '*.ts' })).toBe(
      'Found 2 matches for pattern "needle" in the workspace directory (filter: "*.ts"):\n---\nFile: src/a.ts\nL2: const needle = 1;\n---\nFile: src/b.ts\nL1: NEEDLE again\n---',
    );
    expect(await grep({ pattern: 'line \\d+', total_max_matches: 2, context: 0 })).toBe(
      'Found 2 matches for pattern "line \\d+" in the workspace directory (results limited to 2 matches for performance):\n---\nFile: long.txt\nL1: line 1\nL2: line 2\n---',
    );
    const many = await grep({ pattern: 'line' });
    expect(many).toMatch(/^Found 100 matches .*\(results limited to 100 matches for performance\):/);
    expect(many.split('\n').filter((l) => /^L\d+: /.test(l))).toHaveLength(100);
  });

  it('says when nothing matches, with the location and filter', async () => {
    expect(await grep({ pattern: 'absent', dir_path: 'src', include_pattern: '*.md' })).toBe(
      'No matches found for pattern "absent" in path "src" (filter: "*.md").',
    );
    // Ignored by .gitignore: not searched, and no_ignore cannot change that (said so).
    expect(await grep({ pattern: 'build output', no_ignore: true })).toMatch(
      /^No matches found for pattern "build output" in the workspace directory\.\n\(no_ignore is not available here/,
    );
  });

  it('takes dir_path relative or absolute inside the workspace, a file, and the old names path/include', async () => {
    const absolute = await grep({ pattern: 'needle', dir_path: path.join(h.root, 'src/deep'), context: 0 });
    expect(absolute).toContain(`in path "${path.join(h.root, 'src/deep')}":\n---\nFile: c.md\n`);
    expect(await grep({ pattern: 'needle', dir_path: 'src/b.ts', context: 0 })).toBe(
      'Found 2 matches for pattern "needle" in path "src/b.ts":\n---\nFile: b.ts\nL1: NEEDLE again\nL2: // needle in a comment\n---',
    );
    expect(await grep({ pattern: 'needle', path: 'src/deep', include: '*.md', context: 0 })).toContain(
      'in path "src/deep" (filter: "*.md"):\n---\nFile: c.md',
    );
  });

  it('refuses paths outside the workspace and missing ones', async () => {
    for (const dir of ['../x', path.join(path.dirname(h.root), 'elsewhere')]) {
      const result = await h.call('grep_search', { pattern: 'needle', dir_path: dir }, gemini);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    expect(await grep({ pattern: 'needle', dir_path: 'nope' })).toMatch(/Path does not exist: .*nope\. /);
  });
});
