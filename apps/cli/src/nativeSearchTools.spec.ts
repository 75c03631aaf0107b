// Gemini CLI's search tools (grep_search, list_directory, glob) through the CLI: resolve, describe
// and invoke with --family gemini-2.5-pro, against a real folder.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-native-search-')));
  await fs.mkdir(path.join(root, 'src'));
  await fs.writeFile(path.join(root, 'src/a.ts'), 'export class ToolRegistry {}\nconst other = 1;\n');
  await fs.writeFile(path.join(root, 'notes.md'), 'ToolRegistry notes\n');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const run = (argv: string[]) => runMain(root, argv);
const gemini = ['--family', 'gemini-2.5-pro'];
const invoke = (tool: string, input: object) => run(['invoke', tool, JSON.stringify(input), ...gemini]);

describe('Gemini CLI search tools through the CLI', () => {
  it('resolves grep_search, list_directory and glob for Gemini, and our tools for other models', async () => {
    const names = (json: string) => (JSON.parse(json) as { tools: { name: string }[] }).tools.map((t) => t.name);
    const forGemini = names((await run(['resolve', ...gemini, '--json'])).out);
    expect(forGemini).toEqual(expect.arrayContaining(['grep_search', 'list_directory', 'glob']));
    expect(forGemini).not.toContain('list_dir');
    expect(forGemini).not.toContain('file_search');
    const forOthers = names((await run(['resolve', '--family', 'grok-code', '--json'])).out);
    expect(forOthers).toEqual(expect.arrayContaining(['grep_search', 'list_dir', 'file_search']));
    expect(forOthers).not.toContain('glob');
  });

  it('invokes grep_search with the Gemini CLI result shape', async () => {
    const { code, out } = await invoke('grep_search', { pattern: 'ToolRegistry', dir_path: 'src', context: 0 });
    expect(code).toBe(0);
    expect(out).toBe(
      'Found 1 match for pattern "ToolRegistry" in path "src":\n---\nFile: a.ts\nL1: export class ToolRegistry {}\n---',
    );
    const none = await invoke('grep_search', { pattern: 'absent' });
    expect(none.out).toBe('No matches found for pattern "absent" in the workspace directory.');
  });

  it('invokes list_directory and glob, with absolute paths', async () => {
    expect((await invoke('list_directory', { dir_path: '.' })).out).toBe(
      `Directory listing for ${root}:\n[DIR] src\nnotes.md (19 bytes)`,
    );
    expect((await invoke('glob', { pattern: '**/*.ts' })).out).toBe(
      `Found 1 file(s) matching "**/*.ts" within ${root}, sorted by modification time (newest ` +
        `first):\n${path.join(root, 'src/a.ts')}`,
    );
  });

  it('refuses a path outside the workspace', async () => {
    const outside = await invoke('list_directory', { dir_path: '../x' });
    expect(`${outside.out}\n${outside.err}`).toMatch(/outside the workspace/);
    expect(outside.code).not.toBe(0);
  });
});
