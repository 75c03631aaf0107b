import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createPackHarness, initRepository, type PackHarness } from '@toolpacks/host-node/testing';
import { gitPack } from '../index';

let h: PackHarness;
beforeEach(async () => (h = await createPackHarness([gitPack])));
afterEach(() => h.dispose());

describe('git_status', () => {
  it('is offered only once the workspace is a repository', async () => {
    expect(h.names()).toEqual([]);
    await initRepository(h.root, [{ files: { 'a.txt': 'a\n' }, message: 'init' }]);
    await h.host.refresh();
    expect(h.names()).toEqual([
      'git_status',
      'git_diff',
      'git_log',
      'git_show',
      'git_blame',
      'git_add',
      'git_restore',
      'git_commit',
      'git_branch',
      'git_switch',
    ]);
  });

  it('shows the branch and changed files', async () => {
    await initRepository(h.root, [{ files: { 'a.txt': 'a\n' }, message: 'init' }]);
    await h.host.refresh();
    await fs.writeFile(path.join(h.root, 'a.txt'), 'changed\n');
    await fs.writeFile(path.join(h.root, 'new.txt'), 'new\n');
    expect((await h.call('git_status', {})).text).toBe('## main\n M a.txt\n?? new.txt');
  });
});
