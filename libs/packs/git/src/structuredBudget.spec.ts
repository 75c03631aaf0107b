// The structured results stay within the result budget as the text does, and where both list the
// same things they stop at the same one and name the same way on (a short line of text is a much
// longer JSON object, so the data decides the cut as often as the text).
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from './index';

jest.setTimeout(60_000);

/** tokenBudget 500: 2,000 characters for the text, and for the structured value. */
const BUDGET = { tokenBudget: 500 };
const FILES = 30;
const name = (i: number) => `src/file-${String(i).padStart(2, '0')}.ts`;
const lines = (tag: string) => Array.from({ length: 40 }, (_, i) => `export const v${i} = '${tag} ${i}';`).join('\n');

let h: PackHarness;
beforeAll(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(
    h.root,
    Array.from({ length: FILES }, (_, i) => ({ files: { [name(i)]: `${lines('old')}\n` }, message: `add ${name(i)}` })),
  );
  const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root });
  for (let i = 0; i < FILES; i++) {
    sh('branch', `topic/branch-${String(i).padStart(2, '0')}`);
    await fs.writeFile(path.join(h.root, name(i)), `${lines('new')}\n`);
    await fs.writeFile(path.join(h.root, `untracked-${i}.txt`), 'x\n');
  }
  await h.host.refresh();
});
afterAll(() => h.dispose());

async function call(tool: string, input: object, budget = BUDGET) {
  const result = await h.call(tool, input, budget);
  expect([tool, result.status]).toEqual([tool, 'ok']);
  expect(JSON.stringify(result.structuredContent).length).toBeLessThanOrEqual(budget.tokenBudget * 4);
  return { text: result.text, value: result.structuredContent as Record<string, unknown> };
}

describe('structured results within the budget', () => {
  it('git_log stops at the commit the text stops at, and names the same skip', async () => {
    const { text, value } = await call('git_log', { count: FILES, skip: 1 });
    const shown = text.match(/^ {4}add /gm)!.length;
    const skip = Number(/Call git_log with skip: (\d+) for the next ones/.exec(text)![1]);
    expect(shown).toBeGreaterThan(3);
    expect(shown).toBeLessThan(FILES - 1);
    expect(value.commits).toHaveLength(shown);
    expect(value.nextSkip).toBe(1 + shown);
    expect(skip).toBe(1 + shown);
  });

  it('git_blame stops at the line the text stops at, and names the same startLine', async () => {
    const { text, value } = await call('git_blame', { path: name(0) });
    const shown = text.split('\n\n')[0].split('\n').length;
    expect(shown).toBeGreaterThan(3);
    expect(value.lines).toHaveLength(shown);
    expect(value.nextStartLine).toBe(shown + 1);
    expect(text).toContain(`Call git_blame with startLine: ${shown + 1},`);
  });

  it('git_status and git_branch stop at the same line as their text', async () => {
    const status = await call('git_status', {});
    const statusLines = status.text.split('\n\n')[0].split('\n');
    expect(status.text).toMatch(/\[Showing \d+ of 61 lines/);
    expect(status.value).toMatchObject({ branch: 'main', truncated: true });
    expect(status.value.files).toHaveLength(statusLines.length - 1);
    const branches = await call('git_branch', {});
    const branchLines = branches.text.split('\n\n')[0].split('\n');
    expect(branches.text).toMatch(new RegExp(`\\[Showing ${branchLines.length} of ${FILES + 1} branches`));
    expect(branches.value).toMatchObject({ action: 'listed', current: 'main', truncated: true });
    expect(branches.value.branches).toHaveLength(branchLines.length);
  });

  it('git_diff {stat: true} lists the files its text lists; the patch view names what it left out', async () => {
    const stat = await call('git_diff', { stat: true });
    const listed = stat.text.split('\n').filter((l) => / \| \+40 -40$/.test(l));
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.length).toBeLessThan(FILES);
    expect(stat.value).toMatchObject({ fileCount: FILES, truncated: true });
    expect((stat.value.files as { path: string }[]).map((f) => `${f.path} | +40 -40`)).toEqual(listed);
    const diff = await call('git_diff', {});
    const shown = diff.text.match(/^diff --git /gm)!.length;
    expect(diff.value).toMatchObject({ fileCount: FILES, truncated: true });
    expect(diff.value.omitted).toEqual(
      Array.from({ length: FILES }, (_, i) => name(i))
        .slice(shown)
        .slice(0, (diff.value.omitted as string[]).length),
    );
    expect(diff.text).toContain(`Not shown: ${name(shown)}, `);
  });

  it("git_show of 'rev:path' content names the same startLine as its text", async () => {
    const { text, value } = await call('git_show', { revision: `HEAD:${name(FILES - 1)}` }, { tokenBudget: 200 });
    const next = Number(/startLine: (\d+) for the next lines/.exec(text)![1]);
    expect(value).toMatchObject({ kind: 'content', firstLine: 1, lastLine: next - 1, nextStartLine: next });
    expect(value.content).toBe(text.split('\n\n[Showing')[0]);
  });
});
