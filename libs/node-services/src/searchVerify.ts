// The read side of ripgrep's results: rg is a separate process that opens files by path.
import { closeSync, fstatSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { GrepMatch } from '@toolpacks/services';
import { clip, MAX_SEARCH_FILE_BYTES, WHOLE_READ_BYTES } from './searchLimits';
import type { Location, OpenDirectory, SafeOpener } from './safeOpen';
import { readSmallSync } from './safeOpenSync';

const VERIFY_CONCURRENCY = 16;

/** A file's lines by number (1-based). */
type LineReader = (line: number) => string | undefined;

/**
 * ripgrep reads files by path, so a folder swapped for a link during its walk can make it read a
 * file outside the root. Every matched file is read again through the safe opener (confined,
 * regular files only) and a match is kept only when that file has the same line: the text shown
 * always comes from inside the root. Binary files (a NUL anywhere) are dropped as before.
 *
 * `matches` are in walk order (compareMatches), so each file's matches are together. Files are
 * verified in that order and the reading stops once `enough` verified matches are in hand: the
 * result is the first of what verifying every match would give, at least `enough` of them (or all
 * there are), so a common word re-reads the few files it returns, not every file it is in.
 */
export async function verifyMatches(
  opener: SafeOpener,
  matches: readonly GrepMatch[],
  maxFileBytes = MAX_SEARCH_FILE_BYTES,
  enough = Number.POSITIVE_INFINITY,
): Promise<GrepMatch[]> {
  const files: GrepMatch[][] = [];
  for (const match of matches) {
    const last = files[files.length - 1];
    if (last && last[0].path === match.path) last.push(match);
    else files.push([match]);
  }
  // Files are read a few at a time (each read is several syscalls on libuv's pool): one by one,
  // 4,000 matched files took 10 s. Results are kept by position and counted in order, so a file read
  // ahead of a slower one never changes which matches come first. A file is read only while the
  // matches counted and those being read (as if they all hold) are fewer than `enough`.
  const folders = new SharedFolders(
    opener,
    files.map((file) => file[0].path),
  );
  const verified: (GrepMatch[] | undefined)[] = new Array(files.length);
  let next = 0;
  let counted = 0; // files[0..counted) are verified and counted
  let found = 0; // their verified matches
  let reading = 0; // the matches of files[counted..next)
  const count = () => {
    for (; counted < files.length && verified[counted] !== undefined; counted++) {
      found += verified[counted]!.length;
      reading -= files[counted].length;
    }
  };
  const reader = async () => {
    // The reader that counts a file goes on when what it held did not all verify.
    while (next < files.length && found + reading < enough) {
      const index = next++;
      reading += files[index].length;
      verified[index] = await verifyFile(opener, folders, files[index], maxFileBytes);
      count();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(VERIFY_CONCURRENCY, files.length) }, reader));
  } finally {
    await folders.closeAll();
  }
  return verified.slice(0, counted).flat() as GrepMatch[];
}

/**
 * The folders of the files being verified, each opened once through the safe opener and used for
 * every file below it: a folder is opened through its parent's open (no link followed; a link on
 * the way, or a folder that cannot be opened, and the files below it are located on their own from
 * the root, as before). Each walk from the root was most of a small file's cost. Files come in walk
 * order, so a folder is closed after the last file below it: only the folders being read stay open.
 */
class SharedFolders {
  /** Files not yet done below each folder ('' the root). */
  private readonly left = new Map<string, number>();
  private readonly opened = new Map<string, Promise<OpenDirectory | undefined>>();

  constructor(
    private readonly opener: SafeOpener,
    files: readonly string[],
  ) {
    for (const file of files)
      for (const folder of foldersAbove(file)) this.left.set(folder, (this.left.get(folder) ?? 0) + 1);
  }

  /** The file's folder, open (undefined: it cannot be opened this way; the file is located on its own). */
  folderOf(file: string): Promise<OpenDirectory | undefined> {
    return this.folder(folderOf(file));
  }

  /** One file is done: the folders above it that hold no other file still to read are closed. */
  async done(file: string): Promise<void> {
    for (const folder of foldersAbove(file)) {
      const left = this.left.get(folder)! - 1;
      this.left.set(folder, left);
      if (left > 0) continue;
      const dir = this.opened.get(folder);
      this.opened.delete(folder);
      await (await dir)?.close();
    }
  }

  /** Folders of files never read (enough were verified before them), deepest first. */
  async closeAll(): Promise<void> {
    const dirs = [...this.opened.values()].reverse();
    this.opened.clear();
    for (const dir of dirs) await (await dir)?.close();
  }

  private folder(folder: string): Promise<OpenDirectory | undefined> {
    let dir = this.opened.get(folder);
    if (!dir) this.opened.set(folder, (dir = this.open(folder)));
    return dir;
  }

  private async open(folder: string): Promise<OpenDirectory | undefined> {
    try {
      if (folder === '') return await this.opener.openRoot();
      const parent = await this.folder(folderOf(folder));
      if (!parent) return undefined;
      const location = { dir: parent, name: folder.slice(folder.lastIndexOf('/') + 1), relative: folder, created: [] };
      const dir = await this.opener.openDirectory(location, folder);
      return typeof dir === 'object' ? dir : undefined;
    } catch {
      return undefined;
    }
  }
}

