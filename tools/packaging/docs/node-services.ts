/**
 * The packs' services implemented on Node over the real machine: a confined workspace file system, ripgrep search, git, the Node inspector. Both hosts (headless and VS Code) use them.
 *
 * @module @toolpacks/node-services
 */
export * from '@toolpacks/node-services';
