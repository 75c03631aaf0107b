// The built-in walker, in a worker thread: it lists files or searches them (grep when
// ripgrep is absent or cannot run the pattern). Every piece of matching user input (globs, ignore
// rules, the regex) runs here, so a deadline or a cancellation terminates it and the main thread
// never waits on it. The worker's source is plain JS text plus the self-contained glob and ignore
// functions, so it needs no transpiler in any host.
import type { CancellationToken } from '@toolpacks/base';
import { WorkspaceError, type GrepMatch } from '@toolpacks/services';
import { createIgnoreRules, type IgnoreConfig } from './gitIgnoreRules';
import { createTempProof } from './writePathNames';
import { createGlobMatcher, literalFolderPrefix } from './glob';

export interface ScanRequest {
  readonly root: string;
  readonly rules: IgnoreConfig;
  /** Glob over relative paths: the files listed (find) or searched (grep). */
  readonly include?: string;
  /** Only for grep: the regex to run on each line. */
  readonly regex?: { readonly source: string; readonly flags: string };
  readonly maxResults: number;
  readonly maxFileBytes: number;
  /** Files up to this size are read whole; larger ones (up to maxFileBytes) are streamed. */
  readonly wholeReadBytes?: number;
  readonly maxLineChars: number;
}

export interface ScanResult {
  readonly files: string[];
  readonly matches: GrepMatch[];
  /** Files the include selects but that are over maxFileBytes: not searched. */
  readonly skippedLarge: string[];
}

