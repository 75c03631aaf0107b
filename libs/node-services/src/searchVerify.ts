// The read side of ripgrep's results: rg is a separate process that opens files by path.
import type { GrepMatch } from '@toolpacks/services';
import { clip, MAX_SEARCH_FILE_BYTES } from './searchLimits';
import type { SafeOpener } from './safeOpen';

const VERIFY_CONCURRENCY = 16;

/**
 * ripgrep reads files by path, so a folder swapped for a link during its walk can make it read a
 * file outside the root. Every matched file is read again through the safe opener (confined,
 * regular files only) and a match is kept only when that file has the same line: the text shown
 * always comes from inside the root. Binary files (a NUL anywhere) are dropped as before.
 */
export async function verifyMatches(opener: SafeOpener, matches: GrepMatch[]): Promise<GrepMatch[]> {
  // Files are read a few at a time (each read is several syscalls on libuv's pool): one by one,
  // 4,000 matched files took 10 s.
  const files = [...new Set(matches.map((match) => match.path))];
  const lines = new Map<string, string[] | undefined>();
  let next = 0;
  const reader = async () => {
    while (next < files.length) {
      const file = files[next++];
      lines.set(file, await readLinesSafely(opener, file));
    }
  };
  await Promise.all(Array.from({ length: Math.min(VERIFY_CONCURRENCY, files.length) }, reader));
  const verified: GrepMatch[] = [];
  for (const match of matches) {
    const text = lines.get(match.path)?.[match.line - 1];
    if (text !== undefined && text.replace(/\r$/, '') === match.text.replace(/\r$/, ''))
      verified.push({ ...match, text: clip(text) });
  }
  return verified;
}

async function readLinesSafely(opener: SafeOpener, relative: string): Promise<string[] | undefined> {
  let location;
  try {
    location = await opener.locate(relative);
  } catch {
    return undefined;
  }
  try {
    const handle = await opener.openFile(location, relative).catch(() => undefined);
    if (!handle || handle === 'symlink') return undefined;
    try {
      const { size } = await handle.stat();
      if (size > MAX_SEARCH_FILE_BYTES) return undefined;
      const buffer = await handle.readFile();
      if (buffer.includes(0)) return undefined;
      return buffer.toString('utf8').split('\n');
    } finally {
      await handle.close();
    }
  } finally {
    await location.dir.close();
  }
}
