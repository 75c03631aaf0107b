import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': '1\n' }, message: 'add a' },
    { files: { 'b.txt': '1\n' }, message: 'add b' },
    { files: { 'a.txt': '2\n' }, message: 'change a' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_log', () => {
  it('lists commits newest first, limited by count and path', async () => {
    const subjects = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('    '))
        .map((l) => l.trim());
    expect(subjects((await h.call('git_log', {})).text)).toEqual(['change a', 'add b', 'add a']);
    expect(subjects((await h.call('git_log', { count: 1 })).text)).toEqual(['change a']);
    expect(subjects((await h.call('git_log', { path: 'a.txt' })).text)).toEqual(['change a', 'add a']);
  });

  it('rejects a count out of range before running git', async () => {
    expect((await h.call('git_log', { count: 0 })).status).toBe('invalid-input');
    expect((await h.call('git_log', { path: '--output=/tmp/pwned' })).text).toMatch(/refused/);
  });
});
