import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

/** The first 12 hex digits of the sha256 of a text, as a folder's question lists each file. */
const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

let h: PackHarness;
let outside: string;
const yes = { confirm: async () => 'once' as const };
beforeEach(async () => {
  h = await createPackHarness([editorPack], {
    'src/a.ts': 'one\ntwo\nthree\n',
    'src/nested/b.ts': 'b\n',
    'src/nested/deeper/c.ts': 'c\n',
    '.vscode/tasks.json': '{}\n',
    '.git/config': '[core]\n',
    'keep.txt': 'keep\n',
  });
  await fs.mkdir(path.join(h.root, 'empty'));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-outside-'));
  await fs.writeFile(path.join(outside, 'precious.txt'), 'precious\n');
});
afterEach(async () => {
  await h.dispose();
  await fs.rm(outside, { recursive: true, force: true });
});

const exists = (relative: string) =>
  fs.lstat(path.isAbsolute(relative) ? relative : path.join(h.root, relative)).then(
    () => true,
    () => false,
  );

describe('delete_file', () => {
  it('asks with what will be lost, then deletes a file, for every model family', async () => {
    for (const model of Object.values(testModels)) expect(h.names(model)).toContain('delete_file');
    const asked: ConfirmationRequest[] = [];
    const result = await h.call(
      'delete_file',
      { filePath: 'src/a.ts' },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(result).toMatchObject({ status: 'ok', text: 'Deleted src/a.ts (3 lines, 14 bytes).' });
    expect(asked[0]).toMatchObject({
      title: 'Delete src/a.ts?',
      message: 'src/a.ts (3 lines, 14 bytes) will be deleted.',
    });
    expect(await exists('src/a.ts')).toBe(false);
  });

  it('deletes nothing without a yes, even under a remembered yes for another tool', async () => {
    expect((await h.call('delete_file', { filePath: 'src/a.ts' })).status).toBe('declined');
    expect((await h.call('delete_file', { filePath: 'src/a.ts' }, { confirm: async () => 'decline' })).status).toBe(
      'declined',
    );
    expect(await exists('src/a.ts')).toBe(true);
  });

  it('deletes an empty folder without recursive, a full one only with it, and says how much', async () => {
    expect(await h.call('delete_file', { filePath: 'empty' }, yes)).toMatchObject({
      status: 'ok',
      text: 'Deleted the empty folder empty.',
    });
    const asked: ConfirmationRequest[] = [];
    const refused = await h.call('delete_file', { filePath: 'src' }, { confirm: async (r) => (asked.push(r), 'once') });
    expect(refused.status).toBe('error');
    expect(refused.text).toMatch(/src.* is not empty \(3 files and 2 folders\); pass recursive: true/);
    expect(asked[0].message).toBe(
      [
        'src and everything in it will be deleted: 3 files and 2 folders.',
        `- src/a.ts (sha256 ${sha('one\ntwo\nthree\n')}…)`,
        '- src/nested/',
        `- src/nested/b.ts (sha256 ${sha('b\n')}…)`,
        '- src/nested/deeper/',
        `- src/nested/deeper/c.ts (sha256 ${sha('c\n')}…)`,
      ].join('\n'),
    );
    expect(await h.read('src/nested/deeper/c.ts')).toBe('c\n');
    const deleted = await h.call('delete_file', { filePath: 'src', recursive: true }, yes);
    expect(deleted).toMatchObject({ status: 'ok', text: 'Deleted the folder src with 3 files and 2 folders.' });
    expect(await exists('src')).toBe(false);
    expect(await h.read('keep.txt')).toBe('keep\n');
  });

  it('a remembered yes for deleting files or one folder never covers deleting another non-empty folder', async () => {
    const asked: ConfirmationRequest[] = [];
    const remember = { confirm: async (r: ConfirmationRequest) => (asked.push(r), 'session' as const) };
    const silent = { confirm: async (r: ConfirmationRequest) => (asked.push(r), 'decline' as const) };
    // "Always allow" on an ordinary delete covers the next file or empty folder.
    expect((await h.call('delete_file', { filePath: 'keep.txt' }, remember)).status).toBe('ok');
    expect((await h.call('delete_file', { filePath: 'empty' }, silent)).status).toBe('ok');
    expect(asked).toHaveLength(1);
    // A later recursive delete of a full folder still asks (declined here: nothing is deleted).
    const declined = await h.call('delete_file', { filePath: 'src', recursive: true }, silent);
    expect(declined.status).toBe('declined');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ title: 'Delete folder src?' });
    expect(await h.read('src/nested/deeper/c.ts')).toBe('c\n');
    // A yes remembered for src/nested covers src/nested only, never src.
    await fs.mkdir(path.join(h.root, 'other'));
    await fs.writeFile(path.join(h.root, 'other/x.txt'), 'x\n');
    expect((await h.call('delete_file', { filePath: 'src/nested', recursive: true }, remember)).status).toBe('ok');
    expect(asked).toHaveLength(3);
    expect((await h.call('delete_file', { filePath: 'other', recursive: true }, silent)).status).toBe('declined');
    expect(asked).toHaveLength(4);
    expect(await h.read('other/x.txt')).toBe('x\n');
    // The same folder again is covered by its own remembered yes.
    await fs.mkdir(path.join(h.root, 'src/nested/again'), { recursive: true });
    await fs.writeFile(path.join(h.root, 'src/nested/again/y.txt'), 'y\n');
    expect((await h.call('delete_file', { filePath: 'src/nested', recursive: true }, silent)).status).toBe('ok');
    expect(asked).toHaveLength(4);
    expect(await h.read('src/a.ts')).toBe('one\ntwo\nthree\n');
  });

  it('never deletes .git, anything inside it, or the workspace root', async () => {
    for (const filePath of ['.git', '.git/config', './.git/', '.GIT/config']) {
      const result = await h.call('delete_file', { filePath, recursive: true }, yes);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/git's own data \(\.git or inside it\); it is never deleted or moved by a tool/);
    }
    expect(await h.read('.git/config')).toBe('[core]\n');
    for (const filePath of ['.', h.root, 'src/..']) {
      const result = await h.call('delete_file', { filePath, recursive: true }, yes);
      expect(result.text).toMatch(/is the workspace folder itself; it is never deleted/);
    }
    expect(await exists('keep.txt')).toBe(true);
    // Nor through the file system directly.
    await expect(
      h.host.workspace.deleteFolder('.git', { recursive: true }, { receipt: { paths: [] } }),
    ).rejects.toThrow(/never deleted or moved by a tool/);
    await expect(h.host.workspace.deleteFolder('.', { recursive: true }, { receipt: { paths: [] } })).rejects.toThrow(
      /workspace folder itself/,
    );
  });

  it('refuses paths outside the workspace', async () => {
    for (const filePath of ['../x', path.join(outside, 'precious.txt'), outside]) {
      const result = await h.call('delete_file', { filePath, recursive: true }, yes);
      expect(result.text).toMatch(/outside the workspace/);
    }
    expect(await fs.readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
  });

  it('deletes a symbolic link itself, never what it points to (in or out of the workspace)', async () => {
    await fs.symlink(outside, path.join(h.root, 'out-dir'));
    await fs.symlink(path.join(h.root, 'src'), path.join(h.root, 'in-dir'));
    await fs.symlink('keep.txt', path.join(h.root, 'keep-link.txt'));
    const out = await h.call('delete_file', { filePath: 'out-dir', recursive: true }, yes);
    // The link leads out: the link goes, what it points to is untouched.
    expect(out.text).toBe('Deleted the symbolic link out-dir; what it pointed to was kept.');
    expect(await fs.readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
    expect(await exists('out-dir')).toBe(false);
    const asked: ConfirmationRequest[] = [];
    const inDir = await h.call(
      'delete_file',
      { filePath: 'in-dir', recursive: true },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(inDir).toMatchObject({
      status: 'ok',
      text: 'Deleted the symbolic link in-dir; what it pointed to was kept.',
    });
    expect(asked[0].title).toBe('Delete link in-dir?');
    expect(await h.read('src/a.ts')).toBe('one\ntwo\nthree\n');
    expect((await h.call('delete_file', { filePath: 'keep-link.txt' }, yes)).status).toBe('ok');
    expect(await exists('keep-link.txt')).toBe(false);
    expect(await h.read('keep.txt')).toBe('keep\n');
  });

  it('removes links inside a folder without following them', async () => {
    await fs.mkdir(path.join(h.root, 'box'));
    await fs.symlink(outside, path.join(h.root, 'box/out-dir'));
    await fs.symlink(path.join(outside, 'precious.txt'), path.join(h.root, 'box/out-file'));
    await fs.writeFile(path.join(h.root, 'box/own.txt'), 'own\n');
    const result = await h.call('delete_file', { filePath: 'box', recursive: true }, yes);
    expect(result).toMatchObject({ status: 'ok', text: 'Deleted the folder box with 3 files.' });
    expect(await fs.readFile(path.join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
    expect(await exists('box')).toBe(false);
  });

  it('sensitive files and folders holding them ask every time, with why, and need that yes', async () => {
    const asked: ConfirmationRequest[] = [];
    const declined = await h.call(
      'delete_file',
      { filePath: '.vscode', recursive: true },
      { autoApprove: true, confirm: async (r) => (asked.push(r), 'decline') },
    );
    expect(declined.status).toBe('declined');
    expect(asked[0]).toMatchObject({ title: 'Delete folder .vscode?', alwaysConfirm: true });
    expect(asked[0].message).toMatch(/- \.vscode\/tasks\.json \(1 line, 3 bytes, sha256 [0-9a-f]{12}…\)/);
    expect(asked[0].message).toMatch(
      /\.vscode\/tasks\.json — tasks are shell commands the editor runs\n\n```diff\n--- a\/\.vscode\/tasks\.json\n\+\+\+ \/dev\/null\n@@ -1,1 \+1,0 @@\n-\{\}/,
    );
    expect((await h.call('delete_file', { filePath: '.vscode/tasks.json' }, { autoApprove: true })).status).toBe(
      'declined',
    );
    expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
    // Without the tool's question the file system refuses it.
    await expect(h.host.workspace.deleteFolder('.vscode', { recursive: true })).rejects.toThrow(
      /needs the user's confirmation/,
    );
    const file = await h.call(
      'delete_file',
      { filePath: '.vscode/tasks.json' },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(file.status).toBe('ok');
    expect(asked.at(-1)?.message).toContain('-{}');
    expect((await h.call('delete_file', { filePath: '.vscode' }, yes)).text).toBe('Deleted the empty folder .vscode.');
  });

  it('says what to do for a missing path', async () => {
    const result = await h.call('delete_file', { filePath: 'src/nope.ts' }, yes);
    expect(result.text).toMatch(/src\/nope\.ts does not exist; nothing was deleted. Use file_search or list_dir/);
  });
});
