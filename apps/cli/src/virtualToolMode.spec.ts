// --virtual-tools (and the config file's virtualTools): above the threshold, groups, a search_tools
// tool, or both — the issue's own example: "commit my changes" finds git_commit first.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-vt-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export const a = 1;\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const run = (argv: string[]) => runMain(root, argv);

describe('toolpacks --virtual-tools', () => {
  it('shows search_tools, and what only it reaches, where the search mode is on', async () => {
    const { code, out } = await run(['--threshold', '10', '--family', 'gpt-5', '--virtual-tools', 'search']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Model copilot\/gpt-5 .*: 1 tool sent/);
    expect(out).toMatch(/search_tools\s+-\s+search over 23 tools not sent\s+read_file, /);
    const groups = await run(['--threshold', '10', '--family', 'gpt-5']);
    expect(groups.out).not.toMatch(/search_tools/);
    expect(groups.out).toMatch(/activate_/);
  });

  it('finds git_commit first for "commit my changes"', async () => {
    const { code, out } = await run([
      '--threshold',
      '10',
      '--family',
      'gpt-5',
      '--virtual-tools',
      'search',
      'invoke',
      'search_tools',
      '{"query":"commit my changes"}',
    ]);
    expect(code).toBe(0);
    expect(out.split('\n')[1]).toMatch(/^- git_commit: Records a commit/);
  });

  it('reads the mode from the config file, and refuses an unknown one from either', async () => {
    await fs.writeFile(
      path.join(root, 'toolpacks.config.json'),
      JSON.stringify({ threshold: 10, virtualTools: 'both' }),
    );
    const both = await run(['--family', 'gpt-5']);
    expect(both.out).toMatch(/search_tools\s+-\s+search over/);
    expect(both.out).toMatch(/activate_/);
    const flag = await run(['--virtual-tools', 'everything']);
    expect(flag.code).not.toBe(0);
    expect(flag.err).toMatch(/--virtual-tools "everything": use one of groups, search, both/);
    await fs.writeFile(path.join(root, 'toolpacks.config.json'), JSON.stringify({ virtualTools: 'some' }));
    const file = await run([]);
    expect(file.code).not.toBe(0);
    expect(file.err).toMatch(/virtualTools.*must be "groups", "search" or "both"/);
  });
});
