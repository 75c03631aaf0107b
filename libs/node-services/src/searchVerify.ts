// The read side of ripgrep's results: rg is a separate process that opens files by path.
import { closeSync, fstatSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { GrepMatch } from '@toolpacks/services';
import { clip, MAX_SEARCH_FILE_BYTES, WHOLE_READ_BYTES } from './searchLimits';
import type { Location, SafeOpener } from './safeOpen';
import { readSmallSync } from './safeOpenSync';

const VERIFY_CONCURRENCY = 16;

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
      verified[index] = await verifyFile(opener, files[index], maxFileBytes);
      count();
    }
  };
  await Promise.all(Array.from({ length: Math.min(VERIFY_CONCURRENCY, files.length) }, reader));
  return verified.slice(0, counted).flat() as GrepMatch[];
}

/** The matches of one file that it still has, their text clipped; none when it cannot be read safely. */
async function verifyFile(opener: SafeOpener, matches: readonly GrepMatch[], maxFileBytes: number) {
  const lines = await readLinesSafely(opener, matches[0].path, new Set(matches.map((m) => m.line)), maxFileBytes);
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
): Promise<((line: number) => string | undefined) | undefined> {
  let location;
  try {
    location = await opener.locate(relative);
  } catch {
    return undefined;
  }
  try {
    // A small file (most source files) is opened, checked and read without the thread pool.
    const small = readSmallSafely(opener, location, relative, maxFileBytes);
    if (small !== 'large') return small && linesOf(small);
    const handle = await opener.openFile(location, relative).catch(() => undefined);
    if (!handle || handle === 'symlink') return undefined;
    try {
      const { size } = fstatSync(handle.fd); // a held fd: microseconds, no thread-pool round trip
      if (size > maxFileBytes) return undefined;
      if (size > WHOLE_READ_BYTES) return await streamWantedLines(handle, wanted);
      return linesOf(await readWhole(handle, size));
    } finally {
      await handle.close();
    }
  } finally {
    await location.dir.close();
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
  if (fd === undefined || fd === 'symlink') return undefined;
  try {
    const { size } = fstatSync(fd);
    if (size > maxFileBytes) return undefined;
    return readSmallSync(fd, size) ?? 'large';
  } finally {
    closeSync(fd);
  }
}

function linesOf(buffer: Buffer): ((line: number) => string | undefined) | undefined {
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
async function streamWantedLines(
  handle: FileHandle,
  wanted: ReadonlySet<number>,
): Promise<((line: number) => string | undefined) | undefined> {
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
