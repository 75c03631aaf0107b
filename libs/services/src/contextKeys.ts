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
