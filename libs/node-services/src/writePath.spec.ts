// Issue 9: the write path keeps data. Bytes it does not understand, permissions, owners, modes,
// hard links, BOMs, leftovers after a crash, and all-or-nothing batches.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { NodeSearchService } from './nodeSearchService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { lockName } from './processLock';
import { tempNameOf } from './writePathNames';
import { ConflictError } from './writeSteps';
import { fileReceipt } from './testing/receipts';

let root: string;
let workspace: NodeWorkspaceFileSystem;
const file = (relative: string) => path.join(root, relative);
const isRoot = process.getuid?.() === 0;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-write-')));
  await fs.writeFile(file('a.txt'), 'alpha\nbeta\n');
  workspace = new NodeWorkspaceFileSystem(root);
});

afterEach(async () => {
  await fs.chmod(root, 0o755).catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

const listAll = async (dir = root): Promise<string[]> =>
  (await fs.readdir(dir, { recursive: true })).map(String).sort();

describe('bytes are kept exactly', () => {
  it('refuses to edit text that is not valid UTF-8 instead of turning it into U+FFFD', async () => {
    const latin1 = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from('\nreplace me\n')]);
    await fs.writeFile(file('latin1.txt'), latin1);
    await expect(workspace.edit('latin1.txt', (t) => t.replace('replace me', 'done'))).rejects.toThrow(
      /not valid UTF-8.*Nothing was changed/,
    );
    expect(await fs.readFile(file('latin1.txt'))).toEqual(latin1);
  });

  it('refuses to edit a binary file whose first NUL is after 8 KB', async () => {
    const bytes = Buffer.concat([Buffer.alloc(9000, 'a'), Buffer.from([0, 1, 2]), Buffer.from('\nreplace me\n')]);
    await fs.writeFile(file('late-nul.bin'), bytes);
    await expect(workspace.edit('late-nul.bin', (t) => t.replace('replace me', 'x'))).rejects.toThrow(
      /binary \(a NUL byte at offset 9000\)/,
    );
    expect(await fs.readFile(file('late-nul.bin'))).toEqual(bytes);
  });

  it('replaces or moves a binary file byte for byte when no text is needed', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x00, 0xff, 0xfe]);
    await fs.writeFile(file('img.bin'), binary);
    await workspace.applyChanges([{ type: 'move', path: 'img.bin', to: 'assets/img.bin' }]);
    expect(await fs.readFile(file('assets/img.bin'))).toEqual(binary);
    await workspace.applyChanges([{ type: 'update', path: 'assets/img.bin', content: 'now text\n' }]);
    expect(await fs.readFile(file('assets/img.bin'), 'utf8')).toBe('now text\n');
  });

  it('keeps a BOM, CRLF line ends and every byte outside the edit', async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ünï\r\nreplace me\r\n✓ end')]);
    await fs.writeFile(file('bom.txt'), original);
    await workspace.edit('bom.txt', (t) => t.replace('replace me', 'replaced'));
    expect(await fs.readFile(file('bom.txt'))).toEqual(
      Buffer.from(original.toString('latin1').replace('replace me', 'replaced'), 'latin1'),
    );
  });
});

describe('permissions, mode, owner', () => {
  it('refuses to change a read-only file (edit, overwrite, delete, move)', async () => {
    await fs.chmod(file('a.txt'), 0o444);
    await expect(workspace.edit('a.txt', (t) => t + 'x')).rejects.toThrow(
      /'a.txt' is write-protected \(read-only\); it was not changed/,
    );
    await expect(workspace.writeText('a.txt', 'x', 'overwrite')).rejects.toThrow(/read-only/);
    await expect(workspace.delete('a.txt')).rejects.toThrow(/read-only/);
    await expect(workspace.applyChanges([{ type: 'move', path: 'a.txt', to: 'b.txt' }])).rejects.toThrow(/read-only/);
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nbeta\n');
    expect((await fs.stat(file('a.txt'))).mode & 0o777).toBe(0o444);
    expect(await listAll()).toEqual(['a.txt']);
  });

  it('refuses to write in a read-only folder with a clear message and no temp file', async () => {
    await fs.mkdir(file('locked'));
    await fs.writeFile(file('locked/x.txt'), 'x\n');
    await fs.chmod(file('locked'), 0o555);
    try {
      await expect(workspace.writeText('locked/new.txt', 'n', 'create')).rejects.toThrow(
        /folder of 'locked\/new.txt' \('locked'\) is write-protected \(read-only\); nothing was changed/,
      );
      await expect(workspace.edit('locked/x.txt', (t) => t + 'y')).rejects.toThrow(
        /is write-protected \(read-only\); nothing was changed/,
      );
      const message = await workspace.edit('locked/x.txt', (t) => t + 'y').catch((e: Error) => e.message);
      expect(message).not.toMatch(/EACCES|\.tmp/);
      expect(await fs.readdir(file('locked'))).toEqual(['x.txt']);
    } finally {
      await fs.chmod(file('locked'), 0o755);
    }
  });

  it('keeps mode 0777 and set-gid bits, owner and group', async () => {
    await fs.chmod(file('a.txt'), 0o777);
    await workspace.edit('a.txt', (t) => t + 'gamma\n');
    expect((await fs.stat(file('a.txt'))).mode & 0o7777).toBe(0o777);
    if (isRoot) {
      await fs.chown(file('a.txt'), 1234, 5678);
      await fs.chmod(file('a.txt'), 0o2775);
      await workspace.edit('a.txt', (t) => t + 'delta\n');
      const stat = await fs.stat(file('a.txt'));
      expect([stat.uid, stat.gid, stat.mode & 0o7777]).toEqual([1234, 5678, 0o2775]);
    }
  });
});

