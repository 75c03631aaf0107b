import type { CancellationToken } from '@toolpacks/registry';
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
}

export interface FileSearchResult {
  readonly files: readonly string[];
  readonly truncated: boolean;
}

/** Text and file search over the workspace, skipping .git, node_modules, binary and huge files. */
export interface SearchService {
  findFiles(pattern: string, maxResults: number, token?: CancellationToken): Promise<FileSearchResult>;
  grep(query: GrepQuery, token?: CancellationToken): Promise<GrepResult>;
}

export const SearchService: ServiceIdentifier<SearchService> = Symbol.for('toolpacks.SearchService');
