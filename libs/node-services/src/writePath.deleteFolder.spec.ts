// deleteFolder and moves through the write path: links are removed or refused, never followed;
// .git, the root and sensitive paths are refused; nothing outside the root is touched.
import { promises as fs, renameSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { fileReceipt, folderReceipt } from './testing/receipts';

let root: string;
let outside: string;
let workspace: NodeWorkspaceFileSystem;
const file = (relative: string) => path.join(root, relative);
const isRoot = process.getuid?.() === 0;
const exists = (absolute: string) =>
  fs.lstat(absolute).then(
    () => true,
    () => false,
  );

/**
 * Has another program change what `tree` is (`swap`) once, right after the write path's last check
 * of it (the sensitive check runs last); says whether it did.
 */
function swapTreeAfterCheck(swap: () => void): () => boolean {
  const reason = workspace.sensitivePaths.reason.bind(workspace.sensitivePaths);
  let swapped = false;
  jest.spyOn(workspace.sensitivePaths, 'reason').mockImplementation((relative: string) => {
    if (!swapped && relative === 'tree') {
      swapped = true;
      swap();
    }
    return reason(relative);
  });
  return () => swapped;
}

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-delete-')));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-outside-')));
  await fs.writeFile(path.join(outside, 'precious.txt'), 'precious\n');
  await fs.mkdir(file('tree/sub/deeper'), { recursive: true });
  await fs.writeFile(file('tree/a.txt'), 'a\n');
  await fs.writeFile(file('tree/sub/b.txt'), 'b\n');
  await fs.writeFile(file('tree/sub/deeper/c.txt'), 'c\n');
  workspace = new NodeWorkspaceFileSystem(root, { git: false });
});

