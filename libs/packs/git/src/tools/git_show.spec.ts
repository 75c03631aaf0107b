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
});