describe('hard links', () => {
  it('refuse a hard-linked file without the user’s confirmation: another name of it may be .git/config', async () => {
    await fs.mkdir(file('.git'));
    await fs.writeFile(file('.git/config'), '[core]\n');
    await fs.link(file('.git/config'), file('notes.txt'));
    expect(await workspace.sensitiveReason('notes.txt')).toMatch(/other name\(s\) \(hard links\)/);
    await expect(workspace.edit('notes.txt', (t) => t + '\tfsmonitor = evil\n')).rejects.toThrow(
      /hard links.*needs the user's confirmation/,
    );
    expect(await fs.readFile(file('.git/config'), 'utf8')).toBe('[core]\n');
  });

  it('edits a hard-linked file in place once confirmed: both names see every edit and the link holds', async () => {
    await fs.link(file('a.txt'), file('other-name.txt'));
    const { ino } = await fs.stat(file('a.txt'));
    const a = await fs.readFile(file('a.txt'), 'utf8');
    await workspace.edit('a.txt', (t) => t + 'from a\n', {
      receipt: fileReceipt(root, [{ path: 'a.txt', after: a + 'from a\n' }]),
    });
    const receipt = fileReceipt(root, [{ path: 'other-name.txt', after: a + 'from a\nfrom other\n' }]);
    await workspace.edit('other-name.txt', (t) => t + 'from other\n', { receipt });
    for (const name of ['a.txt', 'other-name.txt']) {
      const stat = await fs.stat(file(name));
      expect([stat.ino, stat.nlink]).toEqual([ino, 2]);
      expect(await fs.readFile(file(name), 'utf8')).toBe('alpha\nbeta\nfrom a\nfrom other\n');
    }
  });
});

describe('temp files', () => {
  it('are hidden from search and removed at start-up when their process is gone', async () => {
    const dead = spawnSync('true').pid;
    await fs.mkdir(file('src'));
    await fs.writeFile(file(`src/${tempNameOf(dead!, '0123456789ab')}`), 'needle half-written');
    await fs.writeFile(file(tempNameOf(process.pid, 'aaaaaaaaaaaa')), 'needle in flight');
    for (const search of [new NodeSearchService(root, { ripgrep: false }), new NodeSearchService(root)]) {
      expect(
        (await search.grep({ pattern: 'needle', isRegexp: false, caseSensitive: false, maxResults: 10 })).matches,
      ).toEqual([]);
      expect((await search.findFiles('**/*.tmp', 10)).files).toEqual([]);
    }
    await workspace.writeText('b.txt', 'b', 'create');
    expect(await listAll()).toEqual([tempNameOf(process.pid, 'aaaaaaaaaaaa'), 'a.txt', 'b.txt', 'src']);
  });
});

describe('lock files', () => {
  it('a lock left by a killed process is taken over, and listings never show write-path files', async () => {
    const dead = spawnSync('true').pid;
    await fs.writeFile(file(lockName('a.txt')), String(dead));
    await fs.writeFile(file(tempNameOf(process.pid, 'bbbbbbbbbbbb')), 'in flight');
    await workspace.edit('a.txt', (t) => t + 'gamma\n');
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nbeta\ngamma\n');
    expect(await listAll()).toEqual([tempNameOf(process.pid, 'bbbbbbbbbbbb'), 'a.txt']);
    expect(await workspace.readDirectory('.')).toEqual([{ name: 'a.txt', type: 'file' }]);
  });
});

