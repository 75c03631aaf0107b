import type { Event } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

/**
 * Context keys for when clauses, kept current by the host (`debugState`, `gitOpenRepositoryCount`,
 * `hasOpenEditors`, …). Resolution reads `values` per request.
 */
export interface ContextKeyService {
  /** The current values, by key. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Sets one key (firing `onDidChange` when its value changes). */
  set(key: string, value: unknown): void;
  /** Fires with the keys whose values changed. */
  readonly onDidChange: Event<readonly string[]>;
}

/** The DI token of {@link ContextKeyService}: `@inject(ContextKeyService)`. */
export const ContextKeyService: ServiceIdentifier<ContextKeyService> = Symbol.for('toolpacks.ContextKeyService');

/** The context keys the four packs' when clauses read. */
export const ContextKeys = {
  /** The {@link DebugState}: `inactive`, `running` or `stopped`. */
  debugState: 'debugState',
  /** How many git repositories the host has open (the headless host: 1 when the root is in one, else 0). */
  gitOpenRepositoryCount: 'gitOpenRepositoryCount',
  /** Whether the host has open editors (and binds {@link OpenEditorsService}). */
  hasOpenEditors: 'hasOpenEditors',
} as const;

/**
 * What a false condition on each of {@link ContextKeys} means, in words a model can act on: hosts
 * give these to the registry (`contextKeyHints`), which adds them to the reason a tool is not sent.
 */
export const CONTEXT_KEY_HINTS: Readonly<Record<string, string>> = {
  [ContextKeys.gitOpenRepositoryCount]:
    'the workspace folder is not in a git repository that git may use (`git init` makes it one; a repository owned by another user needs `safe.directory`: ask the user, never create a second repository inside it)',
  [ContextKeys.debugState]:
    'the debugger is not in the state this tool needs (start_debugging runs a program; a breakpoint or an exception stops it)',
  [ContextKeys.hasOpenEditors]: 'no editor is open',
};
