// Issue 30, finding 10 through the CLI: a repository's own `docs/.toolpacks-999999-abcdef.tmp` and
// `.toolpacks-lock-<hex>.tmp` survive the start-up sweep of a write, and list_dir and grep_search show them.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runMain } from './testing/runMain';

jest.setTimeout(60_000);

const FORGED = ['docs/.toolpacks-999999-abcdef.tmp', `.toolpacks-lock-${'0'.repeat(16)}.tmp`];
let root: string;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-cli-sweep-')));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '--quiet', '--initial-branch=main');
  await fs.mkdir(path.join(root, 'docs'));
  for (const name of FORGED) await fs.writeFile(path.join(root, name), 'needle of the repository\n');
  git('add', '--all');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'files');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('toolpacks invoke with tracked temp-like files', () => {
  it('a write keeps them; list_dir and grep_search show them', async () => {
    const created = await runMain(root, ['invoke', 'create_file', '{"filePath":"unrelated.txt","content":"x\\n"}']);
    expect(created.code).toBe(0);
    for (const name of FORGED)
      expect([name, await fs.readFile(path.join(root, name), 'utf8')]).toEqual([name, 'needle of the repository\n']);
    const listed = await runMain(root, ['invoke', 'list_dir', '{"path":"docs"}']);
    expect(listed.out).toContain('.toolpacks-999999-abcdef.tmp');
    const found = await runMain(root, ['invoke', 'grep_search', '{"query":"needle"}']);
    for (const name of FORGED) expect(found.out).toContain(name);
  });
});
