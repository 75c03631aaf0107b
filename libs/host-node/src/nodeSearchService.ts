// Search over the workspace: ripgrep when `rg` is on PATH, else a built-in scanner in a worker
// thread. Both return matches in the same order (depth-first, names sorted: the scanner walks that
// way, ripgrep's parallel output is sorted into it), skip the same folders, symlinks, binary and
// huge files, and so return identical results. The scanner runs in a worker so a catastrophic
// regex can be stopped at the deadline.
import { spawn, spawnSync } from 'node:child_process';
import { promises as fs, readFileSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import type { CancellationToken } from '@toolpacks/registry';
import { WorkspaceError, type FileSearchResult, type GrepMatch, type GrepQuery, type GrepResult, type SearchService } from '@toolpacks/services';
import { compileGlob, globToRegExp } from './glob';
import { SafeOpener, type OpenDirectory } from './safeOpen';
import { verifyMatches } from './searchVerify';
import { TEMP_GLOB } from './writeSteps';

export const MAX_SEARCH_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_MATCH_LINE_CHARS = 400;
// The write path's temp and backup files are never shown (they are half-written or going away).
const ALWAYS_EXCLUDED = ['.git', 'node_modules', TEMP_GLOB];
/** Above this many matches, unsorted parallel output is dropped for ripgrep's own sorted mode, which can stop early. */
const UNSORTED_MATCH_LIMIT = 20_000;

export interface NodeSearchOptions {
  /** Path of the rg binary, or false to always use the built-in scanner (default: `rg` if on PATH). */
  readonly ripgrep?: string | false;
  /** A search stops after this long (default 20 s). */
  readonly timeoutMs?: number;
}

interface CompiledQuery {
  readonly source: string;
  readonly flags: string;
  readonly include?: RegExp;
}

export class NodeSearchService implements SearchService {
  private readonly ripgrep: string | undefined;
  private readonly timeoutMs: number;
  /** Names excluded at any depth: .git, node_modules, and plain-name entries of the root .gitignore. */
  readonly excludedNames: readonly string[];
  private readonly isExcludedName: (name: string) => boolean;
  private readonly opener: SafeOpener;

  constructor(
    readonly root: string,
    options: NodeSearchOptions = {},
  ) {
    this.ripgrep = options.ripgrep === false ? undefined : (options.ripgrep ?? findRipgrep());
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.excludedNames = [...ALWAYS_EXCLUDED, ...readGitignoreNames(root)];
    const excluded = this.excludedNames.map((name) => globToRegExp(name));
    this.isExcludedName = (name) => excluded.some((regex) => regex.test(name));
    this.opener = new SafeOpener(realpathSync(root));
  }

  get engine(): 'ripgrep' | 'scanner' {
    return this.ripgrep ? 'ripgrep' : 'scanner';
  }

  async findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult> {
    const matches = compileGlobForModel(pattern);
    const files: string[] = [];
    // Through directory fds, links not followed: a folder swapped for a link mid-walk lists nothing outside.
    const walk = async (dir: OpenDirectory, prefix: string): Promise<boolean> => {
      const entries = (await fs.readdir(dir.at(''), { withFileTypes: true })).sort((a, b) => compareNames(a.name, b.name));
      for (const entry of entries) {
        if (token?.isCancellationRequested) return false;
        if (this.isExcludedName(entry.name) || entry.isSymbolicLink()) continue;
        const relative = prefix + entry.name;
        if (entry.isDirectory()) {
          const child = await this.opener.openChild(dir, entry.name);
          if (!child) continue;
          try {
            if (!(await walk(child, `${relative}/`))) return false;
          } finally {
            await child.close();
          }
        } else if (entry.isFile() && matches(relative)) {
          files.push(relative);
          if (files.length > maxResults) return false;
        }
      }
      return true;
    };
    const root = await this.opener.openRoot();
    await walk(root, '').finally(() => root.close());
    return { files: files.slice(0, maxResults), truncated: files.length > maxResults };
  }

  async grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult> {
    const compiled = compileQuery(query);
    if (this.ripgrep) {
      let result = await this.grepWithRipgrep(this.ripgrep, query, compiled, token, 'parallel');
      if (result === 'too-many') result = await this.grepWithRipgrep(this.ripgrep, query, compiled, token, 'sorted');
      if (result && result !== 'too-many') return result;
    }
    return this.grepWithScanner(query, compiled, token);
  }

  /**
   * `parallel`: ripgrep on every core, every match collected and sorted here ('too-many' past the
   * limit); `sorted`: ripgrep walks in order on one thread and stops at maxResults + 1. Undefined
   * when rg cannot handle the pattern (look-around, backreferences): the scanner takes over.
   */
  private grepWithRipgrep(rg: string, query: GrepQuery, compiled: CompiledQuery, token: CancellationToken | undefined, mode: 'parallel' | 'sorted'): Promise<GrepResult | 'too-many' | undefined> {
    const args = [...(mode === 'sorted' ? ['--sort', 'path'] : []), '--no-config', '--no-heading', '--line-number', '--with-filename', '--null', '--no-ignore', '--hidden', '--no-messages', '--color', 'never'];
    args.push('--max-filesize', `${MAX_SEARCH_FILE_BYTES / 1024 / 1024}M`);
    args.push(query.caseSensitive ? '--case-sensitive' : '--ignore-case');
    if (!query.isRegexp) args.push('--fixed-strings');
    // Later globs win in ripgrep: the include first, so the exclusions always hold.
    if (query.includePattern) args.push('--glob', query.includePattern);
    for (const name of this.excludedNames) args.push('--glob', `!${name}`);
    args.push('-e', query.pattern, '--', '.');

    return new Promise((resolve, reject) => {
      const child = spawn(rg, args, { cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'] });
      const matches: GrepMatch[] = [];
      let stderr = '';
      let stopped: 'enough' | 'too-many' | 'timeout' | 'cancelled' | undefined;
      const stop = (why: typeof stopped) => {
        stopped ??= why;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => stop('timeout'), this.timeoutMs);
      const cancellation = token?.onCancellationRequested(() => stop('cancelled'));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
      lines.on('line', (line) => {
        if (stopped) return;
        const nul = line.indexOf('\0');
        const colon = line.indexOf(':', nul);
        if (nul < 0 || colon < 0) return;
        const file = line.slice(0, nul).replace(/^\.\//, '');
        if (compiled.include && !compiled.include.test(file)) return;
        matches.push({ path: file, line: Number(line.slice(nul + 1, colon)), text: line.slice(colon + 1) });
        if (mode === 'sorted' && matches.length > query.maxResults) stop('enough');
        else if (mode === 'parallel' && matches.length > UNSORTED_MATCH_LIMIT) stop('too-many');
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        cancellation?.dispose();
        reject(new Error(`ripgrep could not run: ${error.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        cancellation?.dispose();
        lines.close();
        if (stopped === 'timeout') return reject(timeoutError(this.timeoutMs));
        if (stopped === 'cancelled') return reject(new WorkspaceError('The search was cancelled.'));
        if (stopped === 'too-many') return resolve('too-many');
        if (code === 2 && !stopped && /regex parse error|error parsing|look-around|backreferences/i.test(stderr)) return resolve(undefined);
        if (code !== 0 && code !== 1 && !stopped) return reject(new Error(`ripgrep failed (exit ${code}): ${stderr.trim().slice(0, 500)}`));
        if (mode === 'parallel') matches.sort(compareMatches);
        verifyMatches(this.opener, matches).then(
          (verified) => resolve({ matches: verified.slice(0, query.maxResults), truncated: verified.length > query.maxResults, engine: 'ripgrep' }),
          reject,
        );
      });
    });
  }

  private grepWithScanner(query: GrepQuery, compiled: CompiledQuery, token?: CancellationToken): Promise<GrepResult> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(SCANNER_SOURCE, {
        eval: true,
        workerData: {
          root: this.root,
          source: compiled.source,
          flags: compiled.flags,
          include: compiled.include?.source,
          excluded: this.excludedNames.map((name) => globToRegExp(name).source),
          maxFileBytes: MAX_SEARCH_FILE_BYTES,
          maxResults: query.maxResults,
          maxLineChars: MAX_MATCH_LINE_CHARS,
        },
      });
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        cancellation?.dispose();
        void worker.terminate();
        action();
      };
      const timer = setTimeout(() => finish(() => reject(timeoutError(this.timeoutMs))), this.timeoutMs);
      const cancellation = token?.onCancellationRequested(() => finish(() => reject(new WorkspaceError('The search was cancelled.'))));
      worker.on('message', (matches: GrepMatch[]) =>
        finish(() => resolve({ matches: matches.slice(0, query.maxResults), truncated: matches.length > query.maxResults, engine: 'scanner' })),
      );
      worker.on('error', (error) => finish(() => reject(error)));
      worker.on('exit', (code) => finish(() => reject(new Error(`The search worker stopped unexpectedly (exit ${code}).`))));
    });
  }
}

// Runs in a worker thread (plain JS, so it needs no transpiler in any host). The walk order and
// every skip rule mirror the ripgrep invocation above.
const SCANNER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { root, source, flags, include, excluded, maxFileBytes, maxResults, maxLineChars } = workerData;
const regex = new RegExp(source, flags);
const includeRegex = include ? new RegExp(include) : undefined;
const excludedRegexes = excluded.map((s) => new RegExp(s));
const matches = [];
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
function readSafely(dir, name) {
  let fd;
  try { fd = fs.openSync(at(dir, name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK); } catch { return; }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > maxFileBytes || !inside(fd)) return;
    return fs.readFileSync(fd);
  } catch { return; } finally { fs.closeSync(fd); }
}
function scanFile(dir, name, relative) {
  const buffer = readSafely(dir, name);
  if (!buffer || buffer.length > maxFileBytes || buffer.includes(0)) return;
  const lines = buffer.toString('utf8').split('\\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line.endsWith('\\r')) line = line.slice(0, -1);
    if (regex.test(line)) {
      matches.push({ path: relative, line: i + 1, text: line.length > maxLineChars ? line.slice(0, maxLineChars) + '…' : line });
      if (matches.length > maxResults) return true;
    }
  }
}
function openDir(parent, name) {
  let fd;
  try { fd = fs.openSync(parent ? at(parent, name) : root, C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK); } catch { return; }
  try { if (inside(fd)) return { fd, path: parent ? path.join(parent.path, name) : root }; } catch {}
  fs.closeSync(fd);
}
function walk(dir, prefix) {
  let entries;
  try { entries = fs.readdirSync(at(dir, ''), { withFileTypes: true }); } catch { return; }
  entries.sort((a, b) => compare(a.name, b.name));
  for (const entry of entries) {
    if (entry.isSymbolicLink() || excludedRegexes.some((r) => r.test(entry.name))) continue;
    const relative = prefix + entry.name;
    if (entry.isDirectory()) {
      const child = openDir(dir, entry.name);
      if (!child) continue;
      try { if (walk(child, relative + '/')) return true; } finally { fs.closeSync(child.fd); }
    }
    else if (entry.isFile() && (!includeRegex || includeRegex.test(relative))) { if (scanFile(dir, entry.name, relative)) return true; }
  }
}
const top = openDir(undefined, '');
if (top) { try { walk(top, ''); } finally { fs.closeSync(top.fd); } }
parentPort.postMessage(matches);
`;

function compileQuery(query: GrepQuery): CompiledQuery {
  if (typeof query.pattern !== 'string' || query.pattern === '') throw new WorkspaceError('The search query is empty.');
  if (!Number.isInteger(query.maxResults) || query.maxResults < 1) throw new WorkspaceError('maxResults must be a positive whole number.');
  const caseFlag = query.caseSensitive ? '' : 'i';
  const source = query.isRegexp ? query.pattern : query.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let flags = `u${caseFlag}`;
  try {
    new RegExp(source, flags);
  } catch (unicodeError) {
    try {
      new RegExp(source, caseFlag);
      flags = caseFlag;
    } catch {
      throw new WorkspaceError(`Invalid regular expression /${query.pattern}/: ${(unicodeError as Error).message.replace(/^Invalid regular expression: /, '')}. Fix the pattern, or set isRegexp to false to search for the text literally.`);
    }
  }
  let include: RegExp | undefined;
  if (query.includePattern) {
    try {
      include = globToRegExp(query.includePattern);
    } catch (error) {
      throw new WorkspaceError(`Invalid includePattern: ${(error as Error).message}`);
    }
  }
  return { source, flags, include };
}

function compileGlobForModel(pattern: string): (relativePath: string) => boolean {
  try {
    return compileGlob(pattern);
  } catch (error) {
    throw new WorkspaceError(`Invalid glob pattern: ${(error as Error).message} Example: '**/*.ts' or 'src/**/index.*'.`);
  }
}

function readGitignoreNames(root: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  // Only plain names and name globs (`dist/`, `*.log`): they mean the same to ripgrep's --glob and
  // to the scanner. Negations and nested paths are left out rather than half-supported.
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!') && !line.includes('/') && !line.includes('\\'));
}

function findRipgrep(): string | undefined {
  const probe = spawnSync('rg', ['--version'], { stdio: 'ignore' });
  return probe.status === 0 ? 'rg' : undefined;
}

export function clip(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.length > MAX_MATCH_LINE_CHARS ? `${text.slice(0, MAX_MATCH_LINE_CHARS)}…` : text;
}

/** The order of a depth-first walk with names sorted: paths compared folder by folder, then lines. */
export function compareMatches(a: GrepMatch, b: GrepMatch): number {
  if (a.path !== b.path) {
    const x = a.path.split('/');
    const y = b.path.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return compareNames(x[i], y[i]);
    return x.length - y.length;
  }
  return a.line - b.line;
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function timeoutError(ms: number): WorkspaceError {
  return new WorkspaceError(`The search did not finish within ${ms / 1000} s and was stopped. Narrow it with includePattern, or use a simpler pattern.`);
}
