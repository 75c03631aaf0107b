import type { CancellationToken } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

export interface GrepQuery {
  readonly pattern: string;
  readonly isRegexp: boolean;
  readonly caseSensitive: boolean;
  /** A glob over workspace-relative paths, e.g. `src/**\/*.ts`. */
  readonly includePattern?: string;
  readonly maxResults: number;
}

export interface GrepMatch {
  /** Workspace-relative, forward slashes. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly text: string;
}

export interface GrepResult {
  readonly matches: readonly GrepMatch[];
  /** True when more matches exist than maxResults. */
  readonly truncated: boolean;
  readonly engine: 'ripgrep' | 'scanner';
  /** Files the search would have read but did not, because they are over the size limit. */
  readonly skippedLargeFiles?: SkippedLargeFiles;
}

export interface SkippedLargeFiles {
  readonly count: number;
  readonly limitBytes: number;
  /** The first few, workspace-relative. */
  readonly examples: readonly string[];
}

export interface FileSearchResult {
  readonly files: readonly string[];
  readonly truncated: boolean;
}

/**
 * Text and file search over the workspace: the files git lists (`git ls-files --cached --others
 * --exclude-standard`: .gitignore rules apply, tracked files are never hidden); binary files and
 * files over the size limit are not searched, and the result says how many were skipped.
 */
export interface SearchService {
  findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult>;
  grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult>;
  /** Which of these entries of a folder (workspace-relative, '' for the root) search hides by git's rules; absent: none known. */
  ignoredEntries?(folder: string, entries: readonly { readonly name: string; readonly isDirectory: boolean }[], token?: CancellationToken): Promise<ReadonlySet<string>>;
}

export const SearchService: ServiceIdentifier<SearchService> = Symbol.for('toolpacks.SearchService');