afterEach(async () => {
  for (const dir of [root, outside]) {
    await fs.chmod(dir, 0o755).catch(() => undefined);
    await fs.chmod(path.join(dir, 'tree/sub'), 0o755).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

describe('deleteFolder', () => {
  it('deletes an empty folder, refuses a full one without recursive, and counts what it deletes', async () => {
    await fs.mkdir(file('empty'));
    expect(await workspace.deleteFolder('empty')).toEqual({ path: 'empty', files: 0, folders: 0 });
    await expect(workspace.deleteFolder('tree')).rejects.toThrow(
      /'tree' is not empty \(3 files and 2 folders\); pass recursive: true/,
    );
    expect(await exists(file('tree/sub/deeper/c.txt'))).toBe(true);
    expect(await workspace.deleteFolder('tree', { recursive: true })).toEqual({ path: 'tree', files: 3, folders: 2 });
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('removes links inside the tree without following them, and a link itself', async () => {
    await fs.symlink(outside, file('tree/out-dir'));
    await fs.symlink(path.join(outside, 'precious.txt'), file('tree/sub/out-file'));
    expect(await workspace.deleteFolder('tree', { recursive: true })).toEqual({ path: 'tree', files: 5, folders: 2 });
    expect(await fs.readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
    await fs.mkdir(file('real'));
    await fs.writeFile(file('real/x.txt'), 'x\n');
    await fs.symlink('real', file('link'));
    expect(await workspace.deleteFolder('link', { recursive: true })).toEqual({
      path: 'link',
      link: true,
      files: 0,
      folders: 0,
    });
    expect(await fs.readFile(file('real/x.txt'), 'utf8')).toBe('x\n');
  });

  it('refuses the root, .git and what is inside it, paths outside, and a folder reached through a link out', async () => {
    await fs.mkdir(file('.git/hooks'), { recursive: true });
    await fs.symlink(outside, file('out'));
    for (const input of ['.', root, 'tree/..'])
      await expect(workspace.deleteFolder(input, { recursive: true }, { receipt: { paths: [] } })).rejects.toThrow(
        /workspace folder itself/,
      );
    for (const input of ['.git', '.git/hooks', '.GIT'])
      await expect(
        workspace.deleteFolder(input, { recursive: true }, { receipt: folderReceipt(root, '.git') }),
      ).rejects.toThrow(/git's own data.*never deleted or moved/);
    for (const input of ['../', outside, 'out/precious.txt', path.join(outside, 'precious.txt')])
      await expect(workspace.deleteFolder(input, { recursive: true })).rejects.toThrow(/outside the workspace/);
    // A link out is removed itself; what it points to stays.
    expect(await workspace.deleteFolder('out/', { recursive: true })).toMatchObject({ path: 'out', link: true });
    expect(await fs.readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
    expect(await exists(file('.git/hooks'))).toBe(true);
  });

  it('needs a receipt for a folder that holds a sensitive path (tasks)', async () => {
    await fs.mkdir(file('tree/.vscode'));
    await fs.writeFile(file('tree/.vscode/tasks.json'), '{}\n');
    await expect(workspace.deleteFolder('tree', { recursive: true })).rejects.toThrow(
      /needs the user's confirmation: it holds sensitive paths \(tree\/\.vscode\/tasks\.json/,
    );
    expect(await exists(file('tree/.vscode/tasks.json'))).toBe(true);
    expect(
      await workspace.deleteFolder('tree', { recursive: true }, { receipt: folderReceipt(root, 'tree') }),
    ).toMatchObject({
      files: 4,
    });
  });

  it('refuses a file, a missing path, and a write-protected folder unless approved', async () => {
    await expect(workspace.deleteFolder('tree/a.txt')).rejects.toThrow(/is a file, not a folder/);
    await expect(workspace.deleteFolder('nope')).rejects.toThrow(/'nope' does not exist/);
    await expect(workspace.deleteFolder('nope/deeper')).rejects.toThrow(/does not exist/);
    await fs.chmod(file('tree/sub'), 0o555);
    await expect(workspace.deleteFolder('tree', { recursive: true })).rejects.toThrow(/read-only|write-protected/);
    expect(await exists(file('tree/sub/deeper/c.txt'))).toBe(true);
    if (isRoot) {
      await workspace.deleteFolder('tree', { recursive: true }, { allowWriteProtected: true });
      expect(await exists(file('tree'))).toBe(false);
    }
  });

  it('a stopped call deletes nothing', async () => {
    const token = { isCancellationRequested: true, onCancellationRequested: () => ({ dispose() {} }) };
    await expect(workspace.deleteFolder('tree', { recursive: true }, { token })).rejects.toThrow(/was stopped/);
    expect(await exists(file('tree/sub/deeper/c.txt'))).toBe(true);
  });
});

describe('git data is never moved into or out of, nor deleted, as a file', () => {
  beforeEach(async () => {
    await fs.mkdir(file('.git/hooks'), { recursive: true });
    await fs.writeFile(file('.git/HEAD'), 'ref: refs/heads/main\n');
    await fs.mkdir(file('sub'));
    await fs.writeFile(file('sub/.git'), 'gitdir: ../elsewhere\n');
  });
  const refused = /git's own data.*never deleted or moved/;
  const confirmed = { receipt: { paths: [] }, allowWriteProtected: true };

  it('refuses moving a file out of .git (.git/HEAD to HEAD.bak), confirmed or not', async () => {
    for (const options of [{}, confirmed]) {
      await expect(
        workspace.applyChanges([{ type: 'move', path: '.git/HEAD', to: 'HEAD.bak' }], options),
      ).rejects.toThrow(refused);
      await expect(
        workspace.applyChanges([{ type: 'update', path: '.git/HEAD', content: 'x\n', moveTo: 'HEAD.bak' }], options),
      ).rejects.toThrow(refused);
    }
    expect(await fs.readFile(file('.git/HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(await exists(file('HEAD.bak'))).toBe(false);
  });

  it('refuses moving a gitfile (sub/.git) away or deleting it', async () => {
    await expect(
      workspace.applyChanges([{ type: 'move', path: 'sub/.git', to: 'sub/git.txt' }], confirmed),
    ).rejects.toThrow(refused);
    await expect(workspace.applyChanges([{ type: 'delete', path: 'sub/.git' }], confirmed)).rejects.toThrow(refused);
    await expect(workspace.delete('.git/HEAD', confirmed)).rejects.toThrow(refused);
    expect(await fs.readFile(file('sub/.git'), 'utf8')).toBe('gitdir: ../elsewhere\n');
    expect(await fs.readFile(file('.git/HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(await exists(file('sub/git.txt'))).toBe(false);
  });

  it('refuses moving a file into .git (a hook), even through a link to it, and creates no folder there', async () => {
    await fs.writeFile(file('evil.sh'), '#!/bin/sh\ntouch PWNED\n');
    await fs.symlink('.git', file('git-link'));
    for (const to of ['.git/hooks/pre-commit', '.git/new/deeper/hook', 'git-link/hooks/post-checkout', 'sub/.git'])
      await expect(workspace.applyChanges([{ type: 'move', path: 'evil.sh', to }], confirmed)).rejects.toThrow(refused);
    await expect(
      workspace.applyChanges(
        [{ type: 'update', path: 'evil.sh', content: 'x\n', moveTo: '.git/hooks/pre-push' }],
        confirmed,
      ),
    ).rejects.toThrow(refused);
    expect(await fs.readdir(file('.git/hooks'))).toEqual([]);
    expect((await fs.readdir(file('.git'))).sort()).toEqual(['HEAD', 'hooks']);
    expect(await fs.readFile(file('evil.sh'), 'utf8')).toBe('#!/bin/sh\ntouch PWNED\n');
    // Editing a sensitive file in place is still possible with the user's confirmation.
    const receipt = fileReceipt(root, [{ path: '.git/HEAD', after: 'ref: refs/heads/dev\n' }]);
    await workspace.applyChanges([{ type: 'update', path: '.git/HEAD', content: 'ref: refs/heads/dev\n' }], {
      receipt,
    });
    expect(await fs.readFile(file('.git/HEAD'), 'utf8')).toBe('ref: refs/heads/dev\n');
  });
});

describe('deleteFolder checks what it renamed aside', () => {
  it('puts back and refuses a folder swapped in after the check, deleting nothing', async () => {
    await fs.mkdir(file('other'));
    await fs.writeFile(file('other/precious.txt'), 'precious\n');
    // After the tree was counted and checked (the sensitive check runs last), another program
    // swaps another folder in under the name.
    const swapped = swapTreeAfterCheck(() => {
      renameSync(file('tree'), file('tree-real'));
      renameSync(file('other'), file('tree'));
    });
    // The words say what happened; the code says nothing was deleted (the editor pack's sentence says so too).
    await expect(workspace.deleteFolder('tree', { recursive: true })).rejects.toMatchObject({
      code: 'changed-while-deleting',
      message: expect.stringMatching(/^'tree' changed while it was being deleted.*; it was put back\.$/),
    });
    expect(swapped()).toBe(true);
    expect(await fs.readFile(file('tree/precious.txt'), 'utf8')).toBe('precious\n');
    expect(await fs.readFile(file('tree-real/sub/deeper/c.txt'), 'utf8')).toBe('c\n');
    expect((await fs.readdir(root)).sort()).toEqual(['tree', 'tree-real']);
  });

  it('a folder swapped for a link after the check is put back, and nothing it points to is touched', async () => {
    const swapped = swapTreeAfterCheck(() => {
      renameSync(file('tree'), file('tree-real'));
      symlinkSync(outside, file('tree'));
    });
    await expect(workspace.deleteFolder('tree', { recursive: true })).rejects.toThrow(
      /changed while it was being deleted/,
    );
    expect(swapped()).toBe(true);
    expect(await fs.readlink(file('tree'))).toBe(outside);
    expect(await fs.readdir(outside)).toEqual(['precious.txt']);
    expect(await fs.readFile(file('tree-real/a.txt'), 'utf8')).toBe('a\n');
  });
});

describe('moveFolder checks what it moved', () => {
  it('puts back and refuses a folder swapped in after the check', async () => {
    await fs.mkdir(file('other'));
    await fs.writeFile(file('other/precious.txt'), 'precious\n');
    const swapped = swapTreeAfterCheck(() => {
      renameSync(file('tree'), file('tree-real'));
      renameSync(file('other'), file('tree'));
    });
    await expect(workspace.moveFolder('tree', 'moved')).rejects.toThrow(
      /'tree' changed while it was being moved.*it was put back/,
    );
    expect(swapped()).toBe(true);
    expect(await fs.readFile(file('tree/precious.txt'), 'utf8')).toBe('precious\n');
    expect(await fs.readFile(file('tree-real/sub/deeper/c.txt'), 'utf8')).toBe('c\n');
    expect((await fs.readdir(root)).sort()).toEqual(['tree', 'tree-real']);
  });
});

describe('moves never go through links', () => {
  it('refuses a destination that is a link (dangling in, or out) and a source that is a link', async () => {
    await fs.symlink('tree/missing.txt', file('dangling'));
    await fs.symlink(path.join(outside, 'new.txt'), file('out-link'));
    await expect(workspace.applyChanges([{ type: 'move', path: 'tree/a.txt', to: 'dangling' }])).rejects.toThrow(
      /that name is a symbolic link/,
    );
    await expect(workspace.applyChanges([{ type: 'move', path: 'tree/a.txt', to: 'out-link' }])).rejects.toThrow(
      /outside the workspace|symbolic link/,
    );
    await expect(
      workspace.applyChanges([{ type: 'update', path: 'tree/a.txt', content: 'x\n', moveTo: 'dangling' }]),
    ).rejects.toThrow(/that name is a symbolic link/);
    await fs.symlink('tree/a.txt', file('a-link'));
    await expect(workspace.applyChanges([{ type: 'move', path: 'a-link', to: 'moved.txt' }])).rejects.toThrow(
      /is a symbolic link; only files can be moved/,
    );
    expect(await fs.readFile(file('tree/a.txt'), 'utf8')).toBe('a\n');
    expect(await exists(file('tree/missing.txt'))).toBe(false);
    expect(await fs.readdir(outside)).toEqual(['precious.txt']);
  });

  it('moves a file onto itself: refused, kept', async () => {
    await expect(workspace.applyChanges([{ type: 'move', path: 'tree/a.txt', to: './tree/a.txt' }])).rejects.toThrow(
      /more than one change|already exists/,
    );
    expect(await fs.readFile(file('tree/a.txt'), 'utf8')).toBe('a\n');
  });
});

describe('moveFolder', () => {
  it('moves a tree in one rename, links inside kept as links, parents created', async () => {
    await fs.symlink(outside, file('tree/out-dir'));
    expect(await workspace.moveFolder('tree', 'new/place')).toEqual({
      path: 'tree',
      movedTo: 'new/place',
      files: 4,
      folders: 2,
    });
    expect(await fs.readFile(file('new/place/sub/deeper/c.txt'), 'utf8')).toBe('c\n');
    expect(await fs.readlink(file('new/place/out-dir'))).toBe(outside);
    expect(await exists(file('tree'))).toBe(false);
    expect(await fs.readdir(outside)).toEqual(['precious.txt']);
  });

  it('refuses what it must and leaves no folder it created behind', async () => {
    await fs.mkdir(file('taken'));
    await fs.symlink('tree', file('tree-link'));
    await fs.symlink(outside, file('out'));
    await fs.mkdir(file('.git'));
    const cases: [string, string, RegExp][] = [
      ['tree', 'taken', /already exists/],
      ['tree', 'tree/sub/x/y', /into itself/],
      ['tree-link', 'moved', /is a symbolic link/],
      ['tree', 'out/tree', /outside the workspace/],
      ['tree', '.git/x/tree', /git's own data/],
      ['.git', 'not-git', /git's own data/],
      ['tree/a.txt', 'a-moved', /not a folder/],
      ['missing', 'x', /does not exist/],
      ['.', 'x', /workspace folder itself/],
      ['tree', '.', /onto the workspace folder itself/],
    ];
    for (const [from, to, message] of cases) await expect(workspace.moveFolder(from, to)).rejects.toThrow(message);
    expect((await fs.readdir(root)).sort()).toEqual(['.git', 'out', 'taken', 'tree', 'tree-link']);
    expect((await fs.readdir(file('tree/sub'))).sort()).toEqual(['b.txt', 'deeper']);
    expect(await fs.readdir(file('.git'))).toEqual([]);
    expect(await fs.readdir(outside)).toEqual(['precious.txt']);
  });

  it('needs a receipt to move sensitive paths, or to make paths sensitive', async () => {
    await fs.writeFile(file('tree/tasks.json'), '{}\n');
    await expect(workspace.moveFolder('tree', '.vscode')).rejects.toThrow(
      /needs the user's confirmation.*\.vscode\/tasks\.json/,
    );
    expect(await exists(file('.vscode'))).toBe(false);
    expect(
      await workspace.moveFolder('tree', '.vscode', { receipt: folderReceipt(root, 'tree', '.vscode') }),
    ).toMatchObject({
      movedTo: '.vscode',
    });
  });
});
