import type { Event } from '@toolpacks/base';
import type { ServiceIdentifier } from 'inversify';

/**
 * Context keys for when clauses, kept current by the host (`debugState`, `gitOpenRepositoryCount`,
 * `hasOpenEditors`, …). Resolution reads `values` per request.
 */
export interface ContextKeyService {
  readonly values: Readonly<Record<string, unknown>>;
  set(key: string, value: unknown): void;
  /** Fires with the keys whose values changed. */
  readonly onDidChange: Event<readonly string[]>;
}

export const ContextKeyService: ServiceIdentifier<ContextKeyService> = Symbol.for('toolpacks.ContextKeyService');

/** The context keys the four packs' when clauses read. */
export const ContextKeys = {
  debugState: 'debugState',
  gitOpenRepositoryCount: 'gitOpenRepositoryCount',
  hasOpenEditors: 'hasOpenEditors',
} as const;