/** 'a/b/c.ts' → 'a/b', 'a', '' (the root). */
function foldersAbove(file: string): string[] {
  const folders: string[] = [];
  for (let at = file.lastIndexOf('/'); at >= 0; at = file.lastIndexOf('/', at - 1)) {
    folders.push(file.slice(0, at));
    if (at === 0) break;
  }
  folders.push('');
  return folders;
}

const folderOf = (file: string) => {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
};

/** The matches of one file that it still has, their text clipped; none when it cannot be read safely. */
async function verifyFile(
  opener: SafeOpener,
  folders: SharedFolders,
  matches: readonly GrepMatch[],
  maxFileBytes: number,
) {
  const file = matches[0].path;
  const wanted = new Set(matches.map((m) => m.line));
  let lines;
  try {
    const dir = await folders.folderOf(file);
    const name = file.slice(file.lastIndexOf('/') + 1);
    // Through its folder's open: a regular file is read; a link (followed only inside the root) or a
    // folder that could not be opened: the file is located on its own, from the root, as before.
    const shared =
      dir && (await readLocated(opener, { dir, name, relative: file, created: [] }, file, wanted, maxFileBytes));
    lines = dir && shared !== 'symlink' ? shared : await readLinesSafely(opener, file, wanted, maxFileBytes);
  } finally {
    await folders.done(file);
  }
  const kept: GrepMatch[] = [];
  for (const match of matches) {
    const text = lines?.(match.line);
    if (text !== undefined && text.replace(/\r$/, '') === match.text.replace(/\r$/, ''))
      kept.push({ ...match, text: clip(text) });
  }
  return kept;
}

/** The file's lines by number (1-based); undefined when it cannot be read safely or is binary (a NUL anywhere). */
async function readLinesSafely(
  opener: SafeOpener,
  relative: string,
  wanted: ReadonlySet<number>,
  maxFileBytes: number,
): Promise<LineReader | undefined> {
  let location;
  try {
    location = await opener.locate(relative);
  } catch {
    return undefined;
  }
  try {
    const lines = await readLocated(opener, location, relative, wanted, maxFileBytes);
    return lines === 'symlink' ? undefined : lines;
  } finally {
    await location.dir.close();
  }
}

/** The lines of the file at a location; 'symlink' when the name is a link there (not followed). */
async function readLocated(
  opener: SafeOpener,
  location: Location,
  relative: string,
  wanted: ReadonlySet<number>,
  maxFileBytes: number,
): Promise<LineReader | undefined | 'symlink'> {
  // A small file (most source files) is opened, checked and read without the thread pool.
  const small = readSmallSafely(opener, location, relative, maxFileBytes);
  if (small !== 'large') return small && (small === 'symlink' ? small : linesOf(small));
  const handle = await opener.openFile(location, relative).catch(() => undefined);
  if (!handle || handle === 'symlink') return handle;
  try {
    const { size } = fstatSync(handle.fd); // a held fd: microseconds, no thread-pool round trip
    if (size > maxFileBytes) return undefined;
    if (size > WHOLE_READ_BYTES) return await streamWantedLines(handle, wanted);
    return linesOf(await readWhole(handle, size));
  } finally {
    await handle.close();
  }
}

/** The bytes of a small file read safely and synchronously; 'large' when the thread pool is needed. */
function readSmallSafely(opener: SafeOpener, location: Location, relative: string, maxFileBytes: number) {
  let fd;
  try {
    fd = opener.openFileSync(location, relative);
  } catch {
    return undefined;
  }
  if (fd === 'unavailable') return 'large';
  if (fd === undefined || fd === 'symlink') return fd;
  try {
    const { size } = fstatSync(fd);
    if (size > maxFileBytes) return undefined;
    return readSmallSync(fd, size) ?? 'large';
  } finally {
    closeSync(fd);
  }
}

function linesOf(buffer: Buffer): LineReader | undefined {
  if (buffer.includes(0)) return undefined;
  const lines = buffer.toString('utf8').split('\n');
  return (line) => lines[line - 1];
}

/**
 * A small file read whole: one read of its size and a byte more, which comes back short at the end
 * of the file (a file that grew since its fstat is read on to its end, as readFile would).
 */
async function readWhole(handle: FileHandle, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (let want = size + 1; ; want = 64 * 1024) {
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, position);
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
    if (bytesRead < want || position > WHOLE_READ_BYTES) break;
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** A large file read a chunk at a time, keeping only the wanted lines. */
async function streamWantedLines(handle: FileHandle, wanted: ReadonlySet<number>): Promise<LineReader | undefined> {
  const kept = new Map<number, string>();
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let position = 0;
  let line = 1;
  let carry: Buffer[] = [];
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    if (chunk.includes(0)) return undefined;
    position += bytesRead;
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(10, from);
      if (newline < 0) {
        if (wanted.has(line) && from < chunk.length) carry.push(Buffer.from(chunk.subarray(from)));
        break;
      }
      if (wanted.has(line)) kept.set(line, Buffer.concat([...carry, chunk.subarray(from, newline)]).toString('utf8'));
      carry = [];
      line++;
      from = newline + 1;
    }
  }
  if (wanted.has(line)) kept.set(line, Buffer.concat(carry).toString('utf8'));
  return (n) => kept.get(n);
}
