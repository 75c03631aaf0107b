import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Container } from 'inversify';
import { ContextKeyService, GitService, WorkspaceFileSystem } from '@toolpacks/services';
import { createNodeHost } from './nodeHost';

describe('NodeHost', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'host-node-host-')));
    await fs.writeFile(path.join(root, 'loop.js'), 'setInterval(() => {}, 1000);\n');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('binds its services for injection and keeps the context keys current', async () => {
    const host = await createNodeHost(root, { debug: { stopWaitMs: 300 } });
    const container = new Container();
    container.load(host.module);
    expect(container.get(WorkspaceFileSystem).root).toBe(root);
    expect(container.get(GitService)).toBe(host.git);
    const keys = container.get(ContextKeyService);
    expect(keys.values).toEqual({ debugState: 'inactive', gitOpenRepositoryCount: 0 });

    const changes: string[][] = [];
    keys.onDidChange((k) => changes.push([...k]));
    execFileSync('git', ['init', '--quiet'], { cwd: root });
    await host.refresh();
    expect(keys.values.gitOpenRepositoryCount).toBe(1);

    const before = keys.values;
    await host.debug.start({ program: 'loop.js', stopOnEntry: true });
    expect(keys.values.debugState).toBe('stopped');
    expect(before.debugState).toBe('inactive');
    await host.debug.continue();
    expect(keys.values.debugState).toBe('running');
    await host.debug.stop();
    expect(keys.values.debugState).toBe('inactive');
    // inactive → running (the process exists) → stopped → running → inactive
    expect(changes).toEqual([
      ['gitOpenRepositoryCount'],
      ['debugState'],
      ['debugState'],
      ['debugState'],
      ['debugState'],
    ]);
    host.dispose();
  });
});
