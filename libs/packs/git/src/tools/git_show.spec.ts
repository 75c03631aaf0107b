import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'alpha\n' }, message: 'first' },
    { files: { 'a.txt': 'beta\n', 'b.txt': 'b\n' }, message: 'second' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_show', () => {
  it('shows a commit with its message, stat and diff, optionally for one path', async () => {
    const show = (await h.call('git_show', { revision: 'HEAD' })).text;
    expect(show).toMatch(/^commit [0-9a-f]{40}\nAuthor:\s+Test User <test@example.com>/);
    expect(show).toContain('    second');
    expect(show).toContain('-alpha\n+beta');
    expect(show).toContain('+b');
    expect((await h.call('git_show', { revision: 'HEAD', path: 'a.txt' })).text).not.toContain('b.txt');
  });

  it('refuses hostile revisions and explains unknown ones', async () => {
    expect((await h.call('git_show', { revision: '--upload-pack=touch /tmp/pwned' })).text).toMatch(
      /starts with '-'.*refused/,
    );
    expect((await h.call('git_show', { revision: 'nope' })).text).toMatch(/git show failed: fatal/);
    expect((await h.call('git_show', {})).status).toBe('invalid-input');
  });

  it('gives the message and a per-file summary with stat: true', async () => {
    const stat = (await h.call('git_show', { revision: 'HEAD', stat: true })).text;
    expect(stat).toMatch(
      /^commit [0-9a-f]{40}\n[\s\S]*\n {4}second\n\n2 file\(s\) changed, \+2 -1\na\.txt \| \+1 -1\nb\.txt \| \+1 -0$/,
    );
    expect((await h.call('git_show', { revision: 'HEAD:a.txt' })).text).toBe('beta');
  });
});
