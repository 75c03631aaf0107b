import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
beforeEach(async () => {
  h = await createPackHarness([gitPack]);
  await initRepository(h.root, [
    { files: { 'a.txt': 'one\ntwo\nthree\n' }, message: 'first' },
    { files: { 'a.txt': 'one\nTWO\nthree\n' }, message: 'second' },
  ]);
  await h.host.refresh();
});
afterEach(() => h.dispose());

describe('git_blame', () => {
  it('attributes each line, or a range', async () => {
    const whole = (await h.call('git_blame', { path: 'a.txt' })).text.split('\n');
    expect(whole).toHaveLength(3);
    expect(whole[1]).toMatch(/^[0-9a-f]+ \(Test User \d{4}-\d\d-\d\d 2\) TWO$/);
    const range = (await h.call('git_blame', { path: 'a.txt', startLine: 3, endLine: 3 })).text;
    expect(range).toMatch(/3\) three$/);
  });

  it('explains half a range, a missing file and an escape', async () => {
    expect((await h.call('git_blame', { path: 'a.txt', startLine: 2 })).text).toMatch(
      /Give both startLine and endLine/,
    );
    expect((await h.call('git_blame', { path: 'missing.txt' })).text).toMatch(/git blame failed/);
    expect((await h.call('git_blame', { path: '../a.txt' })).text).toMatch(/outside the workspace/);
  });
});
