// The commit facts reader: records cut by the output cap keep what git gave (a message cut, never a
// commit made up), a range past the cap shows only commits whose facts and diff were read, a marker
// cannot be forged by a file's content, and ident lines read as git reads them.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { factsFormat, parseFacts, parseIdent, parseTag } from './gitCommitFacts';
import { NodeGitService } from './nodeGitService';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

jest.setTimeout(60_000);

let root: string;
const git = (args: string[], input?: string) =>
  execFileSync('git', args, {
    cwd: root,
    input,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Carl',
      GIT_COMMITTER_EMAIL: 'carl@example.org',
      GIT_AUTHOR_DATE: '1709263507 +0530',
      GIT_COMMITTER_DATE: '1709351999 -0800',
    },
  }).toString();

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'commit-facts-')));
  git(['init', '--quiet', '--initial-branch=main']);
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('parseFacts', () => {
  it('reads every field, and a record cut inside its message keeps the part git gave', () => {
    git(['commit', '--quiet', '--allow-empty', '--cleanup=verbatim', '-F', '-'], 'subject\n\nbody\n');
    const nonce = 'n0nce';
    const output = execFileSync('git', ['show', '--no-patch', factsFormat(nonce), '--date=raw', 'HEAD'], { cwd: root });
    const whole = parseFacts(output, nonce);
    expect(whole.cut).toBe(false);
    expect(whole.records[0].facts).toMatchObject({
      parents: [],
      author: { name: 'Ada', email: 'ada@example.com', time: 1709263507, timeZone: '+0530' },
      committer: { name: 'Carl', email: 'carl@example.org', time: 1709351999, timeZone: '-0800' },
      message: 'subject\n\nbody\n',
      messageIsUtf8: true,
    });
    const cut = parseFacts(output.subarray(0, output.indexOf('body') + 2), nonce);
    expect(cut).toMatchObject({ cut: true, records: [{ facts: { message: 'subject\n\nbo' } }] });
    expect(parseFacts(output.subarray(0, 20), nonce)).toEqual({ before: '', records: [], cut: true });
  });
});

describe('showPatch at the output cap', () => {
  it('a range past the cap shows the commits read, each with its own files, and says it was cut', async () => {
    for (let i = 0; i < 6; i++) {
      await fs.writeFile(path.join(root, `f${i}.txt`), `${'x'.repeat(900)}\n`.repeat(40));
      git(['add', '.']);
      git(['commit', '--quiet', '-F', '-'], `commit ${i}\n\n${'words '.repeat(100)}\n`);
    }
    const service = new NodeGitService(new NodeWorkspaceFileSystem(root), { maxOutputBytes: 8 * 1024 });
    const patch = await service.showPatch('HEAD~5..HEAD');
    expect(patch.truncated).toBe(true);
    const commits = patch.commits ?? [];
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.length).toBeLessThan(5);
    expect(commits.map((c) => c.facts.message.split('\n')[0])).toEqual(
      ['commit 5', 'commit 4', 'commit 3', 'commit 2', 'commit 1'].slice(0, commits.length),
    );
    expect(commits.reduce((sum, c) => sum + c.fileCount, 0)).toBe(patch.files.length);
    expect(patch.files.every((f, i) => f.path === `f${5 - i}.txt`)).toBe(true);
  });

  it("a file whose content holds NUL bytes and a marker's shape cannot add a commit", async () => {
    await fs.writeFile(path.join(root, '.gitattributes'), '*.bin diff\n');
    await fs.writeFile(path.join(root, 'a.bin'), 'x\0n0nce\0ffffffffffffffffffffffffffffffffffffffff\0\n');
    git(['add', '.']);
    git(['commit', '--quiet', '-m', 'one']);
    const patch = await new NodeGitService(new NodeWorkspaceFileSystem(root)).showPatch('HEAD');
    expect(patch.commits?.map((c) => c.facts.message)).toEqual(['one\n']);
    expect(patch.files.map((f) => f.path)).toEqual(['.gitattributes', 'a.bin']);
  });
});

describe('parseIdent and parseTag', () => {
  it('read ident lines as git does, a missing date as the epoch', () => {
    expect(parseIdent('  Ada Lovelace  <ada@x> 1709263507 +0530')).toEqual({
      name: '  Ada Lovelace',
      email: 'ada@x',
      time: 1709263507,
      timeZone: '+0530',
    });
    expect(parseIdent('Ada <ada@x>')).toEqual({ name: 'Ada', email: 'ada@x', time: 0, timeZone: '+0000' });
    expect(parseIdent('Ada <ada@x> 5 -0000')).toMatchObject({ timeZone: '+0000' });
    expect(parseIdent('no email')).toBeUndefined();
  });

  it('read a tag object: headers, then the message after the empty line, or none', () => {
    expect(parseTag('object abc\ntype commit\ntag v1\ntagger T <t@x> 1 +0100\n\nmsg\n')).toEqual({
      object: 'abc',
      type: 'commit',
      name: 'v1',
      tagger: { name: 'T', email: 't@x', time: 1, timeZone: '+0100' },
      message: 'msg\n',
    });
    expect(parseTag('object abc\ntype tree\ntag t\n')).toEqual({ object: 'abc', type: 'tree', name: 't' });
  });
});
