/**
 * Headless services over the real machine for tool packs: a confined workspace file system, ripgrep search, git, the Node inspector.
 *
 * @module @toolpacks/host-node
 */
export * from '@toolpacks/host-node';