export function runScanner(
  request: ScanRequest,
  timeoutMs: number,
  token: CancellationToken | undefined,
): Promise<ScanResult> {
  if (token?.isCancellationRequested) return Promise.reject(new WorkspaceError('The search was cancelled.'));
  return new Promise((resolve, reject) => {
    // Required here: loading node:worker_threads costs ~2 ms of every start, and most never scan.
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    const worker = new Worker(SCANNER_SOURCE, { eval: true, workerData: request });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cancellation?.dispose();
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => finish(() => reject(searchTimeoutError(timeoutMs))), timeoutMs);
    const cancellation = token?.onCancellationRequested(() =>
      finish(() => reject(new WorkspaceError('The search was cancelled.'))),
    );
    worker.on('message', (result: ScanResult) => finish(() => resolve(result)));
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The search worker stopped unexpectedly (exit ${code}).`))),
    );
  });
}

export function searchTimeoutError(ms: number): WorkspaceError {
  return new WorkspaceError(
    `The search did not finish within ${ms / 1000} s and was stopped; nothing was found in that time. Narrow it with includePattern or a more specific glob, or use a simpler pattern.`,
  );
}

const SCANNER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { root, rules: rulesConfig, include, regex: regexSpec, maxResults, maxFileBytes, maxLineChars } = workerData;
const wholeReadBytes = workerData.wholeReadBytes || maxFileBytes;
const createGlobMatcher = ${createGlobMatcher.toString()};
const createIgnoreRules = ${createIgnoreRules.toString()};
const createTempProof = ${createTempProof.toString()};
const hmac = (keyHex, text) => require('node:crypto').createHmac('sha256', Buffer.from(keyHex, 'hex')).update(text).digest('hex');
const tempProof = rulesConfig.tempKey ? createTempProof(hmac, rulesConfig.tempKey) : undefined;
const regex = regexSpec ? new RegExp(regexSpec.source, regexSpec.flags) : undefined;
const includes = include ? createGlobMatcher(include) : () => true;
// Folders outside the include's leading plain folder names cannot hold a match: not walked.
const literalFolderPrefix = ${literalFolderPrefix.toString()};
const includeFolders = include ? literalFolderPrefix(include) : [];
const files = [];
const matches = [];
const skippedLarge = [];
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
// Every open goes through the parent folder's fd (/proc/self/fd/N/name on Linux) without following
// links and without blocking, and must be a regular file (or folder) inside the root.
const C = fs.constants;
const useProc = process.platform === 'linux' && fs.existsSync('/proc/self/fd');
const at = (dir, name) => (useProc ? '/proc/self/fd/' + dir.fd + (name ? '/' + name : '') : path.join(dir.path, name));
const inside = (fd) => {
  if (!useProc) return true;
  const real = fs.readlinkSync('/proc/self/fd/' + fd);
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
};
function readSafely(dir, name, limit, onTooLarge) {
  let fd;
  try { fd = fs.openSync(at(dir, name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK); } catch { return; }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || !inside(fd)) return;
    if (stat.size > limit) { if (onTooLarge) onTooLarge(); return; }
    const buffer = fs.readFileSync(fd);
    if (buffer.length > limit) { if (onTooLarge) onTooLarge(); return; }
    return buffer;
  } catch { return; } finally { fs.closeSync(fd); }
}
const openFolders = new Map();
const rules = createIgnoreRules(createGlobMatcher, rulesConfig, (folder) => {
  const dir = openFolders.get(folder);
  const buffer = dir && dir.hasGitignore && readSafely(dir, '.gitignore', 1024 * 1024);
  return buffer ? buffer.toString('utf8') : undefined;
}, (name) => tempProof !== undefined && tempProof.parse(name) !== undefined);
function scanFile(dir, name, relative) {
  let fd;
  try { fd = fs.openSync(at(dir, name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK); } catch { return; }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || !inside(fd)) return;
    if (stat.size > maxFileBytes) { skippedLarge.push(relative); return; }
    if (stat.size > wholeReadBytes) return scanLarge(fd, relative);
    const buffer = fs.readFileSync(fd);
    if (buffer.length > maxFileBytes) { skippedLarge.push(relative); return; }
    if (buffer.includes(0)) return;
    const lines = buffer.toString('utf8').split('\\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    for (let i = 0; i < lines.length; i++) {
      if (testLine(lines[i], relative, i + 1, matches)) return true;
    }
  } catch { return; } finally { fs.closeSync(fd); }
}
// True when the walk has enough matches. A large file's matches wait in 'into' until it is read to the end.
function testLine(line, relative, number, into) {
  if (line.endsWith('\\r')) line = line.slice(0, -1);
  if (!regex.test(line)) return false;
  const match = { path: relative, line: number, text: line.length > maxLineChars ? line.slice(0, maxLineChars) + '…' : line };
  if (into === matches) { matches.push(match); return matches.length > maxResults; }
  if (matches.length + into.length <= maxResults) into.push(match);
  return false;
}
// A file over wholeReadBytes, read a chunk at a time (memory stays about one chunk and one line);
// its matches count only when no NUL byte is anywhere in it, as for a file read whole.
function scanLarge(fd, relative) {
  const found = [];
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let position = 0;
  let number = 1;
  let carry = [];
  for (;;) {
    const n = fs.readSync(fd, buffer, 0, buffer.length, position);
    if (n === 0) break;
    const chunk = buffer.subarray(0, n);
    if (chunk.includes(0)) return;
    position += n;
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(10, from);
      if (newline < 0) { if (from < chunk.length) carry.push(Buffer.from(chunk.subarray(from))); break; }
      const bytes = carry.length ? Buffer.concat([...carry, chunk.subarray(from, newline)]) : chunk.subarray(from, newline);
      carry = [];
      testLine(bytes.toString('utf8'), relative, number++, found);
      from = newline + 1;
    }
  }
  if (carry.length) testLine(Buffer.concat(carry).toString('utf8'), relative, number, found);
  for (const match of found) matches.push(match);
  return matches.length > maxResults;
}
function openDir(parent, name) {
  let fd;
  try { fd = fs.openSync(parent ? at(parent, name) : root, C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK); } catch { return; }
  try { if (inside(fd)) return { fd, path: parent ? path.join(parent.path, name) : root }; } catch {}
  fs.closeSync(fd);
}
// Returns true to stop the walk (enough results).
function walk(dir, prefix, insideIgnored, depth) {
  let entries;
  try { entries = fs.readdirSync(at(dir, ''), { withFileTypes: true }); } catch { return; }
  entries.sort((a, b) => compare(a.name, b.name));
  // Most folders have no .gitignore: looked up in the listing, not with an open() each.
  dir.hasGitignore = entries.some((entry) => entry.name === '.gitignore');
  openFolders.set(prefix.slice(0, -1), dir);
  for (const entry of entries) {
    const relative = prefix + entry.name;
    const verdict = rules.verdict(relative, entry.isDirectory(), insideIgnored);
    if (verdict === 'hide') continue;
    if (entry.isDirectory()) {
      if (depth < includeFolders.length && entry.name !== includeFolders[depth]) continue;
      const child = openDir(dir, entry.name);
      if (!child) continue;
      try { if (walk(child, relative + '/', verdict === 'tracked-only', depth + 1)) return true; } finally { openFolders.delete(relative); fs.closeSync(child.fd); }
    } else if (!includes(relative)) continue;
    else if (!regex) {
      // Listing follows git: a symbolic link is an entry of its own (never followed).
      if (entry.isFile() || entry.isSymbolicLink()) { files.push(relative); if (files.length > maxResults) return true; }
    } else if (entry.isFile() && scanFile(dir, entry.name, relative)) return true;
  }
}
const top = openDir(undefined, '');
if (top) { try { walk(top, '', false, 0); } finally { fs.closeSync(top.fd); } }
parentPort.postMessage({ files, matches, skippedLarge });
`;
