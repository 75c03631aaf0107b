// Which git processes a write runs, through a git that logs its arguments (and then is real git):
// nothing runs after git_commit's commit (a cancel or timeout then could report a commit that landed
// as one that did not), and git_add, git_restore and git_switch describe once for their question and
// once for the write, whose own description the data reports.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from '@toolpacks/base';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from './index';

jest.setTimeout(60_000);

let h: PackHarness;
let bin: string;
let log: string;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
/** The git commands run since the last call, without the options before the command. */
const calls = async () => {
  const lines = (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean);
  await fs.writeFile(log, '');
  return lines.map((line) => line.replace(/^--no-pager /, ''));
};
const yes = { confirm: async () => 'once' as const };

beforeEach(async () => {
  bin = await fs.mkdtemp(path.join(os.tmpdir(), 'git-logged-'));
  log = path.join(bin, 'calls.log');
  const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  // It says when a commit is made (a spec cancels then), and a `git show` waits first (a cancel
  // would find one running if the tool read the commit back).
  await fs.writeFile(
    path.join(bin, 'git'),
    [
      '#!/bin/sh',
      `echo "$*" >> '${log}'`,
      'case " $* " in *" show "*) sleep 2;; esac',
      `'${git}' "$@"`,
      'code=$?',
      `case " $* " in *" commit --file=- "*) touch '${log}.committed';; esac`,
      'exit $code',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  // Without the repository cache: every call opens the repository, so its config listing counts the opens.
  h = await createPackHarness([gitPack], {}, { host: { git: { git: path.join(bin, 'git'), cacheRepository: false } } });
  await initRepository(h.root, [{ files: { 'a.txt': 'a\n', 'b.txt': 'b\n' }, message: 'first' }]);
  await h.host.refresh();
  await calls();
});
afterEach(async () => {
  await h.dispose();
  await fs.rm(bin, { recursive: true, force: true });
});

describe('git_commit', () => {
  it('runs nothing after the commit, so a cancel right after it cannot hide it', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
    // Half a second after git made the commit: the call has ended unless it still runs git.
    const source = new CancellationTokenSource();
    const committed = setInterval(() => {
      fs.access(`${log}.committed`).then(
        () => (clearInterval(committed), setTimeout(() => source.cancel(), 500)),
        () => undefined,
      );
    }, 20);
    const result = await h.call('git_commit', { message: 'two', all: true }, { ...yes, token: source.token });
    clearInterval(committed);
    const head = sh('rev-parse', 'HEAD').trim();
    expect(result).toMatchObject({
      status: 'ok',
      text: expect.stringMatching(new RegExp(`^\\[main ${head}\\] two\\n`)),
    });
    expect(result.structuredContent).toEqual({
      commit: head,
      branch: 'main',
      subject: 'two',
      summary: '1 file changed, 1 insertion(+), 1 deletion(-)',
      files: ['a.txt'],
      fileCount: 1,
      truncated: false,
    });
    const run = await calls();
    expect(run[run.length - 1]).toMatch(/^commit --file=- /);
  });
});

describe('the writes describe once for the question and once for the write', () => {
  /** Each description opens the repository once (reads its config); the write uses its own. */
  const opened = (run: readonly string[]) => run.filter((c) => c.startsWith('config --show-origin')).length;

  it('git_add, git_restore and git_switch', async () => {
    await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    const added = await h.call('git_add', { paths: ['a.txt', 'new.txt'] }, yes);
    expect(added.structuredContent).toEqual({ paths: ['a.txt', 'new.txt'], count: 2, newCount: 1, truncated: false });
    expect(opened(await calls())).toBe(2);

    const restored = await h.call('git_restore', { paths: ['new.txt'], staged: true }, yes);
    expect(restored.structuredContent).toMatchObject({ action: 'unstaged', paths: ['new.txt'], count: 1 });
    expect(opened(await calls())).toBe(2);

    const switched = await h.call('git_switch', { branch: 'topic', create: true }, yes);
    expect(switched.structuredContent).toMatchObject({
      branch: 'topic',
      created: true,
      previous: 'main',
      carried: ['a.txt'],
      carriedCount: 1,
      untrackedCount: 1,
    });
    expect(opened(await calls())).toBe(2);
    expect(sh('branch', '--show-current').trim()).toBe('topic');
  });
});
