// Issue 30, finding 10: the start-up sweep deleted a tracked `docs/.toolpacks-999999-abcdef.tmp` and
// a tracked `.toolpacks-lock-<hex>.tmp`, and such names were hidden from list_dir and search. Only
// files provably ours (a name carrying this user's MAC) are swept or hidden; git-tracked files never.
// Real git, real files, a real dead process.
import { execFileSync, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeSearchService } from './nodeSearchService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';
import { lockName } from './processLock';
import { isWritePathFile, lockFileName, ourTempName, tempName, tempNameOf } from './writePathNames';

jest.setTimeout(60_000);

let root: string;
const file = (relative: string) => path.join(root, relative);
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const exists = (relative: string) =>
  fs.stat(file(relative)).then(
    () => true,
    () => false,
  );
const deadPid = () => spawnSync('true').pid!;

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'toolpacks-sweep-')));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

/** The names a repository (or anyone without this user's key) can give its files. */
const FORGED = ['docs/.toolpacks-999999-abcdef.tmp', `.toolpacks-lock-${'0'.repeat(16)}.tmp`];

describe('the start-up sweep', () => {
  it('keeps tracked files with temp-like names, and shows them in list_dir and search', async () => {
    git('init', '--quiet');
    await fs.mkdir(file('docs'));
    for (const name of FORGED) await fs.writeFile(file(name), 'needle: a file of the repository\n');
    git('add', '--all');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'files');
    const workspace = new NodeWorkspaceFileSystem(root);
    await workspace.writeText('unrelated.txt', 'x\n', 'create'); // the first write runs the sweep
    for (const name of FORGED) expect([name, await exists(name)]).toEqual([name, true]);
    expect((await workspace.readDirectory('docs')).map((e) => e.name)).toEqual(['.toolpacks-999999-abcdef.tmp']);
    expect((await workspace.readDirectory('.')).map((e) => e.name)).toContain(path.basename(FORGED[1]));
    for (const search of [new NodeSearchService(root, { ripgrep: false }), new NodeSearchService(root)]) {
      const found = await search.grep({ pattern: 'needle', isRegexp: false, caseSensitive: false, maxResults: 10 });
      expect(found.matches.map((m) => m.path).sort()).toEqual([...FORGED].sort());
      expect([...(await search.findFiles('**/*.tmp', 10)).files].sort()).toEqual([...FORGED].sort());
    }
  });

  it('keeps untracked files with temp-like names that carry no proof (outside a repository too)', async () => {
    await fs.mkdir(file('docs'));
    const lockLike = `.toolpacks-lock-${'1'.repeat(16)}-${'2'.repeat(16)}.tmp`;
    const tempLike = `.toolpacks-${deadPid()}-0123456789ab-${'f'.repeat(16)}.tmp`;
    for (const name of [...FORGED, lockLike, tempLike]) await fs.writeFile(file(name), String(deadPid()));
    const workspace = new NodeWorkspaceFileSystem(root);
    expect(await workspace.removeLeftoverTempFiles()).toEqual([]);
    for (const name of [...FORGED, lockLike, tempLike]) expect([name, await exists(name)]).toEqual([name, true]);
  });

  it('removes what a killed process of ours left (temp and lock), hides ours in flight, and never a tracked one', async () => {
    git('init', '--quiet');
    await fs.mkdir(file('src'));
    const dead = deadPid();
    const leftover = `src/${tempNameOf(dead, '0123456789ab')}`;
    const leftLock = lockName('a.txt');
    const inFlight = tempName();
    const committed = tempNameOf(dead, 'abcdefabcdef');
    await fs.writeFile(file(leftover), 'needle half-written');
    await fs.writeFile(file(leftLock), String(dead));
    await fs.writeFile(file(inFlight), 'needle in flight');
    await fs.writeFile(file(committed), 'needle committed by mistake');
    git('add', '--', committed);
    const workspace = new NodeWorkspaceFileSystem(root);
    for (const search of [new NodeSearchService(root, { ripgrep: false }), new NodeSearchService(root)]) {
      const found = await search.grep({ pattern: 'needle', isRegexp: false, caseSensitive: false, maxResults: 10 });
      expect(found.matches.map((m) => m.path)).toEqual([committed]);
    }
    // list_dir hides every name proved ours (it does not ask git); search shows a tracked one.
    expect((await workspace.readDirectory('.')).map((e) => e.name).sort()).toEqual(['.git', 'src']);
    expect((await workspace.removeLeftoverTempFiles()).sort()).toEqual([leftLock, leftover].sort());
    expect(await exists(inFlight)).toBe(true);
    expect(await exists(committed)).toBe(true);
  });
});

describe('our names', () => {
  it('carry a proof that a changed digit breaks', () => {
    const name = tempName();
    expect(ourTempName(name)).toEqual({ kind: 'temp', pid: process.pid });
    expect(isWritePathFile(name)).toBe(true);
    const forged = name.replace(/-(\d+)-/, (_, pid: string) => `-${Number(pid) + 1}-`);
    expect(isWritePathFile(forged)).toBe(false);
    expect(ourTempName(lockFileName('a.txt'))).toEqual({ kind: 'lock' });
    expect(lockFileName('a.txt')).toBe(lockFileName('a.txt'));
    expect(isWritePathFile(lockFileName('a.txt').replace(/-([0-9a-f])/, '-0'))).toBe(false);
  });
});
