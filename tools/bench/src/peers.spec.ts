import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeWorkspace, rotated } from './peers';

describe('rotated', () => {
  it('runs every contender once a round, a different one first each round, and returns medians', async () => {
    const order: string[] = [];
    const contender = (name: string, values: number[]) => async () => {
      order.push(name);
      return values.shift()!;
    };
    const medians = await rotated(3, [
      contender('a', [1, 5, 3]),
      contender('b', [10, 30, 20]),
      contender('c', [7, 7, 7]),
    ]);
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    expect(medians).toEqual([3, 20, 7]);
  });
});

describe('the peers workspace', () => {
  it('is a repository with three changed and two untracked files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-peers-'));
    try {
      const root = await makeWorkspace(dir, 50);
      const status = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
      expect(status.split('\n').filter(Boolean).sort()).toEqual([
        ' M src/module1/file1.ts',
        ' M src/module2/file2.ts',
        ' M src/module3/file3.ts',
        '?? NOTES.md',
        '?? src/new.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
