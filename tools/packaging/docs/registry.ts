/**
 * The Tool Packs registry runtime: tool definitions, packs, per-request resolution and invocation.
 *
 * @module @toolpacks/registry
 */
export * from '@toolpacks/registry';
