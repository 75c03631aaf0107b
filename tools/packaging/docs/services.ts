/**
 * Service interfaces (and their DI tokens) that packs need and hosts implement: workspace files, search, git, debug, editors, context keys.
 *
 * @module @toolpacks/services
 */
export * from '@toolpacks/services';
