// ripgrep's stderr goes to an unnamed private file, read when rg has ended: every line comes back
// whole (a line across the 64 KB chunks, a character of several bytes at a chunk's edge, a last line
// without a line end, CRLF), nothing is left in the temporary folder, and the descriptor is closed.
// Real files, a real child process writing to the descriptor.
import { spawnSync } from 'node:child_process';
import { fstatSync, readdirSync, writeSync } from 'node:fs';
import * as os from 'node:os';
import { openStderrFile } from './ripgrepStderr';

const ours = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith(`.toolpacks-rg-${process.pid}-`));

describe('openStderrFile', () => {
  it('gives back every line a child wrote, whole, and leaves nothing behind', () => {
    const file = openStderrFile()!;
    expect(file).toBeDefined();
    expect(ours()).toEqual([]); // the name is gone at once
    expect(fstatSync(file.fd).mode & 0o777).toBe(0o600);
    // A real child writes to it as its stderr.
    const child = spawnSync('sh', ['-c', 'printf "first\\nsecond\\r\\n" >&2'], {
      stdio: ['ignore', 'ignore', file.fd],
    });
    expect(child.status).toBe(0);
    // A line of 100,000 characters, each of two bytes ('é'), crosses the 64 KB chunks at odd offsets.
    const long = `x${'é'.repeat(100_000)}`;
    writeSync(file.fd, `${long}\n`);
    writeSync(file.fd, 'DEBUG|ignore::walk|w.rs:1: ignoring ./big é.bin: 300 bytes\nlast without end');
    const lines: string[] = [];
    file.readLines((line) => lines.push(line));
    expect(lines).toEqual([
      'first',
      'second',
      long,
      'DEBUG|ignore::walk|w.rs:1: ignoring ./big é.bin: 300 bytes',
      'last without end',
    ]);
    expect(() => fstatSync(file.fd)).toThrow(/EBADF/); // closed after reading
    file.close(); // idempotent
    file.readLines(() => {
      throw new Error('a closed file is not read again');
    });
  });

  it('an empty file gives no lines; a file closed unread is closed once', () => {
    const empty = openStderrFile()!;
    const lines: string[] = [];
    empty.readLines((line) => lines.push(line));
    expect(lines).toEqual([]);
    const unread = openStderrFile()!;
    unread.close();
    unread.close();
    expect(() => fstatSync(unread.fd)).toThrow(/EBADF/);
    expect(ours()).toEqual([]);
  });
});
