// Search over the workspace: ripgrep when `rg` is on PATH, else the built-in scanner in a worker
// thread. Both see the files git lists (searchIgnoreContext.ts, gitIgnoreRules.ts), return
// matches in the same order (depth-first, names sorted), skip binary and over-limit files and say
// so, and so return identical results. Finding files always walks in the worker: the glob and the
// ignore rules are the user's input, and a deadline or cancellation terminates the worker.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import type { CancellationToken } from '@toolpacks/base';
import {
  WorkspaceError,
  type FileSearchResult,
  type GrepQuery,
  type GrepResult,
  type SearchService,
  type SkippedLargeFiles,
} from '@toolpacks/services';
import {
  compileGlobForModel,
  compileQuery,
  MAX_MATCH_LINE_CHARS,
  MAX_SEARCH_FILE_BYTES,
  WHOLE_READ_BYTES,
} from './searchLimits';
import { cachedIgnoreContext, loadIgnoreContext, mainThreadRules } from './searchIgnoreContext';
import { grepWithRipgrep } from './ripgrepSearch';
import { SafeOpener } from './safeOpen';
import { runScanner } from './searchScanner';

export { MAX_SEARCH_FILE_BYTES, MAX_MATCH_LINE_CHARS, clip, compareMatches } from './searchLimits';

export interface NodeSearchOptions {
  /** Path of the rg binary, or false to always use the built-in scanner (default: `rg` if on PATH). */
  readonly ripgrep?: string | false;
  /** A search stops after this long (default 20 s). */
  readonly timeoutMs?: number;
  /** Private writable memory each rg may take (default 2 GiB: DEFAULT_MEMORY_LIMITS.ripgrep). */
  readonly memoryLimitBytes?: number;
  /** Files larger than this are not searched, and counted (default MAX_SEARCH_FILE_BYTES, 256 MB). */
  readonly maxFileBytes?: number;
}

export class NodeSearchService implements SearchService {
  /** The rg to run: asked for, found on PATH at the first search (null: not looked for yet), or none. */
  private ripgrepFound: string | undefined | null;
  private readonly memoryLimitBytes: number | undefined;
  private readonly timeoutMs: number;
  private readonly opener: SafeOpener;
  private readonly realRoot: string;
  private readonly maxFileBytes: number;

  constructor(
    readonly root: string,
    options: NodeSearchOptions = {},
  ) {
    // Probing PATH costs a process start (~20 ms): done at the first search, not by every host start.
    this.ripgrepFound = options.ripgrep === false ? undefined : (options.ripgrep ?? null);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.memoryLimitBytes = options.memoryLimitBytes;
    this.maxFileBytes = options.maxFileBytes ?? MAX_SEARCH_FILE_BYTES;
    this.realRoot = realpathSync(root);
    this.opener = new SafeOpener(this.realRoot);
  }

  private get ripgrep(): string | undefined {
    if (this.ripgrepFound === null) this.ripgrepFound = findRipgrep();
    return this.ripgrepFound;
  }

  get engine(): 'ripgrep' | 'scanner' {
    return this.ripgrep ? 'ripgrep' : 'scanner';
  }

  async findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult> {
    compileGlobForModel(pattern); // a malformed glob is explained before any walk
    const context = await loadIgnoreContext(this.realRoot, token);
    const { files } = await runScanner(
      {
        root: this.realRoot,
        rules: context.config,
        include: pattern,
        maxResults,
        maxFileBytes: this.maxFileBytes,
        wholeReadBytes: WHOLE_READ_BYTES,
        maxLineChars: MAX_MATCH_LINE_CHARS,
      },
      this.timeoutMs,
      token,
    );
    return { files: files.slice(0, maxResults), truncated: files.length > maxResults };
  }

  async grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult> {
    const compiled = compileQuery(query);
    if (token?.isCancellationRequested) throw new WorkspaceError('The search was cancelled.');
    // Kept from an earlier search when nothing that decides it changed: at hand, no git to wait for.
    const context = cachedIgnoreContext(this.realRoot) ?? loadIgnoreContext(this.realRoot, token);
    if (this.ripgrep) {
      const result = await grepWithRipgrep({
        rg: this.ripgrep,
        root: this.realRoot,
        query,
        compiled,
        context,
        opener: this.opener,
        timeoutMs: this.timeoutMs,
        token,
        memoryLimitBytes: this.memoryLimitBytes,
        maxFileBytes: this.maxFileBytes,
      });
      if (result)
        return {
          matches: result.matches,
          truncated: result.truncated,
          engine: 'ripgrep',
          ...skipped(result.skippedLarge, this.maxFileBytes),
        };
    }
    const scan = await runScanner(
      {
        root: this.realRoot,
        rules: (await context).config,
        include: query.includePattern,
        regex: { source: compiled.source, flags: compiled.flags },
        maxResults: query.maxResults,
        maxFileBytes: this.maxFileBytes,
        wholeReadBytes: WHOLE_READ_BYTES,
        maxLineChars: MAX_MATCH_LINE_CHARS,
      },
      this.timeoutMs,
      token,
    );
    return {
      matches: scan.matches.slice(0, query.maxResults),
      truncated: scan.matches.length > query.maxResults,
      engine: 'scanner',
      ...skipped(scan.skippedLarge, this.maxFileBytes),
    };
  }

  async ignoredEntries(
    folder: string,
    entries: readonly { readonly name: string; readonly isDirectory: boolean }[],
    token?: CancellationToken,
  ): Promise<ReadonlySet<string>> {
    const rules = mainThreadRules(this.realRoot, await loadIgnoreContext(this.realRoot, token));
    const prefix = folder === '' || folder === '.' ? '' : `${folder.replace(/\/+$/, '')}/`;
    return new Set(
      entries
        .filter((entry) =>
          entry.isDirectory ? rules.isIgnoredFolder(prefix + entry.name) : rules.isHiddenFile(prefix + entry.name),
        )
        .map((entry) => entry.name),
    );
  }
}

/** Never silent: the files over the limit are counted in the result (none: no field). */
function skipped(files: readonly string[], limitBytes: number): { skippedLargeFiles?: SkippedLargeFiles } {
  return files.length === 0
    ? {}
    : { skippedLargeFiles: { count: files.length, limitBytes, examples: files.slice(0, 5) } };
}

function findRipgrep(): string | undefined {
  const probe = spawnSync('rg', ['--version'], { stdio: 'ignore' });
  return probe.status === 0 ? 'rg' : undefined;
}
