import type { CancellationToken } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

/** A text search of {@link SearchService.grep}. */
export interface GrepQuery {
  /** The text, or a regular expression when `isRegexp`. */
  readonly pattern: string;
  /** Whether `pattern` is a regular expression. */
  readonly isRegexp: boolean;
  /** Whether case must match. */
  readonly caseSensitive: boolean;
  /** A glob over workspace-relative paths, e.g. `src/**\/*.ts`. */
  readonly includePattern?: string;
  /** At most this many matches are returned; `truncated` says when there were more. */
  readonly maxResults: number;
}

/** One matching line. */
export interface GrepMatch {
  /** Workspace-relative, forward slashes. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** The line's text. */
  readonly text: string;
}

/** What {@link SearchService.grep} found. */
export interface GrepResult {
  /** The matches, at most `maxResults`. */
  readonly matches: readonly GrepMatch[];
  /** True when more matches exist than maxResults. */
  readonly truncated: boolean;
  /** What searched: ripgrep, or the built-in scanner where ripgrep is not available. */
  readonly engine: 'ripgrep' | 'scanner';
  /** Files the search would have read but did not, because they are over the size limit. */
  readonly skippedLargeFiles?: SkippedLargeFiles;
}

/** Files a search skipped for their size. */
export interface SkippedLargeFiles {
  /** How many. */
  readonly count: number;
  /** The size limit, in bytes. */
  readonly limitBytes: number;
  /** The first few, workspace-relative. */
  readonly examples: readonly string[];
}

/** What {@link SearchService.findFiles} found. */
export interface FileSearchResult {
  /** Workspace-relative paths, forward slashes. */
  readonly files: readonly string[];
  /** True when more files match than `maxResults`. */
  readonly truncated: boolean;
}

/**
 * Text and file search over the workspace: the files git lists (`git ls-files --cached --others
 * --exclude-standard`: .gitignore rules apply, tracked files are never hidden); binary files and
 * files over the size limit are not searched, and the result says how many were skipped.
 */
export interface SearchService {
  /** Files whose workspace-relative path matches the glob `pattern`, at most `maxResults`. */
  findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult>;
  /** Lines of the searched files that match `query`. */
  grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult>;
  /** Which of these entries of a folder (workspace-relative, '' for the root) search hides by git's rules; absent: none known. */
  ignoredEntries?(
    folder: string,
    entries: readonly { readonly name: string; readonly isDirectory: boolean }[],
    token?: CancellationToken,
  ): Promise<ReadonlySet<string>>;
}

/** The DI token of {@link SearchService}: `@inject(SearchService)`. */
export const SearchService: ServiceIdentifier<SearchService> = Symbol.for('toolpacks.SearchService');