describe('applyChanges: all or nothing', () => {
  beforeEach(async () => {
    await fs.writeFile(file('b.txt'), 'b\n');
  });

  it('applies creates, updates, moves and deletes together', async () => {
    const applied = await workspace.applyChanges([
      { type: 'create', path: 'new/c.txt', content: 'c\n' },
      { type: 'update', path: 'a.txt', content: (t) => t.replace('beta', 'BETA') },
      { type: 'update', path: 'b.txt', content: 'moved b\n', moveTo: 'moved/b.txt', expected: 'b\n' },
    ]);
    expect(applied.map((c) => [c.type, c.path, c.movedTo])).toEqual([
      ['create', 'new/c.txt', undefined],
      ['update', 'a.txt', undefined],
      ['update', 'b.txt', 'moved/b.txt'],
    ]);
    expect(await listAll()).toEqual(['a.txt', 'moved', 'moved/b.txt', 'new', 'new/c.txt']);
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nBETA\n');
    expect(await fs.readFile(file('moved/b.txt'), 'utf8')).toBe('moved b\n');
    await workspace.applyChanges([
      { type: 'delete', path: 'new/c.txt' },
      { type: 'move', path: 'a.txt', to: 'z.txt' },
    ]);
    expect(await listAll()).toEqual(['moved', 'moved/b.txt', 'new', 'z.txt']);
  });

  it.each<[string, Parameters<NodeWorkspaceFileSystem['applyChanges']>[0], RegExp]>([
    [
      'a failing transform',
      [
        { type: 'create', path: 'deep/new.txt', content: 'n' },
        {
          type: 'update',
          path: 'b.txt',
          content: () => {
            throw new WorkspaceError('no match for the hunk');
          },
        },
      ],
      /no match for the hunk/,
    ],
    [
      'a create over an existing file',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'create', path: 'b.txt', content: 'x' },
      ],
      /already exists/,
    ],
    [
      'a missing file',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'delete', path: 'gone.txt' },
      ],
      /does not exist/,
    ],
    [
      'a move onto an existing file',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'move', path: 'b.txt', to: 'a2/../a.txt' },
      ],
      /(already exists|more than one change)/,
    ],
    [
      'one file twice',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'update', path: './a.txt', content: 'y' },
      ],
      /more than one change/,
    ],
    [
      'an unexpected content',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'delete', path: 'b.txt', expected: 'other\n' },
      ],
      /not what the change expected/,
    ],
    [
      'a path outside',
      [
        { type: 'update', path: 'a.txt', content: 'x' },
        { type: 'create', path: '../escape.txt', content: 'x' },
      ],
      /outside the workspace/,
    ],
  ])('changes nothing on %s', async (_name, changes, error) => {
    await expect(workspace.applyChanges(changes)).rejects.toThrow(error);
    expect(await listAll()).toEqual(['a.txt', 'b.txt']);
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nbeta\n');
    expect(await fs.readFile(file('b.txt'), 'utf8')).toBe('b\n');
  });

  it('rolls back renames already done when a later file changed under it, and says it is retryable', async () => {
    const error = await workspace
      .applyChanges([
        { type: 'update', path: 'a.txt', content: 'new a\n' },
        { type: 'create', path: 'made/c.txt', content: 'c\n' },
        {
          type: 'update',
          path: 'b.txt',
          expected: 'b\n',
          // Another program writes b.txt after it was read, before the batch commits.
          content: async (t) => {
            await fs.writeFile(file('b.txt'), 'written by someone else\n');
            return `${t}mine\n`;
          },
        },
      ])
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(/'b.txt' changed on disk .* Nothing was changed; read it again and retry/);
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nbeta\n');
    expect(await fs.readFile(file('b.txt'), 'utf8')).toBe('written by someone else\n');
    expect(await listAll()).toEqual(['a.txt', 'b.txt']);
  });
});

describe('a stopped call', () => {
  it('writes nothing once its token is cancelled, even when the tool went on regardless', async () => {
    const cancelled = { isCancellationRequested: true, onCancellationRequested: () => ({ dispose() {} }) };
    await expect(workspace.edit('a.txt', (t) => t + 'late\n', { token: cancelled })).rejects.toThrow(
      /stopped .* before anything was written; nothing was changed/,
    );
    await expect(workspace.writeText('new.txt', 'x', 'create', { token: cancelled })).rejects.toThrow(WorkspaceError);
    await expect(workspace.applyChanges([{ type: 'delete', path: 'a.txt' }], { token: cancelled })).rejects.toThrow(
      WorkspaceError,
    );
    expect(await fs.readFile(file('a.txt'), 'utf8')).toBe('alpha\nbeta\n');
    expect(await listAll()).toEqual(['a.txt']);
  });
});
