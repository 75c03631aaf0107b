// Issue 19, finding 5: the repository's config says where hooks live (core.hooksPath) and which
// files are config too (include.path): writing there must ask like writing .git/hooks or
// .git/config does. With real git and a real folder; the config changes under a live file system.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { fileReceipt } from './testing/receipts';

jest.setTimeout(60_000);

let base: string;
let root: string;
const savedHome = process.env.HOME;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
const NEEDS_CONFIRMATION = /needs the user's confirmation/;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'git-config-sensitive-')));
  root = path.join(base, 'workspace');
  await fs.mkdir(path.join(base, 'home'), { recursive: true });
  await fs.mkdir(root);
  process.env.HOME = path.join(base, 'home'); // the user's global config, for git and for us
  git(root, 'init', '--quiet');
});
afterEach(async () => {
  process.env.HOME = savedHome;
  await fs.rm(base, { recursive: true, force: true });
});

describe('core.hooksPath inside the root', () => {
  it('makes the hooks folder sensitive: a write there asks, and is refused without a yes', async () => {
    git(root, 'config', 'core.hooksPath', 'tools/hooks');
    const workspace = new NodeWorkspaceFileSystem(root);
    expect(await workspace.sensitiveReason('tools/hooks/pre-commit')).toMatch(
      /tools\/hooks\/pre-commit — git runs the hooks in this folder .*core\.hookspath in local config/,
    );
    await expect(
      workspace.writeText('tools/hooks/pre-commit', '#!/bin/sh\ntouch /tmp/owned\n', 'create'),
    ).rejects.toThrow(NEEDS_CONFIRMATION);
    await expect(workspace.writeText('TOOLS/Hooks/post-commit', 'x', 'create')).rejects.toThrow(NEEDS_CONFIRMATION);
    await expect(fs.access(path.join(root, 'tools/hooks/pre-commit'))).rejects.toThrow();
    await workspace.writeText('tools/hooks/pre-commit', '#!/bin/sh\n', 'create', {
      receipt: fileReceipt(root, [{ path: 'tools/hooks/pre-commit', after: '#!/bin/sh\n' }]),
    });
    await expect(workspace.edit('tools/hooks/pre-commit', (t) => `${t}touch /tmp/owned\n`)).rejects.toThrow(
      NEEDS_CONFIRMATION,
    );
    await expect(workspace.delete('tools/hooks/pre-commit')).rejects.toThrow(NEEDS_CONFIRMATION);
    expect(await workspace.sensitiveReason('tools/other.txt')).toBeUndefined();
  });

  it('is learnt when the config changes under a live file system (no stale answer)', async () => {
    const workspace = new NodeWorkspaceFileSystem(root);
    await workspace.writeText('tools/hooks/pre-commit', 'before\n', 'create');
    git(root, 'config', 'core.hooksPath', 'tools/hooks');
    await expect(workspace.writeText('tools/hooks/pre-commit', 'after\n', 'overwrite')).rejects.toThrow(
      NEEDS_CONFIRMATION,
    );
    git(root, 'config', '--unset', 'core.hooksPath');
    await workspace.writeText('tools/hooks/pre-commit', 'after\n', 'overwrite');
  });

  it('counts from the global config too, relative to the top, and through a link', async () => {
    await fs.writeFile(path.join(process.env.HOME!, '.gitconfig'), '[core]\n\thooksPath = .hooks-here\n');
    await fs.mkdir(path.join(root, 'real-hooks'));
    await fs.symlink('real-hooks', path.join(root, '.hooks-here'));
    const workspace = new NodeWorkspaceFileSystem(root);
    expect(await workspace.sensitiveReason('real-hooks/pre-push')).toMatch(/core\.hookspath in global config/);
  });

  it('outside the root adds nothing', async () => {
    git(root, 'config', 'core.hooksPath', path.join(base, 'hooks'));
    expect(await new NodeWorkspaceFileSystem(root).sensitiveReason('hooks/pre-commit')).toBeUndefined();
  });
});

