/**
 * Serves a Tool Packs registry over the Model Context Protocol (stdio and Streamable HTTP), one resolution state per MCP session.
 *
 * @module @toolpacks/mcp-server
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- documentation only: the API reference re-exports every public package, whatever its layer.
export * from '@toolpacks/mcp-server';
