import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ConfirmationRequest } from '@toolpacks/registry/host';
import { createPackHarness, testModels } from '@toolpacks/host-node/testing';
import type { PackHarness } from '@toolpacks/host-node/testing';
import { editorPack } from '../index';

let h: PackHarness;
let outside: string;
const yes = { confirm: async () => 'once' as const };
beforeEach(async () => {
  h = await createPackHarness([editorPack], {
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    '.vscode/tasks.json': '{}\n',
    '.git/config': '[core]\n',
  });
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-outside-'));
});
afterEach(async () => {
  await h.dispose();
  await fs.rm(outside, { recursive: true, force: true });
});

const exists = (relative: string) =>
  fs.lstat(path.join(h.root, relative)).then(
    () => true,
    () => false,
  );

describe('move_file', () => {
  it('moves a file into new folders after asking, for every model family', async () => {
    const asked: ConfirmationRequest[] = [];
    for (const model of Object.values(testModels)) expect(h.names(model)).toContain('move_file');
    const result = await h.call(
      'move_file',
      { sourcePath: 'src/a.ts', destinationPath: 'lib/deep/a2.ts' },
      { confirm: async (r) => (asked.push(r), 'once') },
    );
    expect(result).toMatchObject({ status: 'ok', text: 'Moved src/a.ts to lib/deep/a2.ts.' });
    expect(asked[0].title).toBe('Move src/a.ts to lib/deep/a2.ts?');
    expect(await h.read('lib/deep/a2.ts')).toBe('export const a = 1;\n');
    expect(await exists('src/a.ts')).toBe(false);
  });

  it('asks, and a decline or no answer moves nothing', async () => {
    expect((await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'x.ts' })).status).toBe('declined');
    const declined = await h.call(
      'move_file',
      { sourcePath: 'src/a.ts', destinationPath: 'x.ts' },
      { confirm: async () => 'decline' },
    );
    expect(declined.status).toBe('declined');
    expect(await exists('src/a.ts')).toBe(true);
    expect(await exists('x.ts')).toBe(false);
  });

  it('refuses an existing destination, a missing source and the file itself', async () => {
    const onto = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'src/b.ts' }, yes);
    expect(onto.status).toBe('error');
    expect(onto.text).toMatch(/src\/b\.ts already exists \(a file\); nothing was moved.*delete_file/);
    expect(await h.read('src/b.ts')).toBe('export const b = 2;\n');
    const self = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: './src/../src/a.ts' }, yes);
    expect(self.text).toMatch(/the same file \(src\/a\.ts\); nothing was moved/);
    expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
    expect((await h.call('move_file', { sourcePath: 'nope.ts', destinationPath: 'x.ts' }, yes)).text).toMatch(
      /nope\.ts does not exist; nothing was moved/,
    );
  });

  it('refuses paths outside the workspace, with .. or absolute', async () => {
    for (const [sourcePath, destinationPath] of [
      ['src/a.ts', '../escaped.ts'],
      ['src/a.ts', path.join(outside, 'escaped.ts')],
      ['../outside.ts', 'in.ts'],
      [path.join(outside, 'x.ts'), 'in.ts'],
    ]) {
      const result = await h.call('move_file', { sourcePath, destinationPath }, yes);
      expect(result.status).toBe('error');
      expect(result.text).toMatch(/outside the workspace/);
    }
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await exists('src/a.ts')).toBe(true);
  });

  it('never moves through a destination that is a symbolic link, pointing out or in', async () => {
    await fs.symlink(path.join(outside, 'target.ts'), path.join(h.root, 'out-link.ts'));
    await fs.symlink('src/missing.ts', path.join(h.root, 'in-link.ts'));
    await fs.symlink('src/b.ts', path.join(h.root, 'b-link.ts'));
    const out = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'out-link.ts' }, yes);
    expect(out.text).toMatch(/outside the workspace/);
    const dangling = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'in-link.ts' }, yes);
    expect(dangling.status).toBe('error');
    expect(dangling.text).toMatch(/in-link\.ts.*is a symbolic link, and a move never writes through a link/);
    const existing = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'b-link.ts' }, yes);
    expect(existing.text).toMatch(/already exists/);
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await exists('src/missing.ts')).toBe(false);
    expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
    expect(await h.read('src/b.ts')).toBe('export const b = 2;\n');
  });

  it('does not move a symbolic link (it would move what it points to)', async () => {
    await fs.symlink('src/a.ts', path.join(h.root, 'a-link.ts'));
    const result = await h.call('move_file', { sourcePath: 'a-link.ts', destinationPath: 'moved.ts' }, yes);
    expect(result.text).toMatch(/a-link\.ts.*is a symbolic link; only files can be moved/);
    expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
    expect(await exists('moved.ts')).toBe(false);
  });

  it('moving into or out of sensitive paths asks every time, with what moves, and needs that yes', async () => {
    const asked: ConfirmationRequest[] = [];
    const into = await h.call(
      'move_file',
      { sourcePath: 'src/a.ts', destinationPath: '.husky/pre-commit' },
      { autoApprove: true, confirm: async (r) => (asked.push(r), 'decline') },
    );
    expect(into.status).toBe('declined');
    expect(asked[0]).toMatchObject({ title: 'Move src/a.ts to .husky/pre-commit?', alwaysConfirm: true });
    expect(asked[0].message).toContain('+export const a = 1;');
    expect(await exists('.husky/pre-commit')).toBe(false);
    // Auto-approve never covers it.
    expect(
      (
        await h.call(
          'move_file',
          { sourcePath: '.vscode/tasks.json', destinationPath: 'tasks.json' },
          { autoApprove: true },
        )
      ).status,
    ).toBe('declined');
    const out = await h.call('move_file', { sourcePath: '.vscode/tasks.json', destinationPath: 'tasks.json' }, yes);
    expect(out).toMatchObject({ status: 'ok', text: 'Moved .vscode/tasks.json to tasks.json.' });
  });

  it('refuses a sensitive move when the file system is asked directly without confirmation', async () => {
    await expect(
      h.host.workspace.applyChanges([{ type: 'move', path: 'src/a.ts', to: '.husky/post-checkout' }]),
    ).rejects.toThrow(/needs the user's confirmation/);
    expect(await exists('.husky/post-checkout')).toBe(false);
    expect(await exists('.husky')).toBe(false);
  });

  describe('.git is never moved into or out of, whatever the user says', () => {
    const refused = /git's own data.*never (deleted or )?moved/;
    const asked: ConfirmationRequest[] = [];
    const always = { autoApprove: true, confirm: async (r: ConfirmationRequest) => (asked.push(r), 'once' as const) };
    beforeEach(async () => {
      asked.length = 0;
      await fs.writeFile(path.join(h.root, '.git/HEAD'), 'ref: refs/heads/main\n');
      await fs.mkdir(path.join(h.root, 'sub'));
      await fs.writeFile(path.join(h.root, 'sub/.git'), 'gitdir: ../elsewhere\n');
    });

    it('does not move .git/HEAD to HEAD.bak, and asks nothing', async () => {
      for (const sourcePath of ['.git/HEAD', './.GIT/HEAD', path.join(h.root, '.git/HEAD')]) {
        const result = await h.call('move_file', { sourcePath, destinationPath: 'HEAD.bak' }, always);
        expect(result.status).toBe('error');
        expect(result.text).toMatch(refused);
      }
      expect(asked).toEqual([]);
      expect(await h.read('.git/HEAD')).toBe('ref: refs/heads/main\n');
      expect(await exists('HEAD.bak')).toBe(false);
      // Nor through the file system, confirmed.
      await expect(
        h.host.workspace.applyChanges([{ type: 'move', path: '.git/HEAD', to: 'HEAD.bak' }], {
          receipt: { paths: [] },
        }),
      ).rejects.toThrow(refused);
    });

    it('does not move a gitfile (sub/.git) away, nor a file onto that name', async () => {
      const away = await h.call('move_file', { sourcePath: 'sub/.git', destinationPath: 'sub/gitdir.txt' }, always);
      expect(away.status).toBe('error');
      expect(away.text).toMatch(refused);
      await fs.rm(path.join(h.root, 'sub/.git'));
      const onto = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath: 'sub/.git' }, always);
      expect(onto.text).toMatch(refused);
      expect(asked).toEqual([]);
      expect(await exists('sub/gitdir.txt')).toBe(false);
      expect(await exists('sub/.git')).toBe(false);
      expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
      await expect(
        h.host.workspace.applyChanges([{ type: 'move', path: 'src/a.ts', to: 'sub/.git' }], { receipt: { paths: [] } }),
      ).rejects.toThrow(refused);
    });

    it('does not move a file to .git/hooks/pre-commit, directly or through a link to .git', async () => {
      await fs.symlink('.git', path.join(h.root, 'git-link'));
      for (const destinationPath of ['.git/hooks/pre-commit', 'git-link/hooks/pre-commit', '.Git/x']) {
        const result = await h.call('move_file', { sourcePath: 'src/a.ts', destinationPath }, always);
        expect(result.status).toBe('error');
        expect(result.text).toMatch(refused);
      }
      expect(asked).toEqual([]);
      await expect(
        h.host.workspace.applyChanges([{ type: 'move', path: 'src/a.ts', to: '.git/hooks/pre-commit' }], {
          receipt: { paths: [] },
        }),
      ).rejects.toThrow(refused);
      expect(await exists('.git/hooks')).toBe(false);
      expect(await h.read('src/a.ts')).toBe('export const a = 1;\n');
    });
  });

  describe('folders', () => {
    it('moves a folder with everything in it in one step, after asking with what it holds', async () => {
      await fs.symlink(outside, path.join(h.root, 'src/out-link'));
      const asked: ConfirmationRequest[] = [];
      const result = await h.call(
        'move_file',
        { sourcePath: 'src', destinationPath: 'lib/code' },
        { confirm: async (r) => (asked.push(r), 'once') },
      );
      expect(result).toMatchObject({ status: 'ok', text: 'Moved the folder src (3 files) to lib/code.' });
      expect(asked[0]).toMatchObject({
        title: 'Move folder src to lib/code?',
        message: expect.stringMatching(
          /^src and everything in it \(3 files\) will move to lib\/code:\n- src\/a\.ts \(sha256 [0-9a-f]{12}…\)\n- src\/b\.ts \(sha256 [0-9a-f]{12}…\)\n- src\/out-link \(a symbolic link to .*\)$/,
        ),
      });
      expect(await h.read('lib/code/a.ts')).toBe('export const a = 1;\n');
      expect(await fs.readlink(path.join(h.root, 'lib/code/out-link'))).toBe(outside);
      expect(await exists('src')).toBe(false);
      expect(await fs.readdir(outside)).toEqual([]);
    });

    it('refuses a folder into itself, onto an existing folder, .git either way, and the root', async () => {
      await fs.mkdir(path.join(h.root, 'lib'));
      const cases: [string, string, RegExp][] = [
        ['src', 'src/inner', /Cannot move the folder src into itself/],
        ['src', 'lib', /lib already exists \(a folder\)/],
        ['src', 'src', /the same folder \(src\)/],
        ['.git', 'git-copy', /git's own data.*never deleted or moved/],
        ['src', '.git/src', /git's own data.*never deleted or moved/],
        ['.', 'elsewhere', /workspace folder itself cannot be moved/],
        ['src', '../outside-src', /outside the workspace/],
      ];
      for (const [sourcePath, destinationPath, message] of cases) {
        const result = await h.call('move_file', { sourcePath, destinationPath }, yes);
        expect(result.status).toBe('error');
        expect(result.text).toMatch(message);
      }
      expect(await exists('src/a.ts')).toBe(true);
      expect(await exists('src/inner')).toBe(false);
      expect(await exists('.git/src')).toBe(false);
      expect(await h.read('.git/config')).toBe('[core]\n');
    });

    it('refuses a destination that is a dangling link', async () => {
      await fs.symlink('nowhere', path.join(h.root, 'dangling'));
      const result = await h.call('move_file', { sourcePath: 'src', destinationPath: 'dangling' }, yes);
      expect(result.text).toMatch(/that name is a symbolic link/);
      expect(await exists('src/a.ts')).toBe(true);
      expect(await exists('nowhere')).toBe(false);
    });

    it('a folder that holds sensitive paths, or would put them somewhere sensitive, asks every time', async () => {
      const asked: ConfirmationRequest[] = [];
      const declined = await h.call(
        'move_file',
        { sourcePath: '.vscode', destinationPath: 'old-vscode' },
        { autoApprove: true, confirm: async (r) => (asked.push(r), 'decline') },
      );
      expect(declined.status).toBe('declined');
      expect(asked[0]).toMatchObject({ title: 'Move folder .vscode to old-vscode?', alwaysConfirm: true });
      expect(asked[0].message).toMatch(/- \.vscode\/tasks\.json \(1 line, 3 bytes, sha256 [0-9a-f]{12}…\)/);
      expect(asked[0].message).toMatch(
        /\.vscode\/tasks\.json — tasks are shell commands.*\n\n```diff\n--- a\/\.vscode\/tasks\.json\n\+\+\+ b\/old-vscode\/tasks\.json\n@@ -1,0 \+1,1 @@\n\+\{\}/,
      );
      await expect(h.host.workspace.moveFolder('.vscode', 'old-vscode')).rejects.toThrow(
        /needs the user's confirmation/,
      );
      expect(await h.read('.vscode/tasks.json')).toBe('{}\n');
      await fs.mkdir(path.join(h.root, 'hooks'));
      await fs.writeFile(path.join(h.root, 'hooks/tasks.json'), '{"tasks": []}\n');
      const into = await h.call(
        'move_file',
        { sourcePath: 'hooks', destinationPath: 'sub/.vscode' },
        { autoApprove: true, confirm: async (r) => (asked.push(r), 'decline') },
      );
      expect(into.status).toBe('declined');
      expect(asked[1].message).toMatch(/sub\/\.vscode\/tasks\.json/);
      expect(await exists('sub')).toBe(false);
      expect((await h.call('move_file', { sourcePath: '.vscode', destinationPath: 'old-vscode' }, yes)).status).toBe(
        'ok',
      );
      expect(await h.read('old-vscode/tasks.json')).toBe('{}\n');
    });
  });
});
