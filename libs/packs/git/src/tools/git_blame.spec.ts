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

  it("past git's output cap, counts only the file's lines (not the cut note) and says where to go on", async () => {
    const small = await createPackHarness([gitPack], {}, { host: { git: { maxOutputBytes: 4096 } } });
    try {
      const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`);
      await initRepository(small.root, [{ files: { 'long.txt': `${lines.join('\n')}\n` }, message: 'long' }]);
      await small.host.refresh();
      const [body, note] = (await small.call('git_blame', { path: 'long.txt' }, { tokenBudget: 1_000_000 })).text.split(
        '\n\n',
      );
      const shown = body.split('\n');
      expect(shown.every((line, i) => line.endsWith(` ${i + 1}) line ${i + 1}`))).toBe(true);
      expect(shown.length).toBeLessThan(20_000);
      expect(note).toBe(
        `[Showing lines 1–${shown.length} of 1 onwards: the rest was not read: git's output passed its size cap. Call git_blame with startLine: ${shown.length + 1}, endLine: ${2 * shown.length} for the next lines.]`,
      );
    } finally {
      await small.dispose();
    }
  });
});
