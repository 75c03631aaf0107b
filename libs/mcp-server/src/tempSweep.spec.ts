// Issue 30, finding 10 over MCP (a real SDK client): a repository's own `.toolpacks-*.tmp` files
// survive the start-up sweep of a write and are listed by list_dir.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { call, cleanUpSessions, open } from './testing/nodeSessions';

jest.setTimeout(60_000);
cleanUpSessions();

describe('tracked temp-like files over MCP', () => {
  it('a write keeps them and list_dir shows them', async () => {
    const c = await open({}, { git: true });
    const { root } = await c.root();
    const forged = ['docs/.toolpacks-999999-abcdef.tmp', `.toolpacks-lock-${'0'.repeat(16)}.tmp`];
    await fs.mkdir(path.join(root, 'docs'));
    for (const name of forged) await fs.writeFile(path.join(root, name), 'of the repository\n');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
    git('add', '--', ...forged);
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'files');
    const created = await call(c, 'create_file', { filePath: 'unrelated.txt', content: 'x\n' });
    expect(created.isError).toBe(false);
    for (const name of forged)
      expect([name, await fs.readFile(path.join(root, name), 'utf8')]).toEqual([name, 'of the repository\n']);
    const listed = await call(c, 'list_dir', { path: 'docs' });
    expect(c.text(listed)).toContain('.toolpacks-999999-abcdef.tmp');
  });
});
