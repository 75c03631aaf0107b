// The largest result of each tool that can return much (issue #22), over a real repository: a
// clone of this one, with a 200-file commit on top. Each result should fit the default budget
// (60,000 characters) and say how to get the rest; the baseline is what git or the file system
// would have returned whole (`git show`, the whole file, every match).
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeHost } from '@toolpacks/host-node';
import { debugPack } from '@toolpacks/pack-debug';
import { editorPack } from '@toolpacks/pack-editor';
import { gitPack } from '@toolpacks/pack-git';
import { searchPack } from '@toolpacks/pack-search';
import { contentToText, DEFAULT_RESULT_TOKEN_BUDGET, type ModelInfo } from '@toolpacks/registry/host';
import type { ScenarioResult } from './scenarios';

const MODEL: ModelInfo = { id: 'grok-code-fast-1', vendor: 'copilot', family: 'grok-code', version: '1' };
const WIDE_COMMIT_FILES = 200;

export async function largestResults(quick: boolean): Promise<ScenarioResult> {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-bench-largest-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
  try {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', top, root], { stdio: 'ignore' });
    git('config', 'user.name', 'Bench');
    git('config', 'user.email', 'bench@example.com');
    git('config', 'commit.gpgsign', 'false');
    // A wide change: one line added near the top of 200 tracked TypeScript files, committed.
    const files = git('ls-files', '*.ts')
      .split('\n')
      .filter(Boolean)
      .slice(0, quick ? 40 : WIDE_COMMIT_FILES);
    for (const file of files) {
      const text = await fs.readFile(path.join(root, file), 'utf8');
      await fs.writeFile(
        path.join(root, file),
        `// touched by the bench\n${text.replace(/\bconst\b/, 'const /* wide */')}`,
      );
    }
    git('commit', '--quiet', '-am', 'A wide change');
    const largest = git('ls-files', '-z')
      .split('\0')
      .filter((f) => /\.(ts|md|json)$/.test(f) && !f.includes('package-lock'))
      .map((f) => ({ f, size: execFileSync('wc', ['-c', f], { cwd: root, encoding: 'utf8' }) }))
      .map(({ f, size }) => ({ f, size: Number(size.trim().split(/\s+/)[0]) }))
      .sort((a, b) => b.size - a.size)[0].f;
    const host = await createNodeHost(root, { watchRepository: false });
    const { registry } = await host.createRegistry([editorPack, searchPack, gitPack, debugPack]);
    const calls: [string, Record<string, unknown>, () => string][] = [
      ['git_show', { revision: 'HEAD' }, () => git('show', 'HEAD')],
      ['git_show', { revision: 'HEAD', stat: true }, () => git('show', '--stat=200', 'HEAD')],
      ['git_diff', { revision: 'HEAD~1' }, () => git('diff', 'HEAD~1')],
      ['git_log', { count: 500 }, () => git('log', '-500', '--format=%h %ad %an %s', '--date=short')],
      ['git_blame', { path: largest }, () => git('blame', '--', largest)],
      [
        'grep_search',
        { query: 'import', maxResults: 1000 },
        () => git('grep', '-n', '--max-count=1000', 'import') || '',
      ],
      ['file_search', { query: '**/*' }, () => git('ls-files')],
      ['list_dir', { path: 'libs/registry/src' }, () => git('ls-files', 'libs/registry/src')],
      ['read_file', { filePath: largest }, () => git('show', `HEAD:${largest}`)],
    ];
    const rows: { tool: string; input: string; chars: number; whole: number; onward: boolean }[] = [];
    for (const [tool, input, whole] of calls) {
      const resolved = registry.resolve({ model: MODEL, context: host.contextKeys.values });
      const result = await registry.invoke(resolved, { callId: 'bench', name: tool, input });
      if (result.isError) throw new Error(`${tool} failed: ${await contentToText(result.content)}`);
      const text = await contentToText(result.content);
      rows.push({
        tool,
        input: JSON.stringify(input),
        chars: text.length,
        whole: whole().length,
        // The result says how to get the rest when it is cut.
        onward: /offset|skip|path|stat|startLine|read on|Not shown|more/i.test(text),
      });
    }
    host.dispose();
    const worst = rows.reduce((a, b) => (b.chars > a.chars ? b : a));
    const budget = DEFAULT_RESULT_TOKEN_BUDGET * 4;
    const cutWithoutWay = rows.filter((r) => r.whole > budget && !r.onward);
    return {
      name: `largest result per tool over this repository (a clone with a ${files.length}-file commit)`,
      unit: 'characters',
      ours: worst.chars,
      baseline: rows.find((r) => r.tool === worst.tool)!.whole,
      ratio: worst.chars / budget,
      ratioLabel: 'largest ÷ budget',
      goal: `every result ≤ ${budget.toLocaleString('en-US')} characters, a cut one saying how to get the rest`,
      met: rows.every((r) => r.chars <= budget) && cutWithoutWay.length === 0,
      notes: rows.map((r) => `${r.tool} ${r.input}: ${r.chars} (whole ${r.whole})`).join('; '),
    };
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}
