/**
 * Serves a Tool Packs registry over the Model Context Protocol (stdio and Streamable HTTP) in both protocol eras: 2025-11-25 sessions and stateless 2026-07-28.
 *
 * @module @toolpacks/mcp-server
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- documentation only: the API reference re-exports every public package, whatever its layer.
export * from '@toolpacks/mcp-server';
