// `toolpacks shell` in-process: what a name typed as a command is comes from the resolution
// (a tool, a group's activator, search_tools), never from its prefix.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { main } from './main';

jest.setTimeout(60_000);

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-shell-kinds-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export const a = 1;\n');
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: root, stdio: 'pipe' });
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** Runs `toolpacks shell` with these input lines; what it printed. */
async function shell(args: readonly string[], lines: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['shell', ...args, '--root', root], {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    stdin: Readable.from(lines.map((line) => `${line}\n`)),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('toolpacks shell: names as the resolution says', () => {
  it('runs search_tools typed as a command where the search mode sends it', async () => {
    const { code, out, err } = await shell(
      ['--threshold', '10', '--family', 'gpt-5', '--virtual-tools', 'search'],
      ['search_tools {"query":"commit my changes"}', 'tools'],
    );
    expect(err).not.toMatch(/unknown command/);
    expect(code).toBe(0);
    expect(out).toMatch(/^- git_commit: Records a commit/m);
    expect(out).toMatch(/tools for copilot\/gpt-5 .*git_commit/);
  });

  it('activates a group by its short name or its tool name, and says which groups there are for any other', async () => {
    const { out, err } = await shell(
      ['--threshold', '4'],
      ['activate nothing_here', 'activate_nothing_here', 'activate debug', 'activate_search'],
    );
    expect(err).toMatch(/error: no group is named 'nothing_here'; the groups now: .*\bdebug\b/);
    expect(err).toMatch(/unknown command 'activate_nothing_here'/);
    expect(out).toMatch(/Tools activated: start_debugging/);
    expect(out).toMatch(/Tools activated: file_search/);
  });
});
