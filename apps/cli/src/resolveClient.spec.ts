// Issue 32 finding 2 through the CLI: `toolpacks resolve --client NAME` shows what `toolpacks mcp`
// sends that client — its model's tools less the jobs its own tools do, each named with why — and
// `--serve-all` is an option of `toolpacks mcp` only.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

jest.setTimeout(60_000);

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-resolve-client-')));
  execFileSync('git', ['init', '-q'], { cwd: root });
  await fs.writeFile(path.join(root, 'a.txt'), 'a\n');
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));
const run = (argv: string[]) => runMain(root, argv);

describe('toolpacks resolve --client', () => {
  it('leaves out for Claude Code what its Read/Edit/Write/Glob/Grep do, resolves for a Claude model, keeps git', async () => {
    const { code, out } = await run(['resolve', '--client', 'claude-code', '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out) as {
      model: { family: string };
      tools: { name: string }[];
      client: { known: boolean; leftOut: { tool: string; job: string }[]; why: string };
    };
    const names = json.tools.map((t) => t.name);
    expect(json.model.family).toMatch(/^claude/);
    expect(names).not.toContain('str_replace_based_edit_tool');
    expect(names).not.toContain('grep_search');
    expect(names).toContain('git_status');
    expect(json.client.known).toBe(true);
    expect(json.client.leftOut).toEqual(
      expect.arrayContaining([expect.objectContaining({ tool: 'str_replace_based_edit_tool' })]),
    );
    expect(json.client.why).toMatch(/kept: git_\*/);
  });

  it('says so in text, and that a client it does not know gets everything', async () => {
    expect((await run(['resolve', '--client', 'gemini-cli-mcp-client'])).out).toMatch(
      /Client gemini-cli-mcp-client: Jobs this client does with its own tools.*read_file, write_file, replace/,
    );
    const unknown = await run(['resolve', '--client', 'some-editor']);
    expect(unknown.out).toMatch(/not one toolpacks knows: every tool is sent/);
    expect(unknown.out).toMatch(/read_file/);
  });

  it('--serve-all belongs to toolpacks mcp, --client to toolpacks resolve', async () => {
    expect((await run(['resolve', '--serve-all'])).code).not.toBe(0);
    expect((await run(['list', '--client', 'claude-code'])).code).not.toBe(0);
  });
});