describe('include.path and includeIf', () => {
  it('include.path=../.gitconfig makes .gitconfig sensitive (it could set core.fsmonitor)', async () => {
    git(root, 'config', 'include.path', '../.gitconfig');
    const workspace = new NodeWorkspaceFileSystem(root);
    expect(await workspace.sensitiveReason('.gitconfig')).toMatch(/git reads this file as config \(include\.path/);
    await expect(
      workspace.writeText('.gitconfig', '[core]\n\tfsmonitor = touch /tmp/owned\n', 'create'),
    ).rejects.toThrow(NEEDS_CONFIRMATION);
  });

  it('an include whose condition does not hold yet, and what it includes in turn', async () => {
    git(root, 'config', 'includeIf.onbranch:later.path', '../conf/a.cfg');
    await fs.mkdir(path.join(root, 'conf'));
    await fs.writeFile(path.join(root, 'conf/a.cfg'), '[include]\n\tpath = b.cfg\n[core]\n\thooksPath = later-hooks\n');
    const workspace = new NodeWorkspaceFileSystem(root);
    for (const file of ['conf/a.cfg', 'conf/b.cfg', 'later-hooks/pre-commit'])
      expect(await workspace.sensitiveReason(file)).toBeDefined();
  });
});

describe('the git folder wherever a .git file puts it', () => {
  it('is sensitive whole, config and hooks', async () => {
    const other = path.join(root, 'store.git');
    git(root, 'init', '--quiet', '--separate-git-dir', other);
    const workspace = new NodeWorkspaceFileSystem(root);
    for (const file of ['store.git/config', 'store.git/hooks/pre-commit'])
      expect(await workspace.sensitiveReason(file)).toMatch(/the repository's git folder/);
  });
});

describe('a program a config key names by path', () => {
  it('core.fsmonitor=tools/watch.sh makes that script sensitive', async () => {
    git(root, 'config', 'core.fsmonitor', 'tools/watch.sh');
    expect(await new NodeWorkspaceFileSystem(root).sensitiveReason('tools/watch.sh')).toMatch(
      /git runs this program \(core\.fsmonitor/,
    );
  });
});

describe('through the editor pack (CLI)', () => {
  const cli = path.resolve(__dirname, '../../../apps/cli/bin/toolpacks.js');
  // replace_string_in_file is offered to Claude models (gpt-4.1 gets apply_patch).
  const invoke = (tool: string, input: object) => {
    try {
      return execFileSync(
        process.execPath,
        [cli, 'invoke', tool, JSON.stringify(input), '--root', root, '--yes', '--model', 'grok-code-fast-1'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      const failed = error as { stdout: string; stderr: string };
      return `${failed.stdout}\n${failed.stderr}`;
    }
  };

  it('create_file and replace_string_in_file in the hooks folder ask every time (--yes does not cover them)', async () => {
    git(root, 'config', 'core.hooksPath', 'tools/hooks');
    const created = invoke('create_file', {
      filePath: 'tools/hooks/pre-commit',
      content: '#!/bin/sh\ntouch /tmp/owned\n',
    });
    expect(created).toMatch(/declined to run `create_file`.*sensitive file/);
    await expect(fs.access(path.join(root, 'tools/hooks/pre-commit'))).rejects.toThrow();
    await fs.mkdir(path.join(root, 'tools/hooks'), { recursive: true });
    await fs.writeFile(path.join(root, 'tools/hooks/pre-commit'), '#!/bin/sh\nexit 0\n');
    expect(
      invoke('replace_string_in_file', {
        filePath: 'tools/hooks/pre-commit',
        oldString: 'exit 0',
        newString: 'touch /tmp/owned',
      }),
    ).toMatch(/declined to run `replace_string_in_file`/);
    expect(await fs.readFile(path.join(root, 'tools/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });
});
