// Issue 8 (#6, #7 and sensitive paths): special files never block, error text stays bounded, and
// writes that can make tools run code need the user's confirmation.
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceError } from '@toolpacks/services';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { SensitivePaths } from './sensitivePaths';
import { fileReceipt } from './testing/receipts';

let sandbox: string;
let root: string;
let workspace: NodeWorkspaceFileSystem;

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-safety-')));
  root = path.join(sandbox, 'root');
  await fs.mkdir(path.join(root, 'src'), { recursive: true });
  await fs.writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  workspace = new NodeWorkspaceFileSystem(root);
});

afterEach(() => fs.rm(sandbox, { recursive: true, force: true }));

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

(hasMkfifo ? describe : describe.skip)('special files', () => {
  beforeEach(() => {
    expect(spawnSync('mkfifo', [path.join(root, 'pipe')]).status).toBe(0);
  });

  it('refuses a FIFO without blocking, again and again, and normal reads keep working', async () => {
    // Node has 4 file-I/O threads: 5 blocked opens would starve every later read.
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, () => workspace.readText('pipe')));
    for (const attempt of attempts) {
      expect(attempt.status).toBe('rejected');
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(WorkspaceError);
      expect(String((attempt as PromiseRejectedResult).reason.message)).toMatch(/'pipe' is not a regular file/);
    }
    expect(await workspace.readText('src/a.ts')).toBe('export const a = 1;\n');
    expect(await workspace.readDirectory('.')).toEqual([
      { name: 'pipe', type: 'other' },
      { name: 'src', type: 'directory' },
    ]);
    expect(await workspace.stat('pipe')).toMatchObject({ type: 'other' });
  });

  it('refuses to edit, overwrite or delete a FIFO, and to write through a link to one', async () => {
    await fs.symlink('pipe', path.join(root, 'pipe-link'));
    await expect(workspace.edit('pipe', (t) => t)).rejects.toThrow(/not a regular file/);
    await expect(workspace.writeText('pipe', 'x', 'overwrite')).rejects.toThrow(/not a regular file/);
    await expect(workspace.delete('pipe')).rejects.toThrow(/not a regular file/);
    await expect(workspace.readText('pipe-link')).rejects.toThrow(/not a regular file/);
    expect((await fs.lstat(path.join(root, 'pipe'))).isFIFO()).toBe(true);
    expect(await workspace.readText('src/a.ts')).toBe('export const a = 1;\n');
  });
});

