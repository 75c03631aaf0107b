import type { ServiceIdentifier } from 'inversify';

/**
 * The repository of the workspace. Implementations run git with argument arrays, never a shell,
 * and refuse revisions or paths that could be read as options.
 */
export interface GitService {
  isRepository(): Promise<boolean>;
  status(): Promise<string>;
  diff(options: { readonly staged?: boolean; readonly revision?: string; readonly path?: string }): Promise<string>;
  log(options: { readonly count: number; readonly path?: string }): Promise<string>;
  show(revision: string, options?: { readonly path?: string }): Promise<string>;
  blame(path: string, range?: { readonly startLine: number; readonly endLine: number }): Promise<string>;
  /** Commits what is staged, or every tracked change with `all`; returns git's summary. */
  commit(message: string, options?: { readonly all?: boolean }): Promise<string>;
}

export const GitService: ServiceIdentifier<GitService> = Symbol.for('toolpacks.GitService');
