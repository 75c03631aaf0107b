/**
 * The Tool Packs registry runtime: tool definitions, packs, per-request resolution and invocation.
 * Pack authors import `@toolpacks/registry` (definitions, packs, results); hosts import
 * `@toolpacks/registry/host`, which adds the registry, resolution and invocation. Documented here
 * as one module: the host entry holds every name of the author entry.
 *
 * @module @toolpacks/registry
 */
export * from '@toolpacks/registry/host';
