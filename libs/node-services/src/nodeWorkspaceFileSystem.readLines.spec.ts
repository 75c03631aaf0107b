// readLines (a streamed line range of a file of any size) and readBytes (a file's first bytes), over
// a real folder: confined like readText, symlinks out refused, line ends and limits exact.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeWorkspaceFileSystem } from './nodeWorkspaceFileSystem';

let root: string;
let outside: string;
let workspace: NodeWorkspaceFileSystem;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'read-lines-')));
  outside = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'read-lines-outside-')));
  await fs.writeFile(path.join(outside, 'secret.txt'), 'secret\n');
  await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
  await fs.writeFile(path.join(root, 'crlf.txt'), 'one\r\ntwo\r\nthree');
  await fs.writeFile(path.join(root, 'empty.txt'), '');
  await fs.writeFile(path.join(root, 'bin.dat'), Buffer.from([1, 2, 0, 3]));
  // 3 MB of lines: chunk boundaries (1 MB) fall inside lines.
  await fs.writeFile(
    path.join(root, 'many.txt'),
    Array.from({ length: 60_000 }, (_, i) => `line ${i + 1} ${'é'.repeat(20)}`).join('\n') + '\n',
  );
  workspace = new NodeWorkspaceFileSystem(root, { git: false });
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

const line = (n: number) => `line ${n} ${'é'.repeat(20)}`;

describe('NodeWorkspaceFileSystem.readLines', () => {
  it('reads a range across chunk boundaries, with whether the file continues and its line count', async () => {
    const range = await workspace.readLines('many.txt', 29_999, 30_001);
    expect(range).toEqual({
      lines: [line(29_999), line(30_000), line(30_001)],
      startLine: 29_999,
      more: true,
      totalLines: 60_000,
      size: (await fs.stat(path.join(root, 'many.txt'))).size,
    });
    for (let n = 1; n <= 60_000; n += 7919)
      expect((await workspace.readLines('many.txt', n, n)).lines).toEqual([line(n)]);
    expect(await workspace.readLines('many.txt', 59_999, 99_999)).toMatchObject({
      lines: [line(59_999), line(60_000)],
      more: false,
      totalLines: 60_000,
    });
  });

  it('stops at maxChars on a line boundary (a single longer line is cut)', async () => {
    const range = await workspace.readLines('many.txt', 1, 1000, { maxChars: 100 });
    expect(range.lines).toEqual([line(1), line(2), line(3)]);
    expect(range.more).toBe(true);
    const cut = await workspace.readLines('many.txt', 10, 10, { maxChars: 5 });
    expect(cut).toMatchObject({ lines: ['line '], lineCut: true, more: true });
  });

  it('says how long a cut line really is (cutLineBytes), for a line across chunks and a last line without a line end', async () => {
    const long = 'z'.repeat(3 * 1024 * 1024 + 17);
    await fs.writeFile(path.join(root, 'one-line.log'), `${long}\nshort\n`);
    await fs.writeFile(path.join(root, 'no-end.log'), `first\n${long}`);
    expect(await workspace.readLines('one-line.log', 1, 1000, { maxChars: 50_000 })).toMatchObject({
      lines: ['z'.repeat(50_000)],
      lineCut: true,
      cutLineBytes: long.length,
      more: true,
    });
    expect(await workspace.readLines('no-end.log', 2, 2, { maxChars: 10 })).toMatchObject({
      lines: ['z'.repeat(10)],
      lineCut: true,
      cutLineBytes: long.length,
      more: false,
      totalLines: 2,
    });
    expect(await workspace.readLines('one-line.log', 2, 2, { maxChars: 10 })).not.toHaveProperty('cutLineBytes');
  });

  it('line ends, a last line without one, an empty file, past the end', async () => {
    expect(await workspace.readLines('crlf.txt', 1, 10)).toMatchObject({
      lines: ['one', 'two', 'three'],
      more: false,
      totalLines: 3,
    });
    expect(await workspace.readLines('empty.txt', 1, 10)).toMatchObject({ lines: [], totalLines: 0, more: false });
    await expect(workspace.readLines('crlf.txt', 5, 6)).rejects.toThrow(
      'The file has 3 lines; line 5 is past the end.',
    );
    await expect(workspace.readLines('crlf.txt', 2, 1)).rejects.toThrow(/before the first line/);
  });

  it('is confined and refuses binary, folders and links that leave the root', async () => {
    await expect(workspace.readLines('bin.dat', 1, 1)).rejects.toThrow(/is binary/);
    await expect(workspace.readLines('link.txt', 1, 1)).rejects.toThrow(/outside the workspace/);
    await expect(workspace.readLines('../x.txt', 1, 1)).rejects.toThrow(/outside the workspace/);
    await expect(workspace.readLines('.', 1, 1)).rejects.toThrow(/workspace folder/);
  });
});

describe('NodeWorkspaceFileSystem.readBytes', () => {
  it('returns the first bytes and the size; confined', async () => {
    expect(await workspace.readBytes('bin.dat', 2)).toEqual({ bytes: Buffer.from([1, 2]), size: 4 });
    expect(await workspace.readBytes('bin.dat', 100)).toEqual({ bytes: Buffer.from([1, 2, 0, 3]), size: 4 });
    await expect(workspace.readBytes('link.txt', 10)).rejects.toThrow(/outside the workspace/);
    await expect(workspace.readBytes('missing.png', 10)).rejects.toThrow(/does not exist/);
  });
});
