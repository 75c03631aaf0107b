// verifyMatches re-reads what ripgrep reported through the safe opener: files of one folder share
// that folder's open (walked from the root once), and every file is still checked as before — a link
// inside the root is followed, one leading out is never read, a changed line or a binary file is
// dropped, every folder opened is closed. Real files, real links.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GrepMatch } from '@toolpacks/services';
import { SafeOpener } from './safeOpen';
import { verifyMatches } from './searchVerify';

let base: string;
let root: string;

beforeEach(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'search-verify-')));
  root = path.join(base, 'root');
  await fs.mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await fs.writeFile(path.join(base, 'secret.txt'), 'needle outside\n');
  await fs.writeFile(path.join(root, 'top.txt'), 'needle top\n');
  await fs.writeFile(path.join(root, 'src', 'a.txt'), 'x\nneedle a\n');
  await fs.writeFile(path.join(root, 'src', 'c.txt'), 'needle c\n');
  await fs.symlink('c.txt', path.join(root, 'src', 'b.txt'));
  await fs.symlink(path.join(base, 'secret.txt'), path.join(root, 'src', 'd.txt'));
  await fs.writeFile(path.join(root, 'src', 'e.txt'), 'needle changed\n');
  await fs.writeFile(path.join(root, 'src', 'f.txt'), 'needle f\0binary\n');
  await fs.writeFile(path.join(root, 'src', 'g.txt'), 'needle g\n');
  await fs.writeFile(path.join(root, 'src', 'deep', 'h.txt'), 'needle h\n');
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const match = (file: string, line: number, text: string): GrepMatch => ({ path: file, line, text });
const reported = [
  match('src/a.txt', 2, 'needle a'),
  match('src/b.txt', 1, 'needle c'),
  match('src/d.txt', 1, 'needle outside'),
  match('src/deep/h.txt', 1, 'needle h'),
  match('src/e.txt', 1, 'needle e'),
  match('src/f.txt', 1, 'needle f'),
  match('src/g.txt', 1, 'needle g'),
  match('src/missing.txt', 1, 'needle m'),
  match('top.txt', 1, 'needle top'),
];

describe('verifyMatches', () => {
  it.each([true, false])(
    'keeps what the files inside the root still hold, drops the rest (procFd %s)',
    async (procFd) => {
      const verified = await verifyMatches(new SafeOpener(root, { procFd }), reported);
      expect(verified.map((m) => `${m.path}:${m.line}:${m.text}`)).toEqual([
        'src/a.txt:2:needle a',
        'src/b.txt:1:needle c',
        'src/deep/h.txt:1:needle h',
        'src/g.txt:1:needle g',
        'top.txt:1:needle top',
      ]);
    },
  );

  it('stops reading once enough matches are verified, in the order given', async () => {
    const verified = await verifyMatches(new SafeOpener(root), reported, undefined, 3);
    expect(verified.slice(0, 3).map((m) => m.path)).toEqual(['src/a.txt', 'src/b.txt', 'src/deep/h.txt']);
  });

  it('a folder that is a link inside the root is followed; one that leads out is never read', async () => {
    await fs.mkdir(path.join(base, 'outside'));
    await fs.writeFile(path.join(base, 'outside', 'o.txt'), 'needle o\n');
    await fs.symlink('src', path.join(root, 'alias'));
    await fs.symlink(path.join(base, 'outside'), path.join(root, 'out'));
    const verified = await verifyMatches(new SafeOpener(root), [
      match('alias/a.txt', 2, 'needle a'),
      match('alias/g.txt', 1, 'needle g'),
      match('out/o.txt', 1, 'needle o'),
    ]);
    expect(verified.map((m) => m.path)).toEqual(['alias/a.txt', 'alias/g.txt']);
  });

  it('many files of one folder, and many folders, are all read (every folder opened is closed)', async () => {
    const many: GrepMatch[] = [];
    for (let f = 0; f < 40; f++) {
      const folder = path.join(root, 'many', `d${f}`);
      await fs.mkdir(folder, { recursive: true });
      for (let i = 0; i < 5; i++) {
        await fs.writeFile(path.join(folder, `f${i}.txt`), `needle ${f}.${i}\n`);
        many.push(match(`many/d${f}/f${i}.txt`, 1, `needle ${f}.${i}`));
      }
    }
    const fdsBefore = (await fs.readdir('/proc/self/fd').catch(() => [])).length;
    const verified = await verifyMatches(new SafeOpener(root), many);
    expect(verified).toHaveLength(200);
    expect(verified.map((m) => m.path)).toEqual(many.map((m) => m.path));
    const partial = await verifyMatches(new SafeOpener(root), many, undefined, 7);
    expect(partial.length).toBeGreaterThanOrEqual(7);
    expect((await fs.readdir('/proc/self/fd').catch(() => [])).length).toBe(fdsBefore);
  });
});