it('refuses a socket', async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(path.join(root, 'sock'), resolve));
  try {
    await expect(workspace.readText('sock')).rejects.toThrow(/'sock' is not a regular file/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('bounded echoes', () => {
  it('cuts a 50 MB path to 200 characters in every error', async () => {
    const huge = 'a/'.repeat(25 * 1024 * 1024);
    const outsideHuge = `../${'x'.repeat(50 * 1024 * 1024)}`;
    for (const [index, attempt] of [
      () => workspace.readText(huge),
      () => workspace.readText(outsideHuge),
      () => workspace.writeText(outsideHuge, 'x', 'create'),
      () => workspace.edit(huge, (t) => t),
      () => workspace.readDirectory(outsideHuge),
      () => workspace.stat(outsideHuge),
      () => workspace.resolve(outsideHuge),
      () => workspace.delete(`${'z'.repeat(10_000)}.txt`),
      () => workspace.readText(`${'z'.repeat(300)}/x.txt`),
      () => workspace.applyChanges([{ type: 'update', path: `src/${'q'.repeat(3000)}`, content: 'x' }]),
    ].entries()) {
      const error = await attempt().then(
        () => undefined,
        (e: Error) => e,
      );
      if (!(error instanceof WorkspaceError))
        throw new Error(`attempt ${index}: not a WorkspaceError: ${String(error).slice(0, 300)}`);
      expect(error!.message.length).toBeLessThan(600);
    }
  });
});

describe('sensitive paths', () => {
  it.each([
    ['.git/config', /git config and hooks/],
    ['.git/hooks/pre-commit', /hooks/],
    ['.GIT/HOOKS/pre-commit', /hooks/],
    ['sub/.git', /redirects git/],
    ['.gitattributes', /filter/],
    ['lib/.gitmodules', /submodule/],
    ['.githooks/pre-push', /hooks folder/],
    ['.husky/pre-commit', /husky/],
    ['.vscode/settings.json', /settings/],
    ['.vscode/tasks.json', /shell commands/],
    ['.vscode/launch.json', /debugger/],
    ['.vscode/mcp.json', /MCP/],
    ['team.code-workspace', /workspace files/],
    ['toolpacks.config.json', /approvals/],
  ])('%s is sensitive', async (relative, reason) => {
    expect(await workspace.sensitiveReason(relative)).toMatch(reason);
    await expect(workspace.writeText(relative, 'x', 'create')).rejects.toThrow(/needs the user's confirmation/);
    expect(await workspace.stat(relative)).toBeUndefined();
    await workspace.writeText(relative, 'x', 'create', {
      receipt: fileReceipt(root, [{ path: relative, after: 'x' }]),
    });
    expect(await fs.readFile(path.join(root, relative), 'utf8')).toBe('x');
  });

  it.each(['src/a.ts', '.vscode/extensions.json', 'docs/git.md', '.github/workflows/ci.yml'])(
    '%s is not sensitive',
    async (relative) => {
      expect(await workspace.sensitiveReason(relative)).toBeUndefined();
    },
  );

  it('decides on the real path: a symlink, a spelling or a created .git folder cannot route around it', async () => {
    await fs.mkdir(path.join(root, '.vscode'));
    await fs.writeFile(path.join(root, '.vscode/settings.json'), '{}\n');
    await fs.symlink('.vscode', path.join(root, 'innocent'));
    await fs.symlink('.vscode/settings.json', path.join(root, 'notes.json'));
    for (const spelling of [
      'innocent/settings.json',
      'notes.json',
      './src/../.vscode/settings.json',
      path.join(root, '.VSCode/../.vscode/settings.json'),
    ]) {
      expect(await workspace.sensitiveReason(spelling)).toMatch(/settings/);
      await expect(workspace.edit(spelling, () => '{"x":1}')).rejects.toThrow(/needs the user's confirmation/);
      await expect(workspace.writeText(spelling, '{"x":1}', 'overwrite')).rejects.toThrow(
        /needs the user's confirmation/,
      );
      await expect(workspace.delete(spelling)).rejects.toThrow(/needs the user's confirmation/);
    }
    expect(await fs.readFile(path.join(root, '.vscode/settings.json'), 'utf8')).toBe('{}\n');
    // mkdir of a `.git` parent is itself a sensitive write: nothing is created.
    await expect(workspace.writeText('pkg/.git/hooks/post-checkout', '#!/bin/sh\n', 'create')).rejects.toThrow(
      /needs the user's confirmation/,
    );
    expect(await workspace.stat('pkg')).toBeUndefined();
    // Confirmed by the user: allowed, and the edit goes through the link to the real file.
    // The receipt lists the real path the link leads to, not the link's name.
    const receipt = fileReceipt(root, [{ path: '.vscode/settings.json', after: '{"x":1}\n' }]);
    await expect(
      workspace.edit('notes.json', () => '{"x":1}\n', {
        receipt: fileReceipt(root, [{ path: 'notes.json', after: '{"x":1}\n' }]),
      }),
    ).rejects.toThrow(/does not cover '\.vscode\/settings\.json'/);
    await workspace.edit('notes.json', () => '{"x":1}\n', { receipt });
    expect(await fs.readFile(path.join(root, '.vscode/settings.json'), 'utf8')).toBe('{"x":1}\n');
    expect((await fs.lstat(path.join(root, 'notes.json'))).isSymbolicLink()).toBe(true);
  });

  it('moves into or out of a sensitive path need confirmation too', async () => {
    await fs.writeFile(path.join(root, 'tasks.json'), '{}\n');
    await expect(
      workspace.applyChanges([{ type: 'move', path: 'tasks.json', to: '.vscode/tasks.json' }]),
    ).rejects.toThrow(/needs the user's confirmation/);
    expect(await workspace.stat('.vscode')).toBeUndefined();
    expect(await workspace.readText('tasks.json')).toBe('{}\n');
  });

  it('is configurable: entries added and removed', async () => {
    const custom = new NodeWorkspaceFileSystem(root, {
      sensitivePaths: {
        add: ['**/Makefile', { pattern: 'scripts/**', reason: 'run by CI' }],
        remove: ['**/.vscode/settings.json'],
      },
    });
    expect(await custom.sensitiveReason('sub/Makefile')).toMatch(/configured as sensitive/);
    expect(await custom.sensitiveReason('scripts/build.sh')).toMatch(/run by CI/);
    expect(await custom.sensitiveReason('.vscode/settings.json')).toBeUndefined();
    expect(await custom.sensitiveReason('.git/config')).toMatch(/git config/);
    expect(new SensitivePaths().rules.every((rule) => rule.reason.length > 10 && !rule.reason.includes('\n'))).toBe(
      true,
    );
  });
});
