// The safe opener in both modes: through /proc/self/fd on Linux, and the portable fallback.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { SafeOpener } from './safeOpen';

let sandbox: string;
let root: string;

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-open-')));
  root = path.join(sandbox, 'root');
  await fs.mkdir(path.join(root, 'src/deep'), { recursive: true });
  await fs.writeFile(path.join(root, 'src/deep/a.txt'), 'inside\n');
  await fs.writeFile(path.join(sandbox, 'secret.txt'), 'secret\n');
  await fs.symlink(sandbox, path.join(root, 'out'));
  await fs.symlink('../../secret.txt', path.join(root, 'src/secret-link.txt'));
  await fs.symlink('deep', path.join(root, 'src/in'));
  await fs.symlink(path.join(root, 'src/in/a.txt'), path.join(root, 'abs-link.txt'));
  await fs.symlink('loop', path.join(root, 'loop'));
});

afterEach(() => fs.rm(sandbox, { recursive: true, force: true }));

describe.each([
  ['/proc/self/fd', false],
  ['portable fallback', true],
])('%s', (_mode, portableConfinement) => {
  it('follows links that stay inside, refuses those that leave, and reports the real path', async () => {
    const workspace = new NodeWorkspaceFileSystem(root, { portableConfinement });
    expect(await workspace.readText('src/in/a.txt')).toBe('inside\n');
    expect(await workspace.readText('abs-link.txt')).toBe('inside\n');
    await expect(workspace.readText('out/secret.txt')).rejects.toThrow(/outside the workspace/);
    await expect(workspace.readText('src/secret-link.txt')).rejects.toThrow(/outside the workspace/);
    await expect(workspace.writeText('out/new.txt', 'x', 'create')).rejects.toThrow(/outside the workspace/);
    await expect(workspace.readText('loop')).rejects.toThrow(/too many levels of symbolic links/);
    await workspace.edit('src/in/a.txt', (t) => t + 'edited\n');
    expect(await fs.readFile(path.join(root, 'src/deep/a.txt'), 'utf8')).toBe('inside\nedited\n');
    expect((await fs.lstat(path.join(root, 'src/in'))).isSymbolicLink()).toBe(true);
    expect(await fs.readdir(sandbox)).toEqual(['root', 'secret.txt']);
  });

  it('locates through links to the real parent and name', async () => {
    const opener = new SafeOpener(root, { procFd: !portableConfinement });
    const location = await opener.locate('abs-link.txt');
    try {
      expect([location.dir.relative, location.name, location.relative]).toEqual([
        'src/deep',
        'a.txt',
        'src/deep/a.txt',
      ]);
    } finally {
      await location.dir.close();
    }
  });
});
