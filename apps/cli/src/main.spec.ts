import { main } from './main';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('toolpacks CLI', () => {
  it('prints what the default model gets, with the source pack and the reason', async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toMatch(/^Model copilot\/gpt-4\.1 .*: 2 tools sent/);
    expect(out).toMatch(/gpt_get_time\s+example\s+model-specific/);
    expect(out).toMatch(/count_words\s+example\s+general/);
    expect(out).toMatch(/describe_selection\s+example\s+when editorHasSelection/);
  });

  it('shows the override for a Gemini model', async () => {
    const { out } = await run('--family', 'gemini-2.5-pro');
    expect(out).toMatch(/count_words\s+example\s+override \(gemini_count_words\)\s+Counts words, lines, characters and distinct/);
  });

  it('prints JSON with the exact tool list', async () => {
    const { out } = await run('--json', '--context', 'editorHasSelection=true');
    const json = JSON.parse(out);
    expect(json.tools.map((t: { name: string }) => t.name)).toEqual(['gpt_get_time', 'count_words', 'describe_selection']);
    expect(json.entries[0]).toMatchObject({ name: 'gpt_get_time', packId: 'example', reason: 'model-specific', sent: true });
    expect(json.estimatedTokens).toBeGreaterThan(0);
  });

  it('groups behind activate_* tools above the threshold', async () => {
    const json = JSON.parse((await run('--json', '--threshold', '1')).out);
    expect(json.tools.every((t: { name: string }) => t.name.startsWith('activate_'))).toBe(true);
    expect(json.groups.flatMap((g: { tools: string[] }) => g.tools).sort()).toEqual(['count_words', 'gpt_get_time']);
  });

  it('lists packs, toolsets and tools with selectors and when clauses', async () => {
    const { out } = await run('list');
    expect(out).toContain('Packs (1):');
    expect(out).toMatch(/gemini_count_words\s+gemini_count_words\s+example\s+family=gemini\* \(overrides count_words\)/);
    expect(out).toMatch(/example\s+example\s+get_time, count_words, describe_selection/);
  });

  it('explains the options and exits 2 on bad usage', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const option of ['--model', '--vendor', '--family', '--toolsets', '--context <key=value>', '--threshold', '--json']) expect(help.out).toContain(option);
    const bad = await run('--threshold', 'x');
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toContain('--threshold needs a positive whole number');
  });
});
