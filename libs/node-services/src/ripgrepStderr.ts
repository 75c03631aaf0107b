// Where ripgrep writes its stderr: an unnamed temporary file, read once the process has ended.
// With --debug (how ripgrep names the files over --max-filesize) it writes its log lines to stderr
// unbuffered as it goes; through a pipe each write woke this process while ripgrep was still
// searching, and a common word's search took ~2 ms longer (rg's own time with stderr to a file or
// /dev/null is the same as without --debug). The file is created private (0600, O_EXCL, a random
// name) and its name removed at once, so only the descriptor this process and rg hold reaches it.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CHUNK_BYTES = 64 * 1024;

export interface StderrFile {
  /** Given to the child as its stderr. */
  readonly fd: number;
  /** Every line the child wrote, in order (a last line without a line end too); then the file is closed. */
  readLines(onLine: (line: string) => void): void;
  /** Closes the file without reading it (idempotent). */
  close(): void;
}

/** A private unnamed file for a child's stderr; undefined when none can be made (the caller uses a pipe). */
export function openStderrFile(): StderrFile | undefined {
  const name = path.join(os.tmpdir(), `.toolpacks-rg-${process.pid}-${randomBytes(8).toString('hex')}.stderr`);
  let fd: number;
  try {
    fd = openSync(name, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch {
    return undefined;
  }
  try {
    unlinkSync(name);
  } catch {
    closeSync(fd);
    return undefined;
  }
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    fd,
    close,
    readLines(onLine) {
      if (!open) return;
      try {
        // Sized to what was written: a few lines come from Node's shared pool, not a fresh 64 KB.
        const chunkBytes = Math.max(1, Math.min(CHUNK_BYTES, fstatSync(fd).size));
        const buffer = Buffer.allocUnsafe(chunkBytes);
        let carry: Buffer[] = []; // a line's start, cut by the chunk's end
        let position = 0;
        const emit = (parts: Buffer[]) => {
          const line = Buffer.concat(parts).toString('utf8'); // whole lines only: no character cut
          onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
        };
        for (;;) {
          const read = readSync(fd, buffer, 0, chunkBytes, position);
          if (read === 0) break;
          position += read;
          let from = 0;
          for (let end = buffer.indexOf(10, from); end >= 0 && end < read; end = buffer.indexOf(10, from)) {
            emit([...carry, buffer.subarray(from, end)]);
            carry = [];
            from = end + 1;
          }
          if (from < read) carry.push(Buffer.from(buffer.subarray(from, read)));
        }
        if (carry.length > 0) emit(carry);
      } finally {
        close();
      }
    },
  };
}
