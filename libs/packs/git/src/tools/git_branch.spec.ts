import { execFileSync } from 'node:child_process';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

jest.setTimeout(30_000);

let h: PackHarness;
const sh = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' });
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'a\n' }, message: 'first' },
    { files: { 'a.txt': 'b\n' }, message: 'second' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_branch', () => {
  it('lists branches without asking', async () => {
    sh('branch', 'other', 'HEAD~1');
    const list = await h.call('git_branch', {});
    expect(list.status).toBe('ok');
    expect(list.text).toMatch(/^\* main [0-9a-f]+ second\n {2}other [0-9a-f]+ first$/);
  });

  it('gives every branch its subject and upstream, a subject starting with [x] and a detached HEAD too', async () => {
    sh('commit', '--quiet', '--allow-empty', '-m', '[x] third');
    sh('branch', 'wip');
    sh('config', 'branch.wip.remote', '.');
    sh('config', 'branch.wip.merge', 'refs/heads/main');
    sh('checkout', '--quiet', '--detach', 'HEAD~1');
    const short = (rev: string) => sh('rev-parse', '--short', rev).trim();
    const list = await h.call('git_branch', {});
    expect(list.text).toBe(
      [
        `* (HEAD detached at ${short('HEAD')}) ${short('HEAD')} second`,
        `  main ${short('main')} [x] third`,
        `  wip ${short('wip')} [main] [x] third`,
      ].join('\n'),
    );
    expect(list.structuredContent).toEqual({
      action: 'listed',
      branches: [
        { name: 'main', commit: short('main'), current: false, subject: '[x] third' },
        { name: 'wip', commit: short('wip'), current: false, upstream: 'main', subject: '[x] third' },
      ],
      truncated: false,
    });
  });

  it('creates a branch at a start point after asking, without switching', async () => {
    const asked: string[] = [];
    const result = await h.call(
      'git_branch',
      { name: 'feature/x', startPoint: 'HEAD~1' },
      { confirm: async (r) => (asked.push(r.message), 'once') },
    );
    expect(asked[0]).toMatch(/^git branch feature\/x HEAD~1\n\nStarts at: [0-9a-f]+ first$/);
    expect(result.text).toMatch(/^Created branch 'feature\/x' at [0-9a-f]+ first\./);
    expect(sh('rev-parse', 'feature/x')).toBe(sh('rev-parse', 'HEAD~1'));
    expect(sh('branch', '--show-current').trim()).toBe('main');
  });

  it('refuses option-like, invalid and existing names and bad start points', async () => {
    const yes = { autoApprove: { git_branch: true } };
    for (const [input, message] of [
      [{ name: '-f' }, /starts with '-'.*refused/],
      [{ name: '--force' }, /starts with '-'.*refused/],
      [{ name: 'a..b' }, /not a valid branch name/],
      [{ name: 'has space' }, /not a valid branch name/],
      [{ name: '@{-1}' }, /not a valid branch name/],
      [{ name: 'x.lock' }, /not a valid branch name/],
      [{ name: 'main' }, /already exists/],
      [{ name: 'ok', startPoint: '--upload-pack=x' }, /starts with '-'.*refused/],
      [{ name: 'ok', startPoint: 'nope' }, /is not a commit of this repository/],
      [{ startPoint: 'HEAD' }, /give name with it/],
    ] as const) {
      const result = await h.call('git_branch', input, yes);
      expect([input, result.status, result.text]).toEqual([input, 'error', expect.stringMatching(message)]);
    }
    expect(sh('branch', '--list', '--format=%(refname:short)').trim()).toBe('main');
  });
});
