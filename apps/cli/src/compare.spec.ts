// `toolpacks resolve --compare a,b,c`: one request resolved for several families side by side, as
// text (a row per job, a column per family, then what each is not sent and why) and as JSON.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

let root: string;
beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-compare-')));
  await fs.writeFile(path.join(root, 'a.ts'), 'export class ToolRegistry {}\n');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const run = (argv: string[]) => runMain(root, argv);

const FAMILIES = 'claude-sonnet-4.5,gpt-5,gemini-2.5-pro';

describe('toolpacks resolve --compare', () => {
  it('prints one row per job and one column per family, then what each family is not sent and why', async () => {
    const { code, out, err } = await run(['resolve', '--compare', FAMILIES]);
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^The tool each family is sent for each job \(toolReferenceName\)/);
    expect(out).toMatch(/^ {2}gpt-5: \d+ tools sent, about \d+ tokens of definitions$/m);
    expect(lines.find((l) => l.startsWith('JOB '))).toMatch(/^JOB\s+claude-sonnet-4\.5\s+gpt-5\s+gemini-2\.5-pro$/);
    const row = (job: string) =>
      lines
        .find((l) => l.startsWith(`${job} `))
        ?.trim()
        .split(/\s{2,}/);
    const edit = row('edit_file')!;
    expect(edit[2]).toBe('apply_patch');
    expect(edit[1]).not.toBe('apply_patch');
    expect(edit[1]).not.toBe('-');
    expect(row('grep_search')).toEqual([
      'grep_search',
      'grep_search',
      'grep_search',
      'grep_search (override: gemini_grep_search)',
    ]);
    // A job no family gets (git without a repository) is not a row: it is named once at the end.
    expect(row('git_status')).toBeUndefined();
    expect(out).toMatch(/^Not sent to any of them: .*git_status \(when\)/m);
    expect(out).toMatch(/^Not sent to some of them:$/m);
    expect(out).toMatch(/^claude-sonnet-4\.5\s+apply_patch\s+model\s+only for family=.*gpt-5\*/m);
    expect(out).toMatch(/^gpt-5\s+replace_string_in_file\s+variant\s+'apply_patch'/m);
  });

  it('--json gives the same comparison; --compare is refused beside --family, with one family, and off resolve', async () => {
    const { code, out } = await run(['resolve', '--compare', FAMILIES, '--json']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.families.map((f: { family: string }) => f.family)).toEqual(FAMILIES.split(','));
    expect(json.families[1]).toMatchObject({ model: { family: 'gpt-5', vendor: 'copilot' } });
    expect(json.families[1].tools).toContain('apply_patch');
    const edit = json.jobs.find((j: { job: string }) => j.job === 'edit_file');
    expect(edit.tools['gpt-5']).toEqual({ name: 'apply_patch', sent: true });
    expect(edit.tools['claude-sonnet-4.5'].name).not.toBe('apply_patch');
    expect(json.notSent['claude-sonnet-4.5']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'apply_patch', reason: 'model' })]),
    );
    expect(json.notSentToAny).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'git_status' })]));
    expect(json.diagnostics).toEqual([]);

    for (const argv of [
      ['resolve', '--compare', FAMILIES, '--family', 'gpt-5'],
      ['resolve', '--compare', 'gpt-5'],
      ['list', '--compare', FAMILIES],
    ]) {
      const refused = await run(argv);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/--compare/);
    }
  });
});
